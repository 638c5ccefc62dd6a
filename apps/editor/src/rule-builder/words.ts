import type { HiddenField, Question } from '@forms-engine/schema';
import { isChoiceType, type Operator, OTHER_SUBFIELD } from '@forms-engine/schema/rules';
import { type QuestionLookup, questionLookup } from '../definition-words/index.ts';

/**
 * What the rule builder offers for the answer a condition reads. The words themselves (questions
 * by prompt, operators, rules as sentences) are `src/definition-words`, shared by every screen.
 */

export interface Choice {
  value: string;
  label: string;
}

export function choicesOf(question: Question | undefined): Choice[] | undefined {
  if (!question || !(isChoiceType(question.type) || question.type === 'RANKING')) return undefined;
  return (question.typeConfig as { choices?: Choice[] }).choices ?? [];
}

/** A grid's rows, which its conditions name in `subField`. */
export const rowsOf = (question: Question | undefined): Choice[] =>
  question?.type === 'MATRIX' ? ((question.typeConfig as { rows?: Choice[] }).rows ?? []) : [];

/** The values a condition's value is picked from: a question's choices, or a grid's columns under a row. */
export function valueChoicesOf(question: Question | undefined, subField: string | undefined): Choice[] | undefined {
  if (question?.type === 'MATRIX')
    return subField ? ((question.typeConfig as { columns?: Choice[] }).columns ?? []) : undefined;
  return subField ? undefined : choicesOf(question);
}

/** Whether the choice question offers “Other (please specify)”, which a condition can read. */
export const allowsOther = (question: Question | undefined): boolean =>
  question !== undefined &&
  isChoiceType(question.type) &&
  (question.typeConfig as { allowOther?: boolean }).allowOther === true;

/** The lookup by code over a list of questions (the draft's), and its hidden fields by key. */
export const lookupOf = (questions: readonly Question[], hiddenFields: readonly HiddenField[] = []): QuestionLookup =>
  questionLookup({ questions: [...questions], hiddenFields });

const ANSWERED: Operator[] = ['IS_NOT_EMPTY', 'IS_EMPTY'];
const TEXT: Operator[] = ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'IN', 'NOT_IN', ...ANSWERED];
const ORDERED: Operator[] = [
  'EQUALS',
  'NOT_EQUALS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  ...ANSWERED,
];

/**
 * The operators that mean something for the answer a condition reads (the rule engine's
 * semantics, docs/decisions.md): a single choice is never "greater than", a file is only there
 * or not. `undefined` is the external reference (text).
 */
export function operatorsFor(question: Question | undefined, subField?: string): Operator[] {
  if (!question) return TEXT;
  switch (question.type) {
    case 'NUMBER':
    case 'RATING':
    case 'NPS':
      return [...ORDERED.slice(0, 6), 'IN', 'NOT_IN', ...ANSWERED];
    case 'DATE':
    case 'DATE_TIME':
    case 'TIME':
      return ORDERED;
    case 'MATRIX': {
      // A row holds one column (several with `multiple`); the whole grid is only answered or not.
      if (!subField) return ANSWERED;
      const multiple = (question.typeConfig as { multiple?: boolean }).multiple === true;
      return multiple
        ? ['CONTAINS', 'NOT_CONTAINS', 'IN', 'NOT_IN', ...ANSWERED]
        : ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN', ...ANSWERED];
    }
    case 'RANKING':
      return ['CONTAINS', 'NOT_CONTAINS', ...ANSWERED];
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
    case 'MULTI_CHOICE':
      // “Other” is chosen when its text is (an empty Other is no answer); its text is text.
      if (subField === OTHER_SUBFIELD) return ['IS_NOT_EMPTY', 'IS_EMPTY', 'CONTAINS', 'NOT_CONTAINS'];
      return question.type === 'MULTI_CHOICE'
        ? ['CONTAINS', 'NOT_CONTAINS', 'IN', 'NOT_IN', ...ANSWERED]
        : ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN', ...ANSWERED];
    case 'YES_NO':
      return ['EQUALS', 'NOT_EQUALS', ...ANSWERED];
    case 'CONSENT':
    case 'FILE_UPLOAD':
    case 'STATEMENT':
      return ANSWERED;
    case 'ADDRESS':
      return subField ? TEXT : ANSWERED;
    default:
      return TEXT;
  }
}
