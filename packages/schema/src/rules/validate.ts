import { COUNTRY_CODE_LIST } from './countries';
import { isEmptyAnswer } from './empty';
import { isAcceptedType, isEmail, isPhone, isWebUrl } from './formats';
import type { Answers, Definition, Question, QuestionOf } from './model';
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
  | 'COUNTRY_NOT_ALLOWED';

export interface AnswerError {
  code: AnswerErrorCode;
  /** The bound that was crossed (a length, a number, a date, a count), when there is one. */
  limit?: number | string;
  /** The parts of an ADDRESS that need attention. */
  fields?: readonly AddressField[];
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

const oneChoice: Check<'SINGLE_CHOICE' | 'DROPDOWN'> = (answer, { typeConfig: { choices } }) => {
  if (typeof answer !== 'string') return { code: 'INVALID' };
  return choices.some((choice) => choice.value === answer) ? undefined : { code: 'UNKNOWN_CHOICE' };
};

const manyChoices: Check<'MULTI_CHOICE'> = (answer, { typeConfig: { choices, minSelected, maxSelected } }) => {
  if (!Array.isArray(answer) || !answer.every((item) => typeof item === 'string')) return { code: 'INVALID' };
  if (new Set(answer).size !== answer.length) return { code: 'INVALID' };
  if (!answer.every((value) => choices.some((choice) => choice.value === value))) return { code: 'UNKNOWN_CHOICE' };
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
};

/**
 * One answer against its question. An empty answer is an error only when required;
 * a non-empty answer must have its type's shape and keep its type's limits.
 */
export function validateAnswer(question: Question, answer: unknown, required: boolean): AnswerError | undefined {
  if (question.type === 'STATEMENT') return undefined;
  if (isEmptyAnswer(answer, question.type)) return required ? { code: 'REQUIRED' } : undefined;
  const check = CHECKS[question.type] as Check<Question['type']>;
  return check(answer, question);
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
