import type { HiddenField, Question } from '@forms-engine/schema';
import { isChoiceType, type Operator } from '@forms-engine/schema/rules';
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
  if (!question || !isChoiceType(question.type)) return undefined;
  return (question.typeConfig as { choices?: Choice[] }).choices ?? [];
}

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
      return [...ORDERED.slice(0, 6), 'IN', 'NOT_IN', ...ANSWERED];
    case 'DATE':
      return ORDERED;
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
      return ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN', ...ANSWERED];
    case 'MULTI_CHOICE':
      return ['CONTAINS', 'NOT_CONTAINS', 'IN', 'NOT_IN', ...ANSWERED];
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
