/**
 * The words of the definition model, as plain `as const` arrays. The Zod schemas of
 * `@forms-engine/schema` are built from these, so the rule engine, the renderer and the
 * server's validation can never disagree about which values exist.
 */

export const RULE_MODES = ['ALWAYS', 'NEVER', 'CONDITIONAL'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

export const COMBINATORS = ['ALL', 'ANY'] as const;
export type Combinator = (typeof COMBINATORS)[number];

export const CONDITION_SOURCES = ['ANSWER', 'EXTERNAL_REF'] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

export const OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'IN',
  'NOT_IN',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators that take no value. */
export const UNARY_OPERATORS = ['IS_EMPTY', 'IS_NOT_EMPTY'] as const satisfies readonly Operator[];
/** Operators whose value is a list. */
export const LIST_OPERATORS = ['IN', 'NOT_IN'] as const satisfies readonly Operator[];

export const QUESTION_TYPE_NAMES = [
  'SHORT_TEXT',
  'LONG_TEXT',
  'NUMBER',
  'EMAIL',
  'PHONE',
  'URL',
  'DATE',
  'SINGLE_CHOICE',
  'MULTI_CHOICE',
  'DROPDOWN',
  'YES_NO',
  'RATING',
  'FILE_UPLOAD',
  'ADDRESS',
  'CONSENT',
  'STATEMENT',
] as const;
export type QuestionTypeName = (typeof QUESTION_TYPE_NAMES)[number];

export const QUESTION_WIDTHS = ['FULL', 'HALF', 'THIRD', 'TWO_THIRDS'] as const;
export type QuestionWidth = (typeof QUESTION_WIDTHS)[number];

/** The parts of an ADDRESS answer, in the order a form shows them. */
export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
