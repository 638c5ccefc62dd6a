import type { SqlQuery } from '@forms-engine/db';
import type { SummaryFilter } from '@forms-engine/schema';
import { responseWhere } from './response-where.ts';

/**
 * The summary's endings and hidden fields (issue 23), each one grouped statement over the filtered
 * responses, run beside the answer scans. Apart from `response-summary-sql.ts`, whose scan is a
 * single-row aggregate over answers: these group by columns of the row itself.
 */

/** Completed responses by the ending they recorded (null: none recorded). */
export async function endingCounts(sql: SqlQuery, questionnaireId: string, filter: SummaryFilter) {
  const { sql: where, params } = responseWhere(questionnaireId, filter);
  return sql.query<{ ending_id: string | null; count: number }>(
    `SELECT r.ending_id, count(*)::int AS count FROM response r
     WHERE ${where} AND r.status = 'COMPLETED' GROUP BY r.ending_id`,
    params.values,
  );
}

/**
 * For each key: the filtered responses holding a non-blank value (`answered`) and the `limit` most
 * frequent values, most frequent first, ties by value (byte order, the same on every server).
 */
export async function hiddenValueCounts(
  sql: SqlQuery,
  questionnaireId: string,
  filter: SummaryFilter,
  keys: string[],
  limit = 10,
) {
  if (keys.length === 0) return new Map<string, { answered: number; values: { value: string; count: number }[] }>();
  const { sql: where, params } = responseWhere(questionnaireId, filter);
  const keysParam = params.add(keys);
  const rows = await sql.query<{ key: string; value: string; count: number; answered: number }>(
    `SELECT t.key, t.value, t.count, t.answered FROM (
       SELECT g.key, g.value, g.count, sum(g.count) OVER (PARTITION BY g.key)::int AS answered,
              row_number() OVER (PARTITION BY g.key ORDER BY g.count DESC, g.value COLLATE "C") AS rank
       FROM (SELECT h.key, h.value, count(*)::int AS count
             FROM response r CROSS JOIN LATERAL jsonb_each_text(r.hidden) AS h(key, value)
             WHERE ${where} AND h.key = ANY (${keysParam}::text[]) AND btrim(h.value) <> ''
             GROUP BY h.key, h.value) g
     ) t WHERE t.rank <= ${Number(limit)} ORDER BY t.key, t.rank`,
    params.values,
  );
  const byKey = new Map<string, { answered: number; values: { value: string; count: number }[] }>();
  for (const row of rows) {
    const entry = byKey.get(row.key) ?? { answered: row.answered, values: [] };
    entry.values.push({ value: row.value, count: row.count });
    byKey.set(row.key, entry);
  }
  return byKey;
}
