import type { Condition, ConditionScalar, HiddenField, Layout, Question, RuleConfig } from '@forms-engine/schema/rules';
import { isChoiceType, OTHER_SUBFIELD, questionPlaces } from '@forms-engine/schema/rules';
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

type Labelled = readonly { value: string; label: string }[];

/** An item of a labelled list by its label (its value when it has none or is not there). */
function labelWords(items: Labelled | undefined, value: string): string {
  const item = (items ?? []).find((c) => c.value === value);
  return quoted(item ? oneLine(item.label) || item.value : value);
}

/** What “Other (please specify)” is called in a choice question: its own label, else “Other”. */
export function otherName(question: Question | undefined): string {
  const label = (question?.typeConfig as { otherLabel?: string } | undefined)?.otherLabel;
  return oneLine(label ?? '') || 'Other';
}

/** A date-and-time value in words: "1 December 2026 at 09:30 (UTC+01:00)". */
function dateTimeWords(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return quoted(value);
  const offset = value.slice(16);
  return `${dateWords(value.slice(0, 10))} at ${value.slice(11, 16)}${offset ? ` (UTC${offset})` : ''}`;
}

/** One value as the question's answers read: a choice by its label, yes/no by the labels, dates in words. */
function valueWords(value: ConditionScalar, question: Question | undefined, subField?: string): string {
  // A grid's row holds its columns' values.
  if (question?.type === 'MATRIX' && subField && typeof value === 'string')
    return labelWords((question.typeConfig as { columns?: Labelled }).columns, value);
  if (subField) return typeof value === 'string' ? quoted(value) : String(value);
  if (question?.type === 'RANKING' && typeof value === 'string')
    return labelWords((question.typeConfig as { choices?: Labelled }).choices, value);
  if (question?.type === 'DATE_TIME' && typeof value === 'string') return dateTimeWords(value);
  // A time of day reads as a clock does: 17:00.
  if (question?.type === 'TIME' && typeof value === 'string' && /^\d{2}:\d{2}$/.test(value)) return value;
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
const isMoment = (question: Question | undefined) => question?.type === 'DATE_TIME' || question?.type === 'TIME';
const isMulti = (question: Question | undefined, subField?: string) =>
  subField
    ? question?.type === 'MATRIX' && (question.typeConfig as { multiple?: boolean }).multiple === true
    : question?.type === 'MULTI_CHOICE';

/**
 * The verb phrase of an operator for the kind of answer it reads (with `subField`, the part read:
 * a grid's row reads as one choice, or several with `multiple`; an address part and the text of
 * “Other” as text).
 */
export function operatorWords(
  operator: Condition['operator'],
  question: Question | undefined,
  external: boolean,
  subField?: string,
): string {
  const multi = isMulti(question, subField);
  // “Other” is there or not: chosen (with its text) or not chosen.
  if (subField === OTHER_SUBFIELD && question && isChoiceType(question.type)) {
    if (operator === 'IS_NOT_EMPTY') return 'is chosen';
    if (operator === 'IS_EMPTY') return 'is not chosen';
  }
  if (subField && question?.type !== 'MATRIX') question = undefined;
  const date = isDate(question);
  const moment = isMoment(question);
  if (question?.type === 'RANKING' && (operator === 'CONTAINS' || operator === 'NOT_CONTAINS'))
    return operator === 'CONTAINS' ? 'ranks' : 'does not rank';
  if (moment) {
    if (operator === 'GREATER_THAN') return 'is after';
    if (operator === 'GREATER_THAN_OR_EQUAL') return 'is at or after';
    if (operator === 'LESS_THAN') return 'is before';
    if (operator === 'LESS_THAN_OR_EQUAL') return 'is at or before';
  }
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
  if (condition.subField && question.type === 'MATRIX')
    return `the row ${labelWords((question.typeConfig as { rows?: Labelled }).rows, condition.subField)} of ${name}`;
  if (condition.subField === OTHER_SUBFIELD && isChoiceType(question.type))
    return `the text of ${quoted(otherName(question))} in ${name}`;
  if (condition.subField) return `the ${addressPartName(condition.subField)} of ${name}`;
  return name;
}

/** One condition in words: "“How should we contact you?” is “Phone”". */
export function conditionInWords(condition: Condition, lookup: QuestionLookup): string {
  // A hidden field holds text given by the host page, as the external reference does.
  const external = condition.source === 'EXTERNAL_REF' || condition.source === 'HIDDEN_FIELD';
  const question = condition.source === 'ANSWER' && condition.questionCode ? lookup(condition.questionCode) : undefined;
  const subject = subjectWords(condition, question, lookup);
  const { subField } = condition;
  // A part of an address and the text of “Other” are text, whatever the question's type; a grid's row reads its columns.
  const reads = subField && question?.type !== 'MATRIX' ? undefined : question;
  const verb = operatorWords(condition.operator, question, external, subField);
  const unary = condition.operator === 'IS_EMPTY' || condition.operator === 'IS_NOT_EMPTY';
  if (question && subField === OTHER_SUBFIELD && isChoiceType(question.type) && unary)
    return `${quoted(otherName(question))} is ${condition.operator === 'IS_EMPTY' ? 'not ' : ''}chosen in ${quoted(questionName(question))}`;
  if (unary) return `${subject} ${verb}`;
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
  const words = values.map((item) => valueWords(item, reads, subField));
  // “Feature X” is ranked in “Rank these”: the choice is the subject a builder thinks of.
  if (reads?.type === 'RANKING' && (condition.operator === 'CONTAINS' || condition.operator === 'NOT_CONTAINS'))
    return `${OR.format(words)} ${condition.operator === 'CONTAINS' ? 'is' : 'is not'} ranked in ${subject}`;
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
