/**
 * The words of the definition model, as plain `as const` arrays. The Zod schemas of
 * `@forms-engine/schema` are built from these, so the rule engine, the renderer and the
 * server's validation can never disagree about which values exist.
 */

export const RULE_MODES = ['ALWAYS', 'NEVER', 'CONDITIONAL'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

export const COMBINATORS = ['ALL', 'ANY'] as const;
export type Combinator = (typeof COMBINATORS)[number];

export const CONDITION_SOURCES = ['ANSWER', 'EXTERNAL_REF', 'HIDDEN_FIELD'] as const;
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

/** The operators a hidden field's condition may use: its value is always text. */
export const HIDDEN_FIELD_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'IN',
  'NOT_IN',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const satisfies readonly Operator[];

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
  'MATRIX',
  'RANKING',
  'NPS',
  'DATE_TIME',
  'TIME',
] as const;
export type QuestionTypeName = (typeof QUESTION_TYPE_NAMES)[number];

export const QUESTION_WIDTHS = ['FULL', 'HALF', 'THIRD', 'TWO_THIRDS'] as const;
export type QuestionWidth = (typeof QUESTION_WIDTHS)[number];

/** The parts of an ADDRESS answer, in the order a form shows them. */
export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The types whose answer is one or more of the question's own choices. */
export const CHOICE_TYPES = [
  'SINGLE_CHOICE',
  'MULTI_CHOICE',
  'DROPDOWN',
] as const satisfies readonly QuestionTypeName[];
export type ChoiceTypeName = (typeof CHOICE_TYPES)[number];

/**
 * How a list is ordered for each respondent: as written, all shuffled, or all but the last
 * shuffled (so "None of these" stays last). The order is fixed per respondent (`shuffledOrder`).
 */
export const SHUFFLE_MODES = ['NONE', 'ALL', 'ALL_BUT_LAST'] as const;
export type ShuffleMode = (typeof SHUFFLE_MODES)[number];

/** The `subField` a condition names to read the text of "Other (please specify)". */
export const OTHER_SUBFIELD = 'other';

/** `typeConfig` lists whose labels translations carry as value -> label. */
export const LABELLED_LISTS = ['choices', 'rows', 'columns'] as const;
export type LabelledList = (typeof LABELLED_LISTS)[number];

export const isChoiceType = (type: string): type is ChoiceTypeName =>
  (CHOICE_TYPES as readonly string[]).includes(type);
export const isUnaryOperator = (operator: string): boolean => (UNARY_OPERATORS as readonly string[]).includes(operator);
export const isListOperator = (operator: string): boolean => (LIST_OPERATORS as readonly string[]).includes(operator);

/**
 * The texts a respondent reads inside each type's `typeConfig`, which translations may carry;
 * `choices`, `rows` and `columns` stand for every item's label (by value). A new type adds its entry here.
 */
export const TYPE_CONFIG_TEXTS = {
  SHORT_TEXT: ['placeholder'],
  LONG_TEXT: ['placeholder'],
  NUMBER: ['placeholder', 'unit'],
  EMAIL: ['placeholder'],
  PHONE: ['placeholder'],
  URL: ['placeholder'],
  DATE: [],
  SINGLE_CHOICE: ['placeholder', 'otherLabel', 'choices'],
  MULTI_CHOICE: ['otherLabel', 'choices'],
  DROPDOWN: ['placeholder', 'otherLabel', 'choices'],
  YES_NO: ['yesLabel', 'noLabel'],
  RATING: ['minLabel', 'maxLabel'],
  FILE_UPLOAD: [],
  ADDRESS: [],
  CONSENT: ['label'],
  STATEMENT: ['body'],
  MATRIX: ['rows', 'columns'],
  RANKING: ['choices'],
  NPS: ['minLabel', 'maxLabel'],
  DATE_TIME: [],
  TIME: [],
} as const satisfies Record<QuestionTypeName, readonly string[]>;

/** At most this many languages in one definition, the default included. */
export const MAX_LANGUAGES = 30;

/** The language a definition without `defaultLanguage` is written in. */
export const DEFAULT_LANGUAGE = 'en';

/** At most this many hidden fields in one definition. */
export const MAX_HIDDEN_FIELDS = 50;

/** At most this many endings in one definition. */
export const MAX_ENDINGS = 20;

/** A hidden field's value is text of at most this many characters. */
export const HIDDEN_VALUE_MAX_LENGTH = 1000;
