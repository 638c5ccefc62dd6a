import type {
  AddressField,
  Combinator,
  ConditionSource,
  Operator,
  QuestionTypeName,
  QuestionWidth,
  RuleMode,
  ShuffleMode,
} from './vocabulary';

/**
 * The definition model as plain TypeScript types, for code that must not load Zod (the
 * embed). `@forms-engine/schema` checks at compile time that its Zod output types are
 * assignable to these, so the two cannot drift.
 */

export type ConditionScalar = string | number | boolean;

export interface Condition {
  source: ConditionSource;
  questionCode?: string | undefined;
  /** The hidden field a HIDDEN_FIELD condition reads. */
  key?: string | undefined;
  subField?: string | undefined;
  operator: Operator;
  value?: ConditionScalar | readonly ConditionScalar[] | undefined;
}

export interface Rule {
  combinator: Combinator;
  conditions: readonly Condition[];
}

export interface RuleConfig {
  mode: RuleMode;
  rule?: Rule | undefined;
}

export interface TextConfig {
  placeholder?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
}
export interface NumberConfig {
  placeholder?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  unit?: string | undefined;
}
export interface ContactConfig {
  placeholder?: string | undefined;
}
export interface DateConfig {
  min?: string | undefined;
  max?: string | undefined;
}
export interface Choice {
  value: string;
  label: string;
}
/** What the three choice types share: "Other (please specify)" and the order shown. */
export interface ChoiceListOptions {
  /** Offer "Other (please specify)": the answer may then be `{ other: "typed text" }`. Absent: no. */
  allowOther?: boolean | undefined;
  /** The Other option's label; absent: the embed's own word in the respondent's language. */
  otherLabel?: string | undefined;
  /** Absent: NONE. */
  shuffle?: ShuffleMode | undefined;
}
export interface ChoiceConfig extends ChoiceListOptions {
  choices: readonly Choice[];
  placeholder?: string | undefined;
}
export interface MultiChoiceConfig extends ChoiceListOptions {
  choices: readonly Choice[];
  minSelected?: number | undefined;
  maxSelected?: number | undefined;
}
export interface YesNoConfig {
  yesLabel?: string | undefined;
  noLabel?: string | undefined;
}
export interface RatingConfig {
  min: number;
  max: number;
  step: number;
  minLabel?: string | undefined;
  maxLabel?: string | undefined;
}
export interface FileUploadConfig {
  acceptedContentTypes?: readonly string[] | undefined;
  maxFiles: number;
}
export interface AddressConfig {
  allowedCountries?: readonly string[] | undefined;
  suggestions: boolean;
}
export interface ConsentConfig {
  label?: string | undefined;
}
export interface StatementConfig {
  body?: string | undefined;
}
export interface MatrixConfig {
  rows: readonly Choice[];
  columns: readonly Choice[];
  /** Several columns per row (checkboxes) instead of one (radio buttons). */
  multiple: boolean;
  /** The order of the rows. */
  shuffle: ShuffleMode;
}
export interface RankingConfig {
  choices: readonly Choice[];
  /** Rank only the top N; absent: every choice. */
  rankCount?: number | undefined;
  shuffle: ShuffleMode;
}
export interface NpsConfig {
  minLabel?: string | undefined;
  maxLabel?: string | undefined;
}
export interface DateTimeConfig {
  /** `YYYY-MM-DDTHH:mm±hh:mm`, compared as instants. */
  min?: string | undefined;
  max?: string | undefined;
}
export interface TimeConfig {
  /** `HH:mm`. */
  min?: string | undefined;
  max?: string | undefined;
  /** Minutes between allowed times, counted from `min` (or 00:00). */
  stepMinutes?: number | undefined;
}

/** The `typeConfig` of each question type. */
export interface TypeConfigs {
  SHORT_TEXT: TextConfig;
  LONG_TEXT: TextConfig;
  NUMBER: NumberConfig;
  EMAIL: ContactConfig;
  PHONE: ContactConfig;
  URL: ContactConfig;
  DATE: DateConfig;
  SINGLE_CHOICE: ChoiceConfig;
  MULTI_CHOICE: MultiChoiceConfig;
  DROPDOWN: ChoiceConfig;
  YES_NO: YesNoConfig;
  RATING: RatingConfig;
  FILE_UPLOAD: FileUploadConfig;
  ADDRESS: AddressConfig;
  CONSENT: ConsentConfig;
  STATEMENT: StatementConfig;
  MATRIX: MatrixConfig;
  RANKING: RankingConfig;
  NPS: NpsConfig;
  DATE_TIME: DateTimeConfig;
  TIME: TimeConfig;
}

export interface QuestionOf<T extends QuestionTypeName> {
  id: string;
  code: string;
  sectionTitle: string;
  prompt: string;
  type: T;
  width: QuestionWidth;
  typeConfig: TypeConfigs[T];
  visibility: RuleConfig;
  requirement: RuleConfig;
}

/** One member per question type, discriminated by `type`. */
export type Question = { [T in QuestionTypeName]: QuestionOf<T> }[QuestionTypeName];

export interface Tab {
  id: string;
  title: string;
  visibility: RuleConfig;
  requirement: RuleConfig;
  questions: readonly Question[];
}

export interface Step {
  id: string;
  title: string;
  visibility: RuleConfig;
  requirement: RuleConfig;
  tabs: readonly Tab[];
  questions: readonly Question[];
}

/** A value the host page passes in (e.g. `utm_source`), stored with the response, never shown. */
export interface HiddenField {
  key: string;
  /** The builder's name for it (CSV headers); absent: the key. */
  label?: string | undefined;
}

/** A closing screen: the first whose visibility holds for the answers and hidden fields is shown. */
export interface Ending {
  id: string;
  title: string;
  body: string;
  /** Where to send the respondent afterwards (recall tokens URL-encoded); the host page must allow it. */
  redirectUrl?: string | undefined;
  visibility: RuleConfig;
}

export interface Definition {
  schemaVersion: number;
  /** The language of the texts written in the definition itself (BCP 47, canonical); absent means `en`. */
  defaultLanguage?: string | undefined;
  /** Language -> element id -> that element's texts in the language; missing strings fall back. */
  translations?: Translations | undefined;
  /** Offer respondents a language switcher when there is more than one language. */
  languageSwitcher?: boolean | undefined;
  hiddenFields?: readonly HiddenField[] | undefined;
  endings?: readonly Ending[] | undefined;
  steps: readonly Step[];
  tabs: readonly Tab[];
  questions: readonly Question[];
}

/** The translated texts of one step, tab or question: only the texts it has. */
export interface ElementTexts {
  title?: string | undefined;
  /** Endings. */
  body?: string | undefined;
  prompt?: string | undefined;
  sectionTitle?: string | undefined;
  /** A type's text settings (`placeholder`, `label`, ...), and `choices` as choice value -> label. */
  typeConfig?: Readonly<Record<string, string | Readonly<Record<string, string>>>> | undefined;
}

export type Translations = Readonly<Record<string, Readonly<Record<string, ElementTexts>>>>;

/** Answers keyed by question code, as the public API stores them. */
export type Answers = Readonly<Record<string, unknown>>;

export type Address = { [F in Exclude<AddressField, 'line2'>]: string } & { line2?: string | undefined };

export interface FileReference {
  fileId: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** "Other (please specify)" chosen, with what the respondent typed. */
export interface OtherAnswer {
  other: string;
}

/** The answer each question type produces (STATEMENT produces none). */
export interface AnswerOf {
  SHORT_TEXT: string;
  LONG_TEXT: string;
  NUMBER: number;
  EMAIL: string;
  PHONE: string;
  URL: string;
  DATE: string;
  SINGLE_CHOICE: string | OtherAnswer;
  /** Choice values, and at most one Other item. */
  MULTI_CHOICE: (string | OtherAnswer)[];
  DROPDOWN: string | OtherAnswer;
  YES_NO: boolean;
  RATING: number;
  FILE_UPLOAD: FileReference[];
  ADDRESS: Address;
  CONSENT: boolean;
  STATEMENT: never;
  /** Row value -> column value, or -> column values with `multiple`. */
  MATRIX: Record<string, string | string[]>;
  /** Choice values, rank 1 first. */
  RANKING: string[];
  /** 0 to 10. */
  NPS: number;
  /** `YYYY-MM-DDTHH:mm±hh:mm`: the respondent's wall-clock time and its offset. */
  DATE_TIME: string;
  /** `HH:mm`. */
  TIME: string;
}
