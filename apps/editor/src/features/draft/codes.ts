import type { Condition, Definition, Question, RuleConfig } from '@forms-engine/schema';
import { type LabelledList, walkDefinition } from '@forms-engine/schema/rules';
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

/** The items of one labelled list of a question (its choices, a grid's rows or columns). */
const itemsOf = (question: Question | undefined, list: LabelledList = 'choices'): Choice[] =>
  ((question?.typeConfig ?? {}) as Partial<Record<LabelledList, Choice[]>>)[list] ?? [];

/**
 * Replaces `from` by `to` where the conditions reading `code` use a value of `list`: a choice's
 * or a column's value in what they compare with (a grid's columns are compared per row, under a
 * `subField`), a row's value in the `subField` that names the row.
 */
function renameValue(
  definition: Definition,
  code: string,
  from: string,
  to: string,
  list: LabelledList = 'choices',
): Definition {
  const swap = (value: Condition['value']) =>
    Array.isArray(value) ? value.map((item) => (item === from ? to : item)) : value === from ? to : value;
  return updateConditions(definition, conditionsReading(definition, code), (condition) => {
    if (list === 'rows') return condition.subField === from ? { ...condition, subField: to } : condition;
    // A column's value is compared under a row; a choice's with the whole answer.
    const compared = list === 'columns' ? condition.subField !== undefined : condition.subField === undefined;
    return compared ? { ...condition, value: swap(condition.value) } : condition;
  });
}

/** What the editor calls an item of each list: its placeholders ("Row 2", `row_2`) and its slugs' fallback. */
export const ITEM_WORDS: Record<LabelledList, { label: string; value: string }> = {
  choices: { label: 'Option', value: 'option' },
  rows: { label: 'Row', value: 'row' },
  columns: { label: 'Column', value: 'column' },
};

/**
 * Changes one item of `list`. A new value carries the item's translations (translations.ts),
 * unless another item has (or had) that value: the draft then has a problem to fix, and the
 * translations stay with the value they were written for.
 */
function withItem(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  itemIndex: number,
  change: Partial<Choice>,
  list: LabelledList,
): Definition {
  const question = questionsOf(definition, ref)[index];
  const items = itemsOf(question, list);
  const old = items[itemIndex]?.value;
  const others = items.filter((_, i) => i !== itemIndex).map((item) => item.value);
  const changed = updateQuestion(
    definition,
    ref,
    index,
    (q) =>
      ({
        ...q,
        typeConfig: {
          ...q.typeConfig,
          [list]: itemsOf(q, list).map((item, i) => (i === itemIndex ? { ...item, ...change } : item)),
        },
      }) as Question,
  );
  const to = change.value;
  if (!question || old === undefined || to === undefined || to === old) return changed;
  if (others.includes(old) || others.includes(to)) return changed;
  return renameChoice(changed, question.id, old, to, list);
}

/**
 * Sets a choice's (or a grid row's or column's) label. Its value follows (and the rules comparing
 * with it, or naming the row) while the value is what the old label would give, unless a
 * published version has that value.
 */
export function setChoiceLabel(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  label: string,
  published: ReadonlySet<string>,
  list: LabelledList = 'choices',
): Definition {
  const question = questionsOf(definition, ref)[index];
  const items = itemsOf(question, list);
  const item = items[choiceIndex];
  if (!question || !item) return definition;
  const fallback = ITEM_WORDS[list].value;
  const others = new Set(items.filter((_, i) => i !== choiceIndex).map((c) => c.value));
  const follows =
    !published.has(item.value) && !others.has(item.value) && followsText(item.value, item.label, fallback);
  if (!follows) return withItem(definition, ref, index, choiceIndex, { label }, list);
  const value = uniqueSlug(label, fallback, others);
  const changed = withItem(definition, ref, index, choiceIndex, { label, value }, list);
  return value === item.value ? changed : renameValue(changed, question.code, item.value, value, list);
}

/** An item the editor made ("Option 2", value `option_2`; "Row 2", `row_2`) that the builder never changed. */
export function isPlaceholderChoice(choice: Choice, list: LabelledList = 'choices'): boolean {
  const words = ITEM_WORDS[list];
  const n = new RegExp(`^${words.label} (\\d+)$`).exec(choice.label)?.[1];
  return n !== undefined && choice.value === `${words.value}_${n}`;
}

/** The values the conditions reading `code` compare with, and the rows they name. */
function valuesRead(definition: Definition, code: string): Set<unknown> {
  const read = new Set<unknown>();
  everyRule(definition, (_element, _rule, config) => {
    for (const condition of config.rule?.conditions ?? []) {
      if (condition.source === 'ANSWER' && condition.questionCode === code) {
        for (const value of [condition.value].flat()) read.add(value);
        if (condition.subField) read.add(condition.subField);
      }
    }
  });
  return read;
}

/**
 * Lines pasted into a choice's label (or added with "Add several choices at once"); the same for a
 * grid's rows and columns (`list`). With
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
  list: LabelledList = 'choices',
): Definition {
  const question = questionsOf(definition, ref)[index];
  const [first, ...rest] = lines;
  if (!question || first === undefined) return definition;
  const target = itemsOf(question, list)[choiceIndex];
  const replacing = (replace || (target !== undefined && isPlaceholderChoice(target, list))) && target !== undefined;
  const changed = replacing ? setChoiceLabel(definition, ref, index, choiceIndex, first, published, list) : definition;
  const current = itemsOf(questionsOf(changed, ref)[index], list);
  const read = valuesRead(changed, question.code);
  const taken = new Set(current.map((item) => item.value));
  const added = (replacing ? rest : lines).map((label) => {
    const value = uniqueSlug(label, ITEM_WORDS[list].value, taken);
    taken.add(value);
    return { value, label };
  });
  const kept = (item: Choice, i: number) =>
    i === choiceIndex || !isPlaceholderChoice(item, list) || read.has(item.value) || published.has(item.value);
  const at = Math.min(choiceIndex + 1, current.length);
  const items = [
    ...current.slice(0, at).filter((item, i) => kept(item, i)),
    ...added,
    ...current.slice(at).filter((item, i) => kept(item, at + i)),
  ];
  return updateQuestion(
    changed,
    ref,
    index,
    (q) => ({ ...q, typeConfig: { ...q.typeConfig, [list]: items } }) as Question,
  );
}

/** Sets a choice's (row's, column's) value; rules using the old value follow when it was unambiguous. */
export function setChoiceValue(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  choiceIndex: number,
  value: string,
  list: LabelledList = 'choices',
): Definition {
  const question = questionsOf(definition, ref)[index];
  const items = itemsOf(question, list);
  const item = items[choiceIndex];
  if (!question || !item) return definition;
  const changed = withItem(definition, ref, index, choiceIndex, { value }, list);
  const unambiguous = (v: string) => items.filter((c, i) => i !== choiceIndex && c.value === v).length === 0;
  return unambiguous(item.value) && unambiguous(value)
    ? renameValue(changed, question.code, item.value, value, list)
    : changed;
}

/** The codes and, per code, the choice (row, column) values a (published) definition uses. */
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
      const question = element.question as Question;
      values.set(
        element.question.code,
        new Set(
          (['choices', 'rows', 'columns'] as const).flatMap((list) => itemsOf(question, list).map((c) => c.value)),
        ),
      );
    });
  }
  return { codes, values };
}
