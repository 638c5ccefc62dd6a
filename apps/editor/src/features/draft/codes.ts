import type { Condition, Definition, Question, RuleConfig } from '@forms-engine/schema';
import { walkDefinition } from '@forms-engine/schema/rules';
import type { Choice } from '../../rule-builder/words.ts';
import { type ContainerRef, questionsOf, updateAt, updateQuestion } from './model.ts';
import { renameTokens } from './recall.ts';
import { followsText, uniqueSlug } from './slug.ts';
import { renameChoice } from './translations.ts';

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

/** Every rule of the definition with its element's path: steps, tabs, questions, then endings. */
export function everyRule(
  definition: Definition,
  visit: (element: string, rule: 'visibility' | 'requirement', config: RuleConfig) => void,
): void {
  walkDefinition(definition, (element) => {
    const node = element.kind === 'step' ? element.step : element.kind === 'tab' ? element.tab : element.question;
    for (const rule of ['visibility', 'requirement'] as const)
      visit(element.path.join('.'), rule, node[rule] as RuleConfig);
  });
  (definition.endings ?? []).forEach((ending, index) => {
    visit(`endings.${index}`, 'visibility', ending.visibility);
  });
}

/** Every condition that matches `reads`. */
export function conditionsWhere(definition: Definition, reads: (condition: Condition) => boolean): ConditionRef[] {
  const refs: ConditionRef[] = [];
  everyRule(definition, (element, rule, config) => {
    config.rule?.conditions.forEach((condition, index) => {
      if (reads(condition)) refs.push({ element, rule, index });
    });
  });
  return refs;
}

/** Every condition that reads the answer to `code`. */
export function conditionsReading(definition: Definition, code: string): ConditionRef[] {
  return conditionsWhere(definition, (condition) => condition.source === 'ANSWER' && condition.questionCode === code);
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

const TOKEN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * Sets a question's code and points the conditions at `refs` (read before the first keystroke) at
 * it. With `tokensOf` (the name its recall tokens hold now), the tokens recalling it follow too, in
 * every text and translation, when the new code is one a token can name and no other question has.
 */
export function setCode(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  code: string,
  refs: readonly ConditionRef[],
  tokensOf?: string,
): Definition {
  const renamed = updateQuestion(definition, ref, index, (q) => ({ ...q, code }));
  const followed = updateConditions(renamed, refs, (condition) => ({ ...condition, questionCode: code }));
  if (tokensOf === undefined || !tokensFollow(definition, tokensOf, code)) return followed;
  return renameTokens(followed, 'ANSWER', tokensOf, code);
}

/** Whether the tokens holding `from` may follow a question's new code `to`. */
export function tokensFollow(definition: Definition, from: string, to: string): boolean {
  return from !== to && TOKEN_NAME.test(to) && codeCount(definition, to) === 0;
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
  return setCode(withPrompt, ref, index, code, conditionsReading(definition, question.code), question.code);
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

/**
 * Changes one choice. A new value carries the choice's translations (translations.ts), unless
 * another choice has (or had) that value: the draft then has a problem to fix, and the
 * translations stay with the value they were written for.
 */
function withChoice(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  change: Partial<Choice>,
): Definition {
  const question = questionsOf(definition, ref)[index];
  const choices = choicesOf(question);
  const old = choices[choiceIndex]?.value;
  const others = choices.filter((_, i) => i !== choiceIndex).map((choice) => choice.value);
  const changed = updateQuestion(
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
  const to = change.value;
  if (!question || old === undefined || to === undefined || to === old) return changed;
  if (others.includes(old) || others.includes(to)) return changed;
  return renameChoice(changed, question.id, old, to);
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

/** A choice the editor made ("Option 2", value `option_2`) that the builder never changed. */
export function isPlaceholderChoice(choice: Choice): boolean {
  const n = /^Option (\d+)$/.exec(choice.label)?.[1];
  return n !== undefined && choice.value === `option_${n}`;
}

/** The values the conditions reading `code` compare with. */
function valuesRead(definition: Definition, code: string): Set<unknown> {
  const read = new Set<unknown>();
  everyRule(definition, (_element, _rule, config) => {
    for (const condition of config.rule?.conditions ?? []) {
      if (condition.source === 'ANSWER' && condition.questionCode === code) {
        for (const value of [condition.value].flat()) read.add(value);
      }
    }
  });
  return read;
}

/**
 * Lines pasted into a choice's label (or added with "Add several choices at once"). With
 * `replace` (pasted over selected text, or into an empty label; the first line is then the label
 * as the paste leaves it) they replace that choice: the first line becomes its label, its value
 * and the rules comparing with it following as when the label is typed; the other lines follow
 * it. A placeholder pasted into is replaced too. Otherwise all the lines follow the choice. The placeholders
 * the editor made and the builder never touched ("Option 2") go, unless a rule or the published
 * version uses their value: the pasted list is the real one.
 */
export function pasteChoices(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  lines: readonly string[],
  replace: boolean,
  published: ReadonlySet<string>,
): Definition {
  const question = questionsOf(definition, ref)[index];
  const [first, ...rest] = lines;
  if (!question || first === undefined) return definition;
  const target = choicesOf(question)[choiceIndex];
  const replacing = (replace || (target !== undefined && isPlaceholderChoice(target))) && target !== undefined;
  const changed = replacing ? setChoiceLabel(definition, ref, index, choiceIndex, first, published) : definition;
  const current = choicesOf(questionsOf(changed, ref)[index]);
  const read = valuesRead(changed, question.code);
  const taken = new Set(current.map((choice) => choice.value));
  const added = (replacing ? rest : lines).map((label) => {
    const value = uniqueSlug(label, 'option', taken);
    taken.add(value);
    return { value, label };
  });
  const kept = (choice: Choice, i: number) =>
    i === choiceIndex || !isPlaceholderChoice(choice) || read.has(choice.value) || published.has(choice.value);
  const at = Math.min(choiceIndex + 1, current.length);
  const choices = [
    ...current.slice(0, at).filter((choice, i) => kept(choice, i)),
    ...added,
    ...current.slice(at).filter((choice, i) => kept(choice, at + i)),
  ];
  return updateQuestion(changed, ref, index, (q) => ({ ...q, typeConfig: { ...q.typeConfig, choices } }) as Question);
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
