import type { PrismaClient, SqlQuery } from '@forms-engine/db';
import type { SummaryFilter } from '@forms-engine/schema';
import { countedWhere, responseWhere, SqlParams } from './response-where.ts';

/**
 * The summary's statements: Postgres aggregates the answers (jsonb operators, FILTER clauses,
 * percentile_cont), so no response is ever loaded into Node. Each statement reads the filtered
 * responses once. Codes and values are always parameters, never spliced into the SQL text.
 */

/** Sort memory of the summary's scan (see `SummaryScan.run`). */
export const SORT_MEMORY = '32MB';

const SECONDS_TO_COMPLETE = `CASE WHEN r.status = 'COMPLETED' THEN extract(epoch FROM r.completed_at - r.created_at)::float8 END`;

/**
 * The answers decompressed once per response. Postgres compresses answers over about 2 KB (long
 * texts), and every `->` on the stored value would decompress all of it again: `|| '{}'` hands on
 * the decompressed value (and costs nothing on small answers). Three times faster on such answers.
 */
const DETOASTED_ANSWERS = `r.answers || '{}'::jsonb`;

/**
 * The one scan behind the counts, the time to complete, the steps and every question's numbers: a
 * single-row statement with one aggregate per column, over levels so that each costly step happens
 * once per response: level 0 reads the row (answers decompressed), level 1 reads each answer out of
 * the jsonb (`y.v0`…), level 2 turns it into what the aggregates need (a flag, a text, a number:
 * `x.d0`…), level 3 aggregates those plain values. (`OFFSET 0` keeps Postgres from inlining a level into the next one, which would
 * evaluate the jsonb operators once per aggregate: ten times slower at 100k responses.)
 */
export class SummaryScan {
  private readonly params = new SqlParams();
  private readonly where: string;
  private readonly level1 = ['r.status', 'r.last_step_id', 'r.seconds'];
  private readonly level2 = ['y.status', 'y.last_step_id', 'y.seconds'];
  private readonly columns: string[] = [];
  private readonly answers = new Map<string, string>();

  /** `prefix` names this scan's result columns, so the rows of scans run side by side can be merged. */
  constructor(
    questionnaireId: string,
    filter: SummaryFilter,
    private readonly prefix = 'a',
  ) {
    this.where = responseWhere(questionnaireId, filter, { params: this.params }).sql;
  }

  /** The answer under `code` as jsonb (NULL when absent), for `derive`. */
  answer(code: string): string {
    return this.read(code, '->');
  }

  /**
   * The answer under `code` as text (`->>`: a string as it is, anything else as JSON text), for
   * `derive`. Half the cost of `->` then `#>>` for the answers that are strings.
   */
  answerText(code: string): string {
    return this.read(code, '->>');
  }

  private read(code: string, operator: '->' | '->>'): string {
    const key = `${operator}${code}`;
    let column = this.answers.get(key);
    if (!column) {
      const name = `v${this.answers.size}`;
      this.level1.push(`r.answers ${operator} ${this.params.add(code)}::text AS ${name}`);
      column = `y.${name}`;
      this.answers.set(key, column);
    }
    return column;
  }

  /** A value computed once per response from answers (`y.v…`); returns its column for `add`. */
  derive(expression: string): string {
    const column = `d${this.level2.length}`;
    this.level2.push(`${expression} AS ${column}`);
    return `x.${column}`;
  }

  param(value: unknown): string {
    return this.params.add(value);
  }

  /** The work per response: the values derived and the aggregates. */
  get size(): number {
    return this.level2.length + this.columns.length;
  }

  /** Adds an aggregate (over `x.status`, `x.last_step_id`, `x.seconds` and derived values); returns its column. */
  add(expression: string): string {
    const column = `${this.prefix}${this.columns.length}`;
    this.columns.push(`${expression} AS ${column}`);
    return column;
  }

  /**
   * Runs in a transaction of its own with more sort memory: each median or percentile sorts its
   * values, and at 1M responses those sorts outgrow Postgres' default 4 MB and spill to disk
   * (twice as slow). 32 MB holds a million values per sort; `SET LOCAL` ends with the transaction.
   */
  async run(prisma: PrismaClient): Promise<Record<string, unknown>> {
    if (this.columns.length === 0) return {}; // a second scan with no question dealt to it
    const [, rows] = await prisma.$transaction([
      prisma.$executeRawUnsafe(`SET LOCAL work_mem = '${SORT_MEMORY}'`),
      prisma.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT ${this.columns.join(',\n')}
       FROM (SELECT ${this.level2.join(', ')}
             FROM (SELECT ${this.level1.join(', ')}
                   FROM (SELECT r.status, r.last_step_id, ${SECONDS_TO_COMPLETE} AS seconds, ${DETOASTED_ANSWERS} AS answers
                         FROM response r WHERE ${this.where} OFFSET 0) r OFFSET 0) y OFFSET 0) x`,
        ...this.params.values,
      ),
    ]);
    return rows[0] ?? {};
  }
}

/**
 * Whether an answer read as text (`answerText`) counts as given: not absent or null, not blank,
 * not `[]` or `{}`. For the questions whose answers are strings (text, choices, dates).
 */
export function nonEmptyText(answer: string): string {
  return `btrim(${answer}) NOT IN ('', '[]', '{}')`;
}

/**
 * Whether a jsonb answer counts as given: not absent or null, not a blank string, not `[]`,
 * and an object (an address) only with some non-empty part. `false` and `0` are answers.
 */
export function nonEmpty(answer: string): string {
  return `CASE jsonb_typeof(${answer})
    WHEN 'string' THEN btrim(${answer} #>> '{}') <> ''
    WHEN 'array' THEN jsonb_array_length(${answer}) > 0
    WHEN 'object' THEN jsonb_path_exists(${answer}, '$.* ? (@.type() == "string" && @ != "")')
    WHEN 'null' THEN false
    ELSE ${answer} IS NOT NULL END`;
}

/**
 * The text typed for "Other (please specify)" in a jsonb answer: `{ "other": "…" }`, or such an item
 * in a list (lax `$[*]` reads a lone object as a list of one); NULL when there is none.
 */
export function otherText(answer: string): string {
  return `(jsonb_path_query_first(${answer}, 'lax $[*].other ? (@.type() == "string")') #>> '{}')`;
}

/** The width of `dateTimeOrderKey`'s key (the instant in minutes, shifted positive, zero-padded). */
export const ORDER_KEY_LENGTH = 11;

/**
 * A DATE_TIME answer (`YYYY-MM-DDTHH:mm±hh:mm`, read as text) behind a key that orders by instant,
 * so `min`/`max` of it give the saved string of the earliest and latest moment: the minutes since
 * 1970 in UTC (the wall clock less its offset), plus 10^10 to stay positive from year 1, zero-padded.
 * Computed without a cast to timestamptz, which would fail the whole summary on a malformed answer
 * (the server checks answers for shape only): the pattern admits months 01-12 and years from 0001;
 * `make_date` takes the month's first day, so a day past the month's end only runs on.
 * NULL for any other string.
 */
export function dateTimeOrderKey(answer: string): string {
  const part = (from: number, length: number) => `substr(${answer}, ${from}, ${length})::int`;
  const days = `(make_date(${part(1, 4)}, ${part(6, 2)}, 1) - date '1970-01-01' + ${part(9, 2)} - 1)`;
  const offset = `(CASE substr(${answer}, 17, 1) WHEN '-' THEN -1 ELSE 1 END) * (${part(18, 2)} * 60 + ${part(21, 2)})`;
  const minutes = `(${days}::bigint * 1440 + ${part(12, 2)} * 60 + ${part(15, 2)} - ${offset})`;
  return `CASE WHEN ${answer} ~ '^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'
      AND left(${answer}, 4) <> '0000'
    THEN lpad((${minutes} + 10000000000)::text, ${ORDER_KEY_LENGTH}, '0') || ${answer} COLLATE "C" END`;
}

/** What `latestAnswers` reads of an answer: a string answer, or the text typed for Other. */
const SAMPLED = {
  text: (answer: string) => `CASE WHEN jsonb_typeof(${answer}) = 'string' THEN ${answer} #>> '{}' END`,
  other: otherText,
} as const;

/**
 * The 5 most recently updated non-blank texts under each code, newest first: string answers
 * (`text`) or what was typed for Other (`other`).
 */
export async function latestAnswers(
  sql: SqlQuery,
  questionnaireId: string,
  filter: SummaryFilter,
  codes: string[],
  read: keyof typeof SAMPLED = 'text',
  limit = 5,
) {
  if (codes.length === 0) return new Map<string, string[]>();
  const { sql: where, params } = responseWhere(questionnaireId, filter);
  const codesParam = params.add(codes);
  const value = SAMPLED[read]('r.answers -> c.code');
  const rows = await sql.query<{ code: string; samples: string[] }>(
    `SELECT c.code, s.samples FROM unnest(${codesParam}::text[]) AS c(code)
     CROSS JOIN LATERAL (
       SELECT coalesce(jsonb_agg(x.value ORDER BY x.updated_at DESC, x.id DESC), '[]'::jsonb) AS samples
       FROM (SELECT ${value} AS value, r.updated_at, r.id FROM response r
             WHERE ${where} AND btrim(${value}) <> ''
             ORDER BY r.updated_at DESC, r.id DESC LIMIT ${Number(limit)}) x
     ) s`,
    params.values,
  );
  return new Map(rows.map((row) => [row.code, row.samples]));
}

/** The 10 most frequent countries of the address answers under each code. */
export async function topCountries(
  sql: SqlQuery,
  questionnaireId: string,
  filter: SummaryFilter,
  codes: string[],
  limit = 10,
) {
  if (codes.length === 0) return new Map<string, { value: string; count: number }[]>();
  const { sql: where, params } = responseWhere(questionnaireId, filter);
  const codesParam = params.add(codes);
  const rows = await sql.query<{ code: string; countries: { value: string; count: number }[] }>(
    `SELECT c.code, t.countries FROM unnest(${codesParam}::text[]) AS c(code)
     CROSS JOIN LATERAL (
       SELECT coalesce(jsonb_agg(jsonb_build_object('value', g.value, 'count', g.count) ORDER BY g.count DESC, g.value),
                       '[]'::jsonb) AS countries
       FROM (SELECT a.value, count(*)::int AS count
             FROM (SELECT r.answers -> c.code ->> 'country' AS value FROM response r WHERE ${where} OFFSET 0) a
             WHERE btrim(a.value) <> ''
             GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${Number(limit)}) g
     ) t`,
    params.values,
  );
  return new Map(rows.map((row) => [row.code, row.countries]));
}

/**
 * Responses and completed ones by recorded language, within the filter but its language (the
 * summary shows every language beside the one it is filtered to). From the kept counts when the
 * rest of the filter is one they keep (a sum of a few rows at any size), else over the rows.
 */
export async function languageCounts(sql: SqlQuery, questionnaireId: string, filter: SummaryFilter) {
  const { language: _language, ...others } = filter;
  const params = new SqlParams();
  const days = countedWhere(questionnaireId, others, params, 'd');
  const from =
    days === undefined
      ? `SELECT r.language, r.status, 1 AS n FROM response r WHERE ${responseWhere(questionnaireId, others, { params }).sql}`
      : `SELECT d.language, d.status, d.n FROM response_count_by_day d WHERE ${days}
         UNION ALL SELECT c.language, c.status, c.n FROM response_count_change c
         WHERE ${countedWhere(questionnaireId, others, params, 'c')}`;
  return sql.query<{ language: string; responses: number; completed: number }>(
    `SELECT x.language, sum(x.n)::int AS responses, coalesce(sum(x.n) FILTER (WHERE x.status = 'COMPLETED'), 0)::int AS completed
     FROM (${from}) x GROUP BY x.language HAVING sum(x.n) <> 0 ORDER BY x.language`,
    params.values,
  );
}
