import type { SqlQuery } from '@forms-engine/db';
import { countedWhere, type Keyset, type ResponsesFilter, responseWhere, SqlParams } from './response-where.ts';

/**
 * The management side's reads of responses (`ResponseExport`s), in SQL: browse's page and total,
 * one response, and the CSV export's batches, all filtered by the one `responseWhere`. Postgres
 * formats the timestamps: no Date round trip per cell.
 */

const isoUtc = (column: string) => `to_char(r.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a response as browse, get-one and the CSV export read them (alias `r`). */
export const RESPONSE_COLUMNS = `r.id::text, r.external_ref, r.status::text, r.version_number, r.answers,
  r.last_step_id, r.last_tab_id, r.origin, r.user_agent, r.language, r.hidden, r.ending_id,
  ${isoUtc('created_at')} AS created_at, ${isoUtc('updated_at')} AS updated_at, ${isoUtc('completed_at')} AS completed_at`;

export interface ResponseRow {
  id: string;
  external_ref: string | null;
  status: 'IN_PROGRESS' | 'COMPLETED';
  version_number: number;
  answers: Record<string, unknown>;
  last_step_id: string | null;
  last_tab_id: string | null;
  origin: string | null;
  user_agent: string | null;
  language: string;
  hidden: Record<string, string>;
  ending_id: string | null;
  /** ISO 8601 in UTC with milliseconds, formatted by Postgres. */
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** One response of the questionnaire, or undefined. */
export async function responseRow(
  sql: SqlQuery,
  questionnaireId: string,
  responseId: string,
): Promise<ResponseRow | undefined> {
  const rows = await sql.query<ResponseRow>(
    `SELECT ${RESPONSE_COLUMNS} FROM response r WHERE r.id = $1::uuid AND r.questionnaire_id = $2::uuid`,
    [responseId, questionnaireId],
    'response-row',
  );
  return rows[0];
}

/**
 * One batch of the CSV export: newest first, after the keyset cursor `after`, on the
 * (questionnaire_id, created_at DESC, id DESC) index.
 */
export async function csvBatch(
  sql: SqlQuery,
  questionnaireId: string,
  filter: ResponsesFilter,
  after: ResponseRow | undefined,
  limit: number,
): Promise<ResponseRow[]> {
  const where = responseWhere(questionnaireId, filter, {
    ...(after && { before: { createdAt: after.created_at, id: after.id } satisfies Keyset }),
  });
  // Columns qualified: the output names the timestamps as text, and ORDER BY would pick those.
  return sql.query<ResponseRow>(
    `SELECT ${RESPONSE_COLUMNS} FROM response r WHERE ${where.sql}
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${where.params.add(limit)}`,
    where.params.values,
    // One prepared statement per shape of filter.
    `csv-batch:${where.shape}`,
  );
}

interface Page {
  offset: number;
  limit: number;
}

/**
 * The page's rows, joined by id after `keys` (a CTE of `id, created_at` in the responses' order)
 * found them on an index: only the rows shown are read whole. One row with a null id when the page
 * is empty, so that the total always comes back.
 */
const pageOf = (total: string) =>
  `SELECT (${total})::int AS total, ${RESPONSE_COLUMNS}
   FROM (SELECT 1) AS one LEFT JOIN (keys JOIN response r ON r.id = keys.id) ON true
   ORDER BY keys.created_at DESC, keys.id DESC`;

/**
 * The page with a filter the counts keep (none, status, version, language): no row before the page is read.
 * The total is a sum of the per-day counts (and the changes not folded yet); the page's first row
 * is found by summing days newest first to the day that holds it, then that day's minutes to its
 * minute, and walking the index from the end of that minute over at most the minute's rows. A
 * million responses: a few milliseconds at any depth, where OFFSET walked every row before the
 * page and count(*) every row (docs/performance.md). One statement, so the counts and the rows come
 * from one snapshot and agree exactly, whatever is written meanwhile.
 */
function countedPageSql(questionnaireId: string, filter: ResponsesFilter, page: Page, params: SqlParams) {
  const pending = countedWhere(questionnaireId, filter, params, 'c');
  if (pending === undefined) return undefined;
  const days = countedWhere(questionnaireId, filter, params, 'd');
  const minutes = countedWhere(questionnaireId, filter, params, 'm');
  const rows = responseWhere(questionnaireId, filter, { params, alias: 'r' });
  const offset = `${params.add(page.offset)}::bigint`;
  const limit = params.add(page.limit);
  return {
    shape: rows.shape,
    sql: `WITH pending AS (
        SELECT c.day, c.minute, c.n FROM response_count_change c WHERE ${pending}
      ), days AS (
        SELECT day, sum(n) AS n FROM (
          SELECT d.day, d.n FROM response_count_by_day d WHERE ${days}
          UNION ALL SELECT day, n FROM pending) x
        GROUP BY day
      ), day_at AS (
        SELECT day, newer FROM (SELECT day, n, sum(n) OVER (ORDER BY day DESC) - n AS newer FROM days) x
        WHERE newer <= ${offset} AND newer + n > ${offset}
        ORDER BY day DESC LIMIT 1
      ), minutes AS (
        SELECT minute, sum(n) AS n FROM (
          SELECT m.minute, m.n FROM response_count_by_minute m, day_at
          WHERE ${minutes} AND m.minute >= day_at.day * 1440::bigint AND m.minute < (day_at.day + 1) * 1440::bigint
          UNION ALL SELECT p.minute, p.n FROM pending p, day_at WHERE p.day = day_at.day) x
        GROUP BY minute
      ), minute_at AS (
        SELECT x.minute, day_at.newer + x.newer AS newer
        FROM (SELECT minute, n, sum(n) OVER (ORDER BY minute DESC) - n AS newer FROM minutes) x, day_at
        WHERE day_at.newer + x.newer <= ${offset} AND day_at.newer + x.newer + x.n > ${offset}
        ORDER BY x.minute DESC LIMIT 1
      ), keys AS (
        SELECT r.id, r.created_at FROM response r
        WHERE ${rows.sql} AND r.created_at < (SELECT to_timestamp((minute + 1) * 60) FROM minute_at)
        ORDER BY r.created_at DESC, r.id DESC
        OFFSET (SELECT (${offset} - newer)::bigint FROM minute_at) LIMIT ${limit}
      )
      ${pageOf('SELECT coalesce(sum(n), 0) FROM days')}`,
  };
}

/**
 * The page with a filter the counts do not keep (an external reference, an ending, hidden values):
 * counted and walked on the filter's index, which is fast while few responses match (those of one
 * reference, one campaign).
 */
function walkedPageSql(questionnaireId: string, filter: ResponsesFilter, page: Page, params: SqlParams) {
  const rows = responseWhere(questionnaireId, filter, { params, alias: 'r' });
  const offset = params.add(page.offset);
  const limit = params.add(page.limit);
  return {
    shape: rows.shape,
    sql: `WITH keys AS (
        SELECT r.id, r.created_at FROM response r WHERE ${rows.sql}
        ORDER BY r.created_at DESC, r.id DESC OFFSET ${offset} LIMIT ${limit}
      )
      ${pageOf(`SELECT count(*) FROM response r WHERE ${rows.sql}`)}`,
  };
}

/** A page of browse, newest first (id breaks ties), and the total of the responses that match the filter. */
export async function browsePage(
  sql: SqlQuery,
  questionnaireId: string,
  filter: ResponsesFilter,
  page: Page,
): Promise<{ rows: ResponseRow[]; total: number }> {
  const params = new SqlParams();
  const counted = countedPageSql(questionnaireId, filter, page, params);
  const statement = counted ?? walkedPageSql(questionnaireId, filter, page, params);
  const rows = await sql.query<ResponseRow & { total: number }>(
    statement.sql,
    params.values,
    `browse-page:${counted ? 'counted' : 'walked'}:${statement.shape}`,
  );
  return { rows: rows.filter((row) => row.id !== null), total: rows[0]?.total ?? 0 };
}
