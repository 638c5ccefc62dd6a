import { COUNTRY_CODE_LIST } from './countries';
import { isEmptyAnswer } from './empty';
import { isAcceptedType, isEmail, isPhone, isWebUrl } from './formats';
import type { Answers, Choice, ChoiceListOptions, Definition, Question, TypeConfigs } from './model';
import { instantOfDateTime, minutesOfTime } from './moments';
import { isIsoDate } from './operators';
import { type RuleContext, resolveRules } from './resolve';
import { ADDRESS_FIELDS, type AddressField } from './vocabulary';
import { findScreen, type Layout } from './walk';

/**
 * Answer validation per question type (spec section 1: the renderer is the enforcement
 * point). Errors are codes with their limit, never sentences: the renderer words them.
 */
export type AnswerErrorCode =
  | 'REQUIRED'
  | 'INVALID'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  | 'TOO_SMALL'
  | 'TOO_LARGE'
  | 'STEP_MISMATCH'
  | 'INVALID_EMAIL'
  | 'INVALID_URL'
  | 'INVALID_PHONE'
  | 'INVALID_DATE'
  | 'TOO_EARLY'
  | 'TOO_LATE'
  | 'UNKNOWN_CHOICE'
  | 'TOO_FEW_SELECTED'
  | 'TOO_MANY_SELECTED'
  | 'TOO_MANY_FILES'
  | 'FILE_TYPE_NOT_ACCEPTED'
  | 'ADDRESS_INCOMPLETE'
  | 'COUNTRY_NOT_ALLOWED'
  | 'INVALID_DATE_TIME'
  | 'INVALID_TIME'
  /** Required MATRIX: `rows` names the rows still unanswered. */
  | 'ROWS_UNANSWERED'
  /** RANKING: fewer ranked than it asks for; `limit` is how many it asks for. */
  | 'TOO_FEW_RANKED'
  /** "Other" chosen on a required question, with nothing typed. */
  | 'OTHER_EMPTY';

export interface AnswerError {
  code: AnswerErrorCode;
  /** The bound that was crossed (a length, a number, a date, a count), when there is one. */
  limit?: number | string;
  /** The parts of an ADDRESS that need attention. */
  fields?: readonly AddressField[];
  /** The MATRIX rows (values) that need attention. */
  rows?: readonly string[];
}

/** The ADDRESS parts that an answered (or required) address must have. */
export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = ['line1', 'city', 'country'];

const COUNTRIES = new Set(COUNTRY_CODE_LIST);
const codePoints = (value: string) => [...value].length;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Check<T extends Question['type']> = (answer: unknown, config: TypeConfigs[T]) => AnswerError | undefined;

type Bound = number | string | undefined;
/** Numbers and counts are their own bounds. */
const asWritten = <B extends Bound>(bound: B) => bound;

/**
 * The bound an answer (a length, a number, a count, a date, an instant, a time) crosses: under `min`
 * or over `max`, each bound read the way the answer is (one that does not read bounds nothing). The
 * error's limit is the bound as the question writes it.
 */
function outOfBounds<V extends number | string, B extends Bound>(
  value: V,
  min: B,
  max: B,
  [under, over]: readonly [AnswerErrorCode, AnswerErrorCode],
  read: (bound: B) => V | undefined,
): AnswerError | undefined {
  const [low, high] = [read(min), read(max)];
  if (low !== undefined && value < low) return { code: under, limit: min };
  if (high !== undefined && value > high) return { code: over, limit: max };
  return undefined;
}

const SIZE = ['TOO_SMALL', 'TOO_LARGE'] as const;
const TIMING = ['TOO_EARLY', 'TOO_LATE'] as const;

/** Off the grid of `step` counted from `base` (a rounding error of the division aside). */
function offStep(value: number, base: number, step: number | undefined): AnswerError | undefined {
  if (step === undefined) return undefined;
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9 ? undefined : { code: 'STEP_MISMATCH', limit: step };
}

const isChoice = (choices: readonly Choice[], value: unknown) => choices.some((choice) => choice.value === value);

/** Several choices: a list without repeats, each one of `choices`. */
function distinctChoices(values: unknown, choices: readonly Choice[]): AnswerError | undefined {
  if (!Array.isArray(values) || new Set(values).size !== values.length) return { code: 'INVALID' };
  return values.every((value) => isChoice(choices, value)) ? undefined : { code: 'UNKNOWN_CHOICE' };
}

const text: Check<'SHORT_TEXT' | 'LONG_TEXT'> = (answer, { minLength, maxLength }) => {
  if (typeof answer !== 'string') return { code: 'INVALID' };
  return outOfBounds(codePoints(answer), minLength, maxLength, ['TOO_SHORT', 'TOO_LONG'], asWritten);
};

const contact =
  (test: (value: string) => boolean, code: AnswerErrorCode): Check<'EMAIL' | 'PHONE' | 'URL'> =>
  (answer) => {
    if (typeof answer !== 'string') return { code: 'INVALID' };
    return test(answer.trim()) ? undefined : { code };
  };

const number: Check<'NUMBER'> = (answer, { min, max, step }) => {
  if (typeof answer !== 'number' || !Number.isFinite(answer)) return { code: 'INVALID' };
  return outOfBounds(answer, min, max, SIZE, asWritten) ?? offStep(answer, min ?? 0, step);
};

/** A date compares as written (`YYYY-MM-DD`); a bound that is no date bounds nothing. */
const date: Check<'DATE'> = (answer, { min, max }) => {
  if (!isIsoDate(answer)) return { code: 'INVALID_DATE' };
  return outOfBounds(answer, min, max, TIMING, (bound) => (isIsoDate(bound) ? bound : undefined));
};

/** `{ other: "text" }`: Other chosen (only where the question offers it). */
const isOther = (item: unknown, options: ChoiceListOptions): item is { other: string } =>
  options.allowOther === true &&
  isPlainObject(item) &&
  Object.keys(item).length === 1 &&
  typeof item.other === 'string';

const oneChoice: Check<'SINGLE_CHOICE' | 'DROPDOWN'> = (answer, config) => {
  if (isOther(answer, config)) return undefined;
  if (typeof answer !== 'string') return { code: 'INVALID' };
  return isChoice(config.choices, answer) ? undefined : { code: 'UNKNOWN_CHOICE' };
};

const manyChoices: Check<'MULTI_CHOICE'> = (answer, config) => {
  if (!Array.isArray(answer)) return { code: 'INVALID' };
  const others = answer.filter((item) => isOther(item, config));
  const values = answer.filter((item) => typeof item === 'string');
  if (others.length > 1 || others.length + values.length !== answer.length) return { code: 'INVALID' };
  return (
    distinctChoices(values, config.choices) ??
    outOfBounds(
      answer.length,
      config.minSelected,
      config.maxSelected,
      ['TOO_FEW_SELECTED', 'TOO_MANY_SELECTED'],
      asWritten,
    )
  );
};

const boolean: Check<'YES_NO' | 'CONSENT'> = (answer) =>
  typeof answer === 'boolean' ? undefined : { code: 'INVALID' };

const rating: Check<'RATING'> = (answer, { min, max, step }) => {
  if (typeof answer !== 'number' || !Number.isInteger(answer)) return { code: 'INVALID' };
  return outOfBounds(answer, min, max, SIZE, asWritten) ?? offStep(answer, min, step);
};

const files: Check<'FILE_UPLOAD'> = (answer, { maxFiles, acceptedContentTypes }) => {
  const isReference = (item: unknown) =>
    isPlainObject(item) && typeof item.fileId === 'string' && typeof item.contentType === 'string';
  if (!Array.isArray(answer) || !answer.every(isReference)) return { code: 'INVALID' };
  if (answer.length > maxFiles) return { code: 'TOO_MANY_FILES', limit: maxFiles };
  const refused = answer.find((file) => !isAcceptedType(file.contentType, acceptedContentTypes));
  return refused ? { code: 'FILE_TYPE_NOT_ACCEPTED', limit: String(refused.fileName ?? '') } : undefined;
};

const address: Check<'ADDRESS'> = (answer, { allowedCountries }) => {
  if (!isPlainObject(answer)) return { code: 'INVALID' };
  if (
    !Object.entries(answer).every(
      ([key, value]) => ADDRESS_FIELDS.includes(key as AddressField) && typeof value === 'string',
    )
  ) {
    return { code: 'INVALID' };
  }
  const missing = REQUIRED_ADDRESS_FIELDS.filter((field) => isEmptyAnswer(answer[field]));
  if (missing.length > 0) return { code: 'ADDRESS_INCOMPLETE', fields: missing };
  const country = String(answer.country).trim().toUpperCase();
  const allowed = allowedCountries && allowedCountries.length > 0 ? allowedCountries : undefined;
  if (!COUNTRIES.has(country) || (allowed && !allowed.includes(country))) {
    return { code: 'COUNTRY_NOT_ALLOWED', fields: ['country'] };
  }
  return undefined;
};

/** Each answered row a known one, its cell one known column ("" for none) or, when `multiple`, a list of them. */
const matrix: Check<'MATRIX'> = (answer, { rows, columns, multiple }) => {
  if (!isPlainObject(answer)) return { code: 'INVALID' };
  for (const [row, cell] of Object.entries(answer)) {
    if (!isChoice(rows, row)) return { code: 'UNKNOWN_CHOICE' };
    if (multiple) {
      const error = distinctChoices(cell, columns);
      if (error) return error;
    } else if (typeof cell !== 'string') return { code: 'INVALID' };
    else if (cell !== '' && !isChoice(columns, cell)) return { code: 'UNKNOWN_CHOICE' };
  }
  return undefined;
};

const ranking: Check<'RANKING'> = (answer, { choices, rankCount }) => {
  if (!Array.isArray(answer) || !answer.every((item) => typeof item === 'string')) return { code: 'INVALID' };
  const error = distinctChoices(answer, choices);
  if (error) return error;
  const wanted = Math.min(rankCount ?? choices.length, choices.length);
  if (answer.length < wanted) return { code: 'TOO_FEW_RANKED', limit: wanted };
  return answer.length > wanted ? { code: 'INVALID' } : undefined;
};

const dateTime: Check<'DATE_TIME'> = (answer, { min, max }) => {
  const instant = instantOfDateTime(answer);
  if (instant === undefined) return { code: 'INVALID_DATE_TIME' };
  return outOfBounds(instant, min, max, TIMING, instantOfDateTime);
};

/** The step is counted from the earliest time, or from midnight. */
const time: Check<'TIME'> = (answer, { min, max, stepMinutes }) => {
  const minutes = minutesOfTime(answer);
  if (minutes === undefined) return { code: 'INVALID_TIME' };
  return (
    outOfBounds(minutes, min, max, TIMING, minutesOfTime) ?? offStep(minutes, minutesOfTime(min) ?? 0, stepMinutes)
  );
};

const CHECKS: { [T in Question['type']]: Check<T> } = {
  SHORT_TEXT: text,
  LONG_TEXT: text,
  NUMBER: number,
  EMAIL: contact(isEmail, 'INVALID_EMAIL'),
  PHONE: contact(isPhone, 'INVALID_PHONE'),
  URL: contact(isWebUrl, 'INVALID_URL'),
  DATE: date,
  SINGLE_CHOICE: oneChoice,
  MULTI_CHOICE: manyChoices,
  DROPDOWN: oneChoice,
  YES_NO: boolean,
  RATING: rating,
  FILE_UPLOAD: files,
  ADDRESS: address,
  CONSENT: boolean,
  STATEMENT: () => undefined,
  MATRIX: matrix,
  RANKING: ranking,
  // A rating from 0 to 10.
  NPS: (answer) => rating(answer, { min: 0, max: 10, step: 1 }),
  DATE_TIME: dateTime,
  TIME: time,
};

/** Other chosen with nothing typed. */
function isOtherLeftEmpty(question: Question, answer: unknown): boolean {
  if (question.type !== 'SINGLE_CHOICE' && question.type !== 'DROPDOWN' && question.type !== 'MULTI_CHOICE') {
    return false;
  }
  const other = (Array.isArray(answer) ? answer : [answer]).find((item) => isOther(item, question.typeConfig));
  return other !== undefined && isEmptyAnswer(other.other);
}

/** A required matrix's rows without an answer. */
function unansweredRows(question: Question, answer: unknown): AnswerError | undefined {
  if (question.type !== 'MATRIX' || !isPlainObject(answer)) return undefined;
  const rows = question.typeConfig.rows.filter((row) => isEmptyAnswer(answer[row.value])).map((row) => row.value);
  return rows.length > 0 ? { code: 'ROWS_UNANSWERED', rows } : undefined;
}

/**
 * One answer against its question. An empty answer is an error only when required, and so is a
 * required matrix with a row unanswered or Other chosen with nothing typed; a non-empty answer
 * must have its type's shape and keep its type's limits.
 */
export function validateAnswer(question: Question, answer: unknown, required: boolean): AnswerError | undefined {
  if (question.type === 'STATEMENT') return undefined;
  if (required && isOtherLeftEmpty(question, answer)) return { code: 'OTHER_EMPTY' };
  if (isEmptyAnswer(answer, question.type)) return required ? { code: 'REQUIRED' } : undefined;
  const check = CHECKS[question.type] as Check<Question['type']>;
  return check(answer, question.typeConfig) ?? (required ? unansweredRows(question, answer) : undefined);
}

/**
 * Every visible question of one screen (a step id, or null for a definition without steps),
 * across all its visible tabs, in walking order. Returns the errors by question code; an
 * empty object means the screen may be left forward.
 */
export function validateScreen(
  definition: Layout | Definition,
  answers: Answers,
  screenId: string | null,
  context: Omit<RuleContext, 'answers'> = {},
): Record<string, AnswerError> {
  const errors: Record<string, AnswerError> = {};
  const screen = findScreen(definition, screenId);
  if (!screen) return errors;
  const state = resolveRules(definition, { ...context, answers });
  if (screen.step && !state.isStepVisible(screen.step)) return errors;
  const questions = [...screen.questions, ...screen.tabs.filter(state.isTabVisible).flatMap((tab) => tab.questions)];
  for (const question of questions) {
    if (!state.isVisible(question)) continue;
    const error = validateAnswer(question, answers[question.code], state.isRequired(question));
    if (error) errors[question.code] = error;
  }
  return errors;
}
