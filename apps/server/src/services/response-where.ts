import type { SummaryFilter } from '@forms-engine/schema';

/**
 * The one translation of a responses filter into SQL, shared by browse and the CSV export
 * (export-sql.ts) and the summary (response-summary-sql.ts). A new filter (ending, hidden
 * field) is one more entry in `CONDITIONS`; TypeScript refuses a filter key of the
 * schema that has none. Values are always parameters, never spliced into the SQL text.
 */

/** A parameter list that hands out `$n` placeholders, in the order they are added. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Every filter the API takes (browse's, and the summary's createdAt window). */
export type ResponsesFilter = SummaryFilter;

interface Condition {
  column: string;
  /** `@>`: jsonb containment, which the GIN index on `hidden` answers (migration 20261127000000). */
  operator: '=' | '>=' | '<' | '@>';
  /** The parameter's SQL type: the statement is planned the same whatever the value. */
  cast: string;
  /** The parameter from the filter's value, when it is not the value itself. */
  param?: (value: never) => unknown;
  /**
   * Whether the response counts (migrations 20261126000000_response_counts, 20261126100000_response_language)
   * are kept by this column,
   * so that browse's total and a deep page filtered by it never walk the rows (export-sql.ts).
   */
  counted: boolean;
}

const CONDITIONS: { [Key in keyof Required<ResponsesFilter>]: Condition } = {
  status: { column: 'status', operator: '=', cast: '"ResponseStatus"', counted: true },
  versionNumber: { column: 'version_number', operator: '=', cast: 'int', counted: true },
  externalRef: { column: 'external_ref', operator: '=', cast: 'text', counted: false },
  // Canonical already (the schema's LanguageFilter), and recorded canonical: an exact match.
  language: { column: 'language', operator: '=', cast: 'text', counted: true },
  // Hidden fields and endings are not counted: filtered by them, browse counts the matching rows.
  endingId: { column: 'ending_id', operator: '=', cast: 'text', counted: false },
  hidden: {
    column: 'hidden',
    operator: '@>',
    cast: 'jsonb',
    counted: false,
    // Every key at once, `hidden @> '{"utm_source":"newsletter"}'`: one parameter whatever the keys.
    param: (hidden: Record<string, string>) => JSON.stringify(hidden),
  },
  from: { column: 'created_at', operator: '>=', cast: 'timestamptz', counted: false },
  to: { column: 'created_at', operator: '<', cast: 'timestamptz', counted: false },
};

/** Whether a filter value restricts anything (an empty hidden filter matches every response). */
const isSet = (value: unknown) =>
  value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** The filter's keys that are set, in `CONDITIONS` order. */
const setKeys = (filter: ResponsesFilter) =>
  (Object.keys(CONDITIONS) as (keyof ResponsesFilter)[]).filter((key) => isSet(filter[key]));

/** A position in the responses' order (createdAt DESC, id DESC): the keyset cursor. */
export interface Keyset {
  /** ISO 8601, as the statements return it. */
  createdAt: string;
  id: string;
}

export interface ResponseWhere {
  /** The conditions on the response rows (`<alias>.questionnaire_id = $1 AND …`). */
  sql: string;
  /** The parameters, the conditions' first; add the statement's own after them. */
  params: SqlParams;
  /**
   * Which conditions the text holds (`status,versionNumber,before`): the same shape gives the same
   * text, so it can name a prepared statement.
   */
  shape: string;
}

/**
 * The WHERE conditions of the questionnaire's responses that match `filter` (rows aliased
 * `alias`), and, with `before`, only those after that keyset cursor in the responses' order.
 */
export function responseWhere(
  questionnaireId: string,
  filter: ResponsesFilter,
  options: { params?: SqlParams; alias?: string; before?: Keyset } = {},
): ResponseWhere {
  const { params = new SqlParams(), alias = 'r', before } = options;
  const keys = setKeys(filter);
  const parts = [`${alias}.questionnaire_id = ${params.add(questionnaireId)}::uuid`];
  for (const key of keys) {
    const { column, operator, cast, param } = CONDITIONS[key];
    const value = param ? param(filter[key] as never) : filter[key];
    parts.push(`${alias}.${column} ${operator} ${params.add(value)}::${cast}`);
  }
  if (before) {
    parts.push(
      `(${alias}.created_at, ${alias}.id) < (${params.add(before.createdAt)}::timestamptz, ${params.add(before.id)}::uuid)`,
    );
  }
  return { sql: parts.join(' AND '), params, shape: [...keys, ...(before ? ['before'] : [])].join(',') };
}

/**
 * The same conditions on the rows of the response counts (which have the columns of the counted
 * filters, aliased `alias`, their values added to `params`), or undefined when the filter uses a
 * column the counts do not keep.
 */
export function countedWhere(
  questionnaireId: string,
  filter: ResponsesFilter,
  params: SqlParams,
  alias: string,
): string | undefined {
  if (setKeys(filter).some((key) => !CONDITIONS[key].counted)) return undefined;
  return responseWhere(questionnaireId, filter, { params, alias }).sql;
}
