import type { Condition, ConditionScalar, HiddenField, Layout, Question, RuleConfig } from '@forms-engine/schema/rules';
import { isChoiceType, questionPlaces } from '@forms-engine/schema/rules';
import { addressPartName, dateWords, oneLine, questionName, quoted } from './question-words.ts';

/**
 * Rules in words, for every screen that shows one: "Shown when “How should we contact you?” is
 * “Phone”", "Required when “Age” is at least 18 and the external reference is given". Questions
 * are named by their prompts, choices by their labels, yes/no by the question's own labels.
 */

/**
 * Finds the question a condition reads, by code; `hiddenFields` (when given) are the hidden fields
 * a HIDDEN_FIELD condition may read, by key.
 */
export type QuestionLookup = ((code: string) => Question | undefined) & {
  hiddenFields?: ReadonlyMap<string, HiddenField>;
};

/** The lookup over one definition's questions and hidden fields (a version's, or the draft's). */
export function questionLookup(
  definition: Layout & { hiddenFields?: readonly HiddenField[] | undefined },
): QuestionLookup {
  const byCode = new Map(questionPlaces(definition).map(({ question }) => [question.code, question]));
  const lookup: QuestionLookup = (code) => byCode.get(code);
  lookup.hiddenFields = new Map((definition.hiddenFields ?? []).map((field) => [field.key, field]));
  return lookup;
}

/** A hidden field by its label when it has one (“Customer id”), else by its key (utm_source). */
export function hiddenFieldName(field: HiddenField): string {
  const label = oneLine(field.label ?? '');
  return label ? quoted(label) : field.key;
}

// Intl does the lists' commas and the final "and"/"or".
const AND = new Intl.ListFormat('en', { type: 'conjunction' });
const OR = new Intl.ListFormat('en', { type: 'disjunction' });

/** One value as the question's answers read: a choice by its label, yes/no by the labels, dates in words. */
function valueWords(value: ConditionScalar, question: Question | undefined): string {
  if (question?.type === 'YES_NO' && typeof value === 'boolean') {
    const config = question.typeConfig;
    return quoted(value ? oneLine(config.yesLabel ?? '') || 'Yes' : oneLine(config.noLabel ?? '') || 'No');
  }
  if (question && isChoiceType(question.type) && typeof value === 'string') {
    const choices = (question.typeConfig as { choices?: readonly { value: string; label: string }[] }).choices ?? [];
    const choice = choices.find((c) => c.value === value);
    return quoted(choice ? oneLine(choice.label) || choice.value : value);
  }
  if (question?.type === 'DATE' && typeof value === 'string') return dateWords(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return quoted(value);
}

const isDate = (question: Question | undefined) => question?.type === 'DATE';
const isMulti = (question: Question | undefined) => question?.type === 'MULTI_CHOICE';

/** The verb phrase of an operator for the kind of answer it reads. */
export function operatorWords(
  operator: Condition['operator'],
  question: Question | undefined,
  external: boolean,
): string {
  const multi = isMulti(question);
  const date = isDate(question);
  switch (operator) {
    case 'EQUALS':
      return multi ? 'is exactly' : 'is';
    case 'NOT_EQUALS':
      return multi ? 'is not exactly' : 'is not';
    case 'CONTAINS':
      return multi ? 'includes' : 'contains';
    case 'NOT_CONTAINS':
      return multi ? 'does not include' : 'does not contain';
    case 'IN':
      return multi ? 'includes any of' : 'is one of';
    case 'NOT_IN':
      return multi ? 'includes none of' : 'is not one of';
    case 'GREATER_THAN':
      return date ? 'is after' : 'is more than';
    case 'GREATER_THAN_OR_EQUAL':
      return date ? 'is on or after' : 'is at least';
    case 'LESS_THAN':
      return date ? 'is before' : 'is less than';
    case 'LESS_THAN_OR_EQUAL':
      return date ? 'is on or before' : 'is at most';
    case 'IS_EMPTY':
      return external ? 'is not given' : question?.type === 'CONSENT' ? 'is not ticked' : 'is not answered';
    case 'IS_NOT_EMPTY':
      return external ? 'is given' : question?.type === 'CONSENT' ? 'is ticked' : 'is answered';
    default:
      // A newer definition's operator: never shown as a constant.
      return 'is compared in a way this editor does not know';
  }
}

/** What a condition reads: “Prompt”, the city of “Your address”, the external reference or a hidden field. */
function subjectWords(condition: Condition, question: Question | undefined, lookup: QuestionLookup): string {
  if (condition.source === 'EXTERNAL_REF') return 'the external reference';
  if (condition.source === 'HIDDEN_FIELD') {
    if (!condition.key) return 'a hidden field not chosen yet';
    const field = lookup.hiddenFields?.get(condition.key);
    // A lookup without hidden fields (a bare list of questions) names the key alone.
    if (!field && lookup.hiddenFields) return `a hidden field that is no longer declared (${condition.key})`;
    return `the hidden field ${field ? hiddenFieldName(field) : condition.key}`;
  }
  if (!condition.questionCode) return 'a question not chosen yet';
  if (!question) return 'a question that is no longer in the form';
  const name = quoted(questionName(question));
  if (condition.subField) return `the ${addressPartName(condition.subField)} of ${name}`;
  return name;
}

/** One condition in words: "“How should we contact you?” is “Phone”". */
export function conditionInWords(condition: Condition, lookup: QuestionLookup): string {
  // A hidden field holds text given by the host page, as the external reference does.
  const external = condition.source === 'EXTERNAL_REF' || condition.source === 'HIDDEN_FIELD';
  const question = condition.source === 'ANSWER' && condition.questionCode ? lookup(condition.questionCode) : undefined;
  const subject = subjectWords(condition, question, lookup);
  // A part of an address is text, whatever the question's type.
  const reads = condition.subField ? undefined : question;
  const verb = operatorWords(condition.operator, reads, external);
  if (condition.operator === 'IS_EMPTY' || condition.operator === 'IS_NOT_EMPTY') return `${subject} ${verb}`;
  // A consent is ticked or not: "is ticked" reads better than "is yes".
  if (reads?.type === 'CONSENT' && typeof condition.value === 'boolean') {
    const ticked = condition.operator === 'NOT_EQUALS' ? !condition.value : condition.value;
    if (condition.operator === 'EQUALS' || condition.operator === 'NOT_EQUALS')
      return `${subject} ${ticked ? 'is ticked' : 'is not ticked'}`;
  }
  const value = condition.value;
  if (value === undefined || (Array.isArray(value) && value.length === 0))
    return `${subject} ${verb} (no value chosen yet)`;
  const values = (Array.isArray(value) ? value : [value]) as ConditionScalar[];
  const words = values.map((item) => valueWords(item, reads));
  return `${subject} ${verb} ${OR.format(words)}`;
}

/** The conditions of a rule joined as its combinator says: "A, B and C" or "A or B". */
export function conditionsInWords(config: RuleConfig, lookup: QuestionLookup): string {
  const conditions = config.rule?.conditions ?? [];
  if (conditions.length === 0) return 'no conditions yet';
  const parts = conditions.map((condition) => conditionInWords(condition, lookup));
  return config.rule?.combinator === 'ANY' ? OR.format(parts) : AND.format(parts);
}

/** "Always shown", "Never shown" or "Shown when …", as the rule builder's choices read. */
export function visibilityInWords(config: RuleConfig | undefined, lookup: QuestionLookup): string {
  if (!config || config.mode === 'ALWAYS') return 'Always shown';
  if (config.mode === 'NEVER') return 'Never shown';
  return `Shown when ${conditionsInWords(config, lookup)}`;
}

/** "Optional", "Always required" or "Required when …", as the rule builder's choices read. */
export function requirementInWords(config: RuleConfig | undefined, lookup: QuestionLookup): string {
  if (!config || config.mode === 'NEVER') return 'Optional';
  if (config.mode === 'ALWAYS') return 'Always required';
  return `Required when ${conditionsInWords(config, lookup)}`;
}
