import { COUNTRY_CODE_LIST } from './countries';
import { isEmptyAnswer } from './empty';
import { isAcceptedType, isEmail, isPhone, isWebUrl } from './formats';
import type { Answers, ChoiceListOptions, Definition, Question, QuestionOf } from './model';
import { instantOfDateTime, minutesOfTime } from './moments';
import { compareOrdered, isIsoDate } from './operators';
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
const isStepOf = (value: number, base: number, step: number) => {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
};
const codePoints = (value: string) => [...value].length;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Check<T extends Question['type']> = (answer: unknown, question: QuestionOf<T>) => AnswerError | undefined;

const text: Check<'SHORT_TEXT' | 'LONG_TEXT'> = (answer, { typeConfig: { minLength, maxLength } }) => {
  if (typeof answer !== 'string') return { code: 'INVALID' };
  const length = codePoints(answer);
  if (minLength !== undefined && length < minLength) return { code: 'TOO_SHORT', limit: minLength };
  if (maxLength !== undefined && length > maxLength) return { code: 'TOO_LONG', limit: maxLength };
  return undefined;
};

const contact =
  (test: (value: string) => boolean, code: AnswerErrorCode): Check<'EMAIL' | 'PHONE' | 'URL'> =>
  (answer) => {
    if (typeof answer !== 'string') return { code: 'INVALID' };
    return test(answer.trim()) ? undefined : { code };
  };

const number: Check<'NUMBER'> = (answer, { typeConfig: { min, max, step } }) => {
  if (typeof answer !== 'number' || !Number.isFinite(answer)) return { code: 'INVALID' };
  if (min !== undefined && answer < min) return { code: 'TOO_SMALL', limit: min };
  if (max !== undefined && answer > max) return { code: 'TOO_LARGE', limit: max };
  if (step !== undefined && !isStepOf(answer, min ?? 0, step)) return { code: 'STEP_MISMATCH', limit: step };
  return undefined;
};

const date: Check<'DATE'> = (answer, { typeConfig: { min, max } }) => {
  if (!isIsoDate(answer)) return { code: 'INVALID_DATE' };
  if (min !== undefined && (compareOrdered(answer, min) ?? 0) < 0) return { code: 'TOO_EARLY', limit: min };
  if (max !== undefined && (compareOrdered(answer, max) ?? 0) > 0) return { code: 'TOO_LATE', limit: max };
  return undefined;
};

/** `{ other: "text" }`: Other chosen (only where the question offers it). */
const isOther = (item: unknown, options: ChoiceListOptions): item is { other: string } =>
  options.allowOther === true &&
  isPlainObject(item) &&
  Object.keys(item).length === 1 &&
  typeof item.other === 'string';

const oneChoice: Check<'SINGLE_CHOICE' | 'DROPDOWN'> = (answer, { typeConfig }) => {
  if (isOther(answer, typeConfig)) return undefined;
  if (typeof answer !== 'string') return { code: 'INVALID' };
  return typeConfig.choices.some((choice) => choice.value === answer) ? undefined : { code: 'UNKNOWN_CHOICE' };
};

const manyChoices: Check<'MULTI_CHOICE'> = (answer, { typeConfig }) => {
  const { choices, minSelected, maxSelected } = typeConfig;
  if (!Array.isArray(answer)) return { code: 'INVALID' };
  const others = answer.filter((item) => isOther(item, typeConfig));
  const values = answer.filter((item) => typeof item === 'string');
  if (others.length > 1 || others.length + values.length !== answer.length) return { code: 'INVALID' };
  if (new Set(values).size !== values.length) return { code: 'INVALID' };
  if (!values.every((value) => choices.some((choice) => choice.value === value))) return { code: 'UNKNOWN_CHOICE' };
  if (minSelected !== undefined && answer.length < minSelected) return { code: 'TOO_FEW_SELECTED', limit: minSelected };
  if (maxSelected !== undefined && answer.length > maxSelected)
    return { code: 'TOO_MANY_SELECTED', limit: maxSelected };
  return undefined;
};

const boolean: Check<'YES_NO' | 'CONSENT'> = (answer) =>
  typeof answer === 'boolean' ? undefined : { code: 'INVALID' };

const rating: Check<'RATING'> = (answer, { typeConfig: { min, max, step } }) => {
  if (typeof answer !== 'number' || !Number.isInteger(answer)) return { code: 'INVALID' };
  if (answer < min) return { code: 'TOO_SMALL', limit: min };
  if (answer > max) return { code: 'TOO_LARGE', limit: max };
  return isStepOf(answer, min, step) ? undefined : { code: 'STEP_MISMATCH', limit: step };
};

const files: Check<'FILE_UPLOAD'> = (answer, { typeConfig: { maxFiles, acceptedContentTypes } }) => {
  const isReference = (item: unknown) =>
    isPlainObject(item) && typeof item.fileId === 'string' && typeof item.contentType === 'string';
  if (!Array.isArray(answer) || !answer.every(isReference)) return { code: 'INVALID' };
  if (answer.length > maxFiles) return { code: 'TOO_MANY_FILES', limit: maxFiles };
  const refused = answer.find((file) => !isAcceptedType(file.contentType, acceptedContentTypes));
  return refused ? { code: 'FILE_TYPE_NOT_ACCEPTED', limit: String(refused.fileName ?? '') } : undefined;
};

const address: Check<'ADDRESS'> = (answer, { typeConfig: { allowedCountries } }) => {
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

const matrix: Check<'MATRIX'> = (answer, { typeConfig: { rows, columns, multiple } }) => {
  if (!isPlainObject(answer)) return { code: 'INVALID' };
  const isColumn = (value: unknown) => typeof value === 'string' && columns.some((column) => column.value === value);
  for (const [row, cell] of Object.entries(answer)) {
    if (!rows.some((known) => known.value === row)) return { code: 'UNKNOWN_CHOICE' };
    if (multiple) {
      if (!Array.isArray(cell) || new Set(cell).size !== cell.length) return { code: 'INVALID' };
      if (!cell.every(isColumn)) return { code: 'UNKNOWN_CHOICE' };
    } else if (typeof cell !== 'string') return { code: 'INVALID' };
    else if (cell !== '' && !isColumn(cell)) return { code: 'UNKNOWN_CHOICE' };
  }
  return undefined;
};

const ranking: Check<'RANKING'> = (answer, { typeConfig: { choices, rankCount } }) => {
  if (!Array.isArray(answer) || !answer.every((item) => typeof item === 'string')) return { code: 'INVALID' };
  if (new Set(answer).size !== answer.length) return { code: 'INVALID' };
  if (!answer.every((value) => choices.some((choice) => choice.value === value))) return { code: 'UNKNOWN_CHOICE' };
  const wanted = Math.min(rankCount ?? choices.length, choices.length);
  if (answer.length < wanted) return { code: 'TOO_FEW_RANKED', limit: wanted };
  return answer.length > wanted ? { code: 'INVALID' } : undefined;
};

const nps: Check<'NPS'> = (answer) => {
  if (typeof answer !== 'number' || !Number.isInteger(answer)) return { code: 'INVALID' };
  if (answer < 0) return { code: 'TOO_SMALL', limit: 0 };
  return answer > 10 ? { code: 'TOO_LARGE', limit: 10 } : undefined;
};

const dateTime: Check<'DATE_TIME'> = (answer, { typeConfig: { min, max } }) => {
  const instant = instantOfDateTime(answer);
  if (instant === undefined) return { code: 'INVALID_DATE_TIME' };
  if (min !== undefined && instant < (instantOfDateTime(min) ?? instant)) return { code: 'TOO_EARLY', limit: min };
  if (max !== undefined && instant > (instantOfDateTime(max) ?? instant)) return { code: 'TOO_LATE', limit: max };
  return undefined;
};

const time: Check<'TIME'> = (answer, { typeConfig: { min, max, stepMinutes } }) => {
  const minutes = minutesOfTime(answer);
  if (minutes === undefined) return { code: 'INVALID_TIME' };
  const [earliest, latest] = [minutesOfTime(min), minutesOfTime(max)];
  if (min !== undefined && earliest !== undefined && minutes < earliest) return { code: 'TOO_EARLY', limit: min };
  if (max !== undefined && latest !== undefined && minutes > latest) return { code: 'TOO_LATE', limit: max };
  if (stepMinutes !== undefined && !isStepOf(minutes, earliest ?? 0, stepMinutes)) {
    return { code: 'STEP_MISMATCH', limit: stepMinutes };
  }
  return undefined;
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
  NPS: nps,
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
  return check(answer, question) ?? (required ? unansweredRows(question, answer) : undefined);
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
