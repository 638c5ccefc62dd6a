import type { Condition, Definition, Question, RuleConfig } from '@forms-engine/schema';
import { walkDefinition } from '@forms-engine/schema/rules';
import { type ContainerRef, questionsOf, updateAt, updateQuestion } from './model.ts';
import { followsText, uniqueSlug } from './slug.ts';
import type { Choice } from './words.ts';

/**
 * Codes and choice values that follow their text, and rules that follow codes and values
 * (docs/decisions.md, "Codes follow labels"). Pure edits of the definition, like model.ts.
 */

/** One condition of one element's rule, by place: stable while the builder types in one field. */
export interface ConditionRef {
  /** The element's path, `steps.0.questions.2`. */
  element: string;
  rule: 'visibility' | 'requirement';
  index: number;
}

/** Every condition that reads the answer to `code`. */
export function conditionsReading(definition: Definition, code: string): ConditionRef[] {
  const refs: ConditionRef[] = [];
  walkDefinition(definition, (element) => {
    const node = element.kind === 'step' ? element.step : element.kind === 'tab' ? element.tab : element.question;
    for (const rule of ['visibility', 'requirement'] as const) {
      (node[rule] as RuleConfig).rule?.conditions.forEach((condition, index) => {
        if (condition.source === 'ANSWER' && condition.questionCode === code)
          refs.push({ element: element.path.join('.'), rule, index });
      });
    }
  });
  return refs;
}

/** Changes the conditions at `refs`. */
export function updateConditions(
  definition: Definition,
  refs: readonly ConditionRef[],
  change: (condition: Condition) => Condition,
): Definition {
  return refs.reduce(
    (draft, ref) =>
      updateAt(draft, `${ref.element}.${ref.rule}.rule.conditions.${ref.index}`, (condition) =>
        condition ? change(condition as Condition) : condition,
      ),
    definition,
  );
}

function allCodes(definition: Definition, except?: Question): Set<string> {
  const codes = new Set<string>();
  walkDefinition(definition, (element) => {
    if (element.kind === 'question' && element.question !== except) codes.add(element.question.code);
  });
  return codes;
}

/** How many questions use `code`. */
function codeCount(definition: Definition, code: string): number {
  let count = 0;
  walkDefinition(definition, (element) => {
    if (element.kind === 'question' && element.question.code === code) count++;
  });
  return count;
}

/** Sets a question's code and points the conditions at `refs` (read before the first keystroke) at it. */
export function setCode(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  code: string,
  refs: readonly ConditionRef[],
): Definition {
  const renamed = updateQuestion(definition, ref, index, (q) => ({ ...q, code }));
  return updateConditions(renamed, refs, (condition) => ({ ...condition, questionCode: code }));
}

/**
 * Sets a question's prompt. Its code follows (and the rules reading it) while the code is what
 * the old prompt would give, unless a published version already collects answers under it.
 */
export function setPrompt(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  prompt: string,
  published: ReadonlySet<string>,
): Definition {
  const question = questionsOf(definition, ref)[index];
  if (!question) return definition;
  const follows =
    !published.has(question.code) &&
    followsText(question.code, question.prompt, 'question') &&
    codeCount(definition, question.code) === 1;
  const withPrompt = updateQuestion(definition, ref, index, (q) => ({ ...q, prompt }));
  if (!follows) return withPrompt;
  const code = uniqueSlug(prompt, 'question', allCodes(definition, question));
  if (code === question.code) return withPrompt;
  return setCode(withPrompt, ref, index, code, conditionsReading(definition, question.code));
}

const choicesOf = (question: Question | undefined): Choice[] =>
  ((question?.typeConfig ?? {}) as { choices?: Choice[] }).choices ?? [];

/** Replaces `from` by `to` in the values of conditions that read `code`. */
function renameValue(definition: Definition, code: string, from: string, to: string): Definition {
  const swap = (value: Condition['value']) =>
    Array.isArray(value) ? value.map((item) => (item === from ? to : item)) : value === from ? to : value;
  return updateConditions(definition, conditionsReading(definition, code), (condition) =>
    condition.subField ? condition : { ...condition, value: swap(condition.value) },
  );
}

function withChoice(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  change: Partial<Choice>,
): Definition {
  return updateQuestion(
    definition,
    ref,
    index,
    (q) =>
      ({
        ...q,
        typeConfig: {
          ...q.typeConfig,
          choices: choicesOf(q).map((choice, i) => (i === choiceIndex ? { ...choice, ...change } : choice)),
        },
      }) as Question,
  );
}

/**
 * Sets a choice's label. Its value follows (and the rules comparing with it) while the value is
 * what the old label would give, unless a published version has that value.
 */
export function setChoiceLabel(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  label: string,
  published: ReadonlySet<string>,
): Definition {
  const question = questionsOf(definition, ref)[index];
  const choices = choicesOf(question);
  const choice = choices[choiceIndex];
  if (!question || !choice) return definition;
  const others = new Set(choices.filter((_, i) => i !== choiceIndex).map((c) => c.value));
  const follows =
    !published.has(choice.value) && !others.has(choice.value) && followsText(choice.value, choice.label, 'option');
  if (!follows) return withChoice(definition, ref, index, choiceIndex, { label });
  const value = uniqueSlug(label, 'option', others);
  const changed = withChoice(definition, ref, index, choiceIndex, { label, value });
  return value === choice.value ? changed : renameValue(changed, question.code, choice.value, value);
}

/** Sets a choice's value; rules comparing with the old value follow when it was unambiguous. */
export function setChoiceValue(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  value: string,
): Definition {
  const question = questionsOf(definition, ref)[index];
  const choices = choicesOf(question);
  const choice = choices[choiceIndex];
  if (!question || !choice) return definition;
  const changed = withChoice(definition, ref, index, choiceIndex, { value });
  const unambiguous = (v: string) => choices.filter((c, i) => i !== choiceIndex && c.value === v).length === 0;
  return unambiguous(choice.value) && unambiguous(value)
    ? renameValue(changed, question.code, choice.value, value)
    : changed;
}

/** The codes and, per code, the choice values a (published) definition uses. */
export function publishedNames(definition: Definition | undefined): {
  codes: Set<string>;
  values: Map<string, Set<string>>;
} {
  const codes = new Set<string>();
  const values = new Map<string, Set<string>>();
  if (definition) {
    walkDefinition(definition, (element) => {
      if (element.kind !== 'question') return;
      codes.add(element.question.code);
      values.set(element.question.code, new Set(choicesOf(element.question as Question).map((c) => c.value)));
    });
  }
  return { codes, values };
}
