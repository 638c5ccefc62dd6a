import type { SqlQuery } from '@forms-engine/db';
import type { SummaryFilter } from '@forms-engine/schema';

/**
 * The summary's statements: Postgres aggregates the answers (jsonb operators, FILTER clauses,
 * percentile_cont), so no response is ever loaded into Node. Each statement reads the filtered
 * responses once. Codes and values are always parameters, never spliced into the SQL text.
 */

/** A parameter list that hands out `$n` placeholders; the filter's come first. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The WHERE clause of the filtered responses (alias `r`), its values added to `params`. */
export function responseWhere(params: Params, questionnaireId: string, filter: SummaryFilter): string {
  const parts = [`r.questionnaire_id = ${params.add(questionnaireId)}::uuid`];
  if (filter.status) parts.push(`r.status = ${params.add(filter.status)}::"ResponseStatus"`);
  if (filter.versionNumber !== undefined) parts.push(`r.version_number = ${params.add(filter.versionNumber)}::int`);
  if (filter.externalRef !== undefined) parts.push(`r.external_ref = ${params.add(filter.externalRef)}`);
  if (filter.from !== undefined) parts.push(`r.created_at >= ${params.add(filter.from)}::timestamptz`);
  if (filter.to !== undefined) parts.push(`r.created_at < ${params.add(filter.to)}::timestamptz`);
  return parts.join(' AND ');
}

export interface CountsRow {
  responses: number;
  completed: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

const SECONDS_TO_COMPLETE = 'extract(epoch FROM r.completed_at - r.created_at)::float8';

/** Counts and the continuous percentiles of the time to complete, in one pass. */
export async function countsAndTimes(sql: SqlQuery, questionnaireId: string, filter: SummaryFilter) {
  const params = new Params();
  const where = responseWhere(params, questionnaireId, filter);
  const completed = `r.status = 'COMPLETED' AND r.completed_at IS NOT NULL`;
  const rows = await sql.query<CountsRow>(
    `SELECT count(*)::int AS responses,
            count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${SECONDS_TO_COMPLETE}) FILTER (WHERE ${completed}) AS median_seconds,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY ${SECONDS_TO_COMPLETE}) FILTER (WHERE ${completed}) AS p90_seconds
     FROM response r WHERE ${where}`,
    params.values,
  );
  return rows[0] as CountsRow;
}

/** In-progress responses by the step of their last position (null: no position). */
export async function inProgressBySteps(sql: SqlQuery, questionnaireId: string, filter: SummaryFilter) {
  const params = new Params();
  const where = responseWhere(params, questionnaireId, filter);
  return sql.query<{ step_id: string | null; count: number }>(
    `SELECT r.last_step_id AS step_id, count(*)::int AS count FROM response r
     WHERE ${where} AND r.status = 'IN_PROGRESS' GROUP BY r.last_step_id`,
    params.values,
  );
}

/**
 * One aggregate per column of a single-row statement. The service adds the aggregates each
 * question needs, then runs them all in one scan of the filtered responses.
 */
export class AnswerAggregates {
  private readonly params = new Params();
  private readonly where: string;
  private readonly columns: string[] = [];
  private readonly codeParams = new Map<string, string>();

  constructor(questionnaireId: string, filter: SummaryFilter) {
    this.where = responseWhere(this.params, questionnaireId, filter);
  }

  /** The answer under `code` (jsonb; NULL when absent). */
  answer(code: string): string {
    let param = this.codeParams.get(code);
    if (!param) {
      param = this.params.add(code);
      this.codeParams.set(code, param);
    }
    return `(r.answers -> ${param}::text)`;
  }

  param(value: unknown): string {
    return this.params.add(value);
  }

  /** Adds an aggregate expression; returns the column it is read from. */
  add(expression: string): string {
    const column = `a${this.columns.length}`;
    this.columns.push(`${expression} AS ${column}`);
    return column;
  }

  async run(sql: SqlQuery): Promise<Record<string, unknown>> {
    if (this.columns.length === 0) return {};
    const rows = await sql.query<Record<string, unknown>>(
      `SELECT ${this.columns.join(',\n')} FROM response r WHERE ${this.where}`,
      this.params.values,
    );
    return rows[0] ?? {};
  }
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

/** The 5 most recently updated non-empty string answers under each code, newest first. */
export async function latestTextAnswers(
  sql: SqlQuery,
  questionnaireId: string,
  filter: SummaryFilter,
  codes: string[],
  limit = 5,
) {
  if (codes.length === 0) return new Map<string, string[]>();
  const params = new Params();
  const where = responseWhere(params, questionnaireId, filter);
  const codesParam = params.add(codes);
  const rows = await sql.query<{ code: string; samples: string[] }>(
    `SELECT c.code, s.samples FROM unnest(${codesParam}::text[]) AS c(code)
     CROSS JOIN LATERAL (
       SELECT coalesce(jsonb_agg(x.value ORDER BY x.updated_at DESC, x.id DESC), '[]'::jsonb) AS samples
       FROM (SELECT r.answers ->> c.code AS value, r.updated_at, r.id FROM response r
             WHERE ${where} AND jsonb_typeof(r.answers -> c.code) = 'string' AND btrim(r.answers ->> c.code) <> ''
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
  const params = new Params();
  const where = responseWhere(params, questionnaireId, filter);
  const codesParam = params.add(codes);
  const rows = await sql.query<{ code: string; countries: { value: string; count: number }[] }>(
    `SELECT c.code, t.countries FROM unnest(${codesParam}::text[]) AS c(code)
     CROSS JOIN LATERAL (
       SELECT coalesce(jsonb_agg(jsonb_build_object('value', g.value, 'count', g.count) ORDER BY g.count DESC, g.value),
                       '[]'::jsonb) AS countries
       FROM (SELECT r.answers -> c.code ->> 'country' AS value, count(*)::int AS count FROM response r
             WHERE ${where} AND jsonb_typeof(r.answers -> c.code -> 'country') = 'string'
               AND btrim(r.answers -> c.code ->> 'country') <> ''
             GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${Number(limit)}) g
     ) t`,
    params.values,
  );
  return new Map(rows.map((row) => [row.code, row.countries]));
}
