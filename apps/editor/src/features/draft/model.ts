import {
  type Definition,
  type Ending,
  QUESTION_TYPES,
  type Question,
  type RuleConfig,
  type Step,
  type Tab,
} from '@forms-engine/schema';
import { isChoiceType, type QuestionTypeName } from '@forms-engine/schema/rules';
import { slugOf, uniqueSlug } from './slug.ts';
import { copyTranslations } from './translations.ts';

/**
 * The draft as one value and pure edits on it: every change makes a new definition (the undo
 * history keeps the old ones). Questions live in containers: the top level, a top-level tab,
 * a step, or a step's tab.
 */
export interface ContainerRef {
  step?: number;
  tab?: number;
}

export type Selection =
  | { kind: 'question'; container: ContainerRef; index: number }
  | { kind: 'step'; step: number }
  | { kind: 'tab'; step?: number; tab: number }
  | { kind: 'ending'; ending: number }
  | { kind: 'hidden' };

export interface Container {
  ref: ContainerRef;
  /** "Step 1 › Tab 2", for pickers. */
  label: string;
  /** The API's field path of its question list, e.g. `steps.0.tabs.1.questions`. */
  path: string;
  questions: Question[];
}

const tabsOf = (definition: Definition, step: number | undefined): Tab[] =>
  step === undefined ? definition.tabs : (definition.steps[step]?.tabs ?? []);

export function containerPath(ref: ContainerRef): string {
  const parts: string[] = [];
  if (ref.step !== undefined) parts.push('steps', String(ref.step));
  if (ref.tab !== undefined) parts.push('tabs', String(ref.tab));
  parts.push('questions');
  return parts.join('.');
}

export function questionsOf(definition: Definition, ref: ContainerRef): Question[] {
  if (ref.step === undefined)
    return ref.tab === undefined ? definition.questions : (definition.tabs[ref.tab]?.questions ?? []);
  const step = definition.steps[ref.step];
  if (!step) return [];
  return ref.tab === undefined ? step.questions : (step.tabs[ref.tab]?.questions ?? []);
}

function withQuestions(definition: Definition, ref: ContainerRef, questions: Question[]): Definition {
  const replaceTab = (tabs: Tab[], index: number) => tabs.map((tab, i) => (i === index ? { ...tab, questions } : tab));
  if (ref.step === undefined) {
    return ref.tab === undefined
      ? { ...definition, questions }
      : { ...definition, tabs: replaceTab(definition.tabs, ref.tab) };
  }
  return {
    ...definition,
    steps: definition.steps.map((step, i) =>
      i !== ref.step
        ? step
        : ref.tab === undefined
          ? { ...step, questions }
          : { ...step, tabs: replaceTab(step.tabs, ref.tab) },
    ),
  };
}

/** Every place a question can go, in outline order. */
export function containersOf(definition: Definition): Container[] {
  const list: Container[] = [];
  const add = (ref: ContainerRef, label: string) => {
    list.push({ ref, label, path: containerPath(ref), questions: questionsOf(definition, ref) });
  };
  if (definition.steps.length > 0) {
    for (const [s, step] of definition.steps.entries()) {
      const stepLabel = step.title || `Step ${s + 1}`;
      if (step.tabs.length === 0 || step.questions.length > 0) add({ step: s }, stepLabel);
      for (const [t, tab] of step.tabs.entries())
        add({ step: s, tab: t }, `${stepLabel} › ${tab.title || `Tab ${t + 1}`}`);
    }
  } else if (definition.tabs.length > 0) {
    for (const [t, tab] of definition.tabs.entries()) add({ tab: t }, tab.title || `Tab ${t + 1}`);
  } else {
    add({}, 'Questions');
  }
  return list;
}

export const sameContainer = (a: ContainerRef, b: ContainerRef) => a.step === b.step && a.tab === b.tab;

/** Every question code in use. */
function usedCodes(definition: Definition): Set<string> {
  const used = new Set<string>();
  for (const container of containersOf(definition)) for (const question of container.questions) used.add(question.code);
  return used;
}

/** Every element id in use, so new ones are unique. */
function usedIds(definition: Definition): Set<string> {
  const used = new Set<string>();
  for (const container of containersOf(definition)) for (const question of container.questions) used.add(question.id);
  for (const step of definition.steps) {
    used.add(step.id);
    for (const tab of step.tabs) used.add(tab.id);
  }
  for (const tab of definition.tabs) used.add(tab.id);
  for (const ending of definition.endings ?? []) used.add(ending.id);
  return used;
}

function uniqueId(used: Set<string>, stem: string): string {
  for (let n = 1; ; n++) {
    const id = `${stem}_${n}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/**
 * The typeConfig a new question of `type` starts with: the type's defaults written out (a
 * rating from 1 to 5 in steps of 1), so the fields and the preview show them; choices need one.
 */
export function initialTypeConfig(type: QuestionTypeName): Record<string, unknown> {
  if (isChoiceType(type)) return { choices: placeholders('Option', 'option', 2) };
  const start = STARTING_CONFIGS[type];
  if (start) return { ...(QUESTION_TYPES[type].config.parse(start) as Record<string, unknown>) };
  const defaults = QUESTION_TYPES[type].config.safeParse({});
  return defaults.success ? { ...(defaults.data as Record<string, unknown>) } : {};
}

/** "Row 1" … "Row n" with values `row_1` …: items a pasted list replaces (codes.ts `isPlaceholderChoice`). */
const placeholders = (label: string, value: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ value: `${value}_${i + 1}`, label: `${label} ${i + 1}` }));

const SATISFACTION = ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'];

/**
 * Where the types that cannot start empty start: a grid of three rows on the usual five-point
 * satisfaction scale, a ranking of three choices, a Net Promoter Score with its usual end labels.
 */
const STARTING_CONFIGS: Partial<Record<QuestionTypeName, Record<string, unknown>>> = {
  MATRIX: {
    rows: placeholders('Row', 'row', 3),
    columns: SATISFACTION.map((label) => ({ value: slugOf(label), label })),
  },
  RANKING: { choices: placeholders('Option', 'option', 3) },
  NPS: { minLabel: 'Not at all likely', maxLabel: 'Extremely likely' },
};

/** A new question: its code is the slug of its prompt (see slug.ts), unique in the definition. */
export function newQuestion(definition: Definition, type: QuestionTypeName, prompt = ''): Question {
  return {
    id: uniqueId(usedIds(definition), 'question'),
    code: uniqueSlug(prompt, 'question', usedCodes(definition)),
    type,
    prompt,
    sectionTitle: '',
    width: 'FULL',
    visibility: { mode: 'ALWAYS' },
    requirement: { mode: 'NEVER' },
    typeConfig: initialTypeConfig(type),
  } as Question;
}

export function addQuestion(definition: Definition, ref: ContainerRef, type: QuestionTypeName): Definition {
  return withQuestions(definition, ref, [...questionsOf(definition, ref), newQuestion(definition, type)]);
}

export function updateQuestion(
  definition: Definition,
  ref: ContainerRef,
  index: number,
  change: (question: Question) => Question,
): Definition {
  return withQuestions(
    definition,
    ref,
    questionsOf(definition, ref).map((question, i) => (i === index ? change(question) : question)),
  );
}

/** A new type keeps the shared fields and starts the type's settings afresh. */
export function changeType(question: Question, type: QuestionTypeName): Question {
  return { ...question, type, typeConfig: initialTypeConfig(type) } as Question;
}

export function removeQuestion(definition: Definition, ref: ContainerRef, index: number): Definition {
  return withQuestions(
    definition,
    ref,
    questionsOf(definition, ref).filter((_, i) => i !== index),
  );
}

/** Moves within one container, by `offset` places (−1 up, +1 down); out of range is no change. */
export function moveQuestion(definition: Definition, ref: ContainerRef, index: number, offset: number): Definition {
  const questions = [...questionsOf(definition, ref)];
  const target = index + offset;
  if (target < 0 || target >= questions.length) return definition;
  const [moved] = questions.splice(index, 1);
  questions.splice(target, 0, moved as Question);
  return withQuestions(definition, ref, questions);
}

/** Moves a question to another container (at `at`, else its end). */
export function moveQuestionTo(
  definition: Definition,
  from: ContainerRef,
  index: number,
  to: ContainerRef,
  at?: number,
): Definition {
  if (sameContainer(from, to)) {
    const questions = [...questionsOf(definition, from)];
    const [moved] = questions.splice(index, 1);
    questions.splice(Math.min(at ?? questions.length, questions.length), 0, moved as Question);
    return withQuestions(definition, from, questions);
  }
  const question = questionsOf(definition, from)[index];
  if (!question) return definition;
  const without = removeQuestion(definition, from, index);
  const target = [...questionsOf(without, to)];
  target.splice(Math.min(at ?? target.length, target.length), 0, question);
  return withQuestions(without, to, target);
}

const emptyStep = (id: string, title: string): Step => ({
  id,
  title,
  visibility: { mode: 'ALWAYS' },
  requirement: { mode: 'NEVER' },
  tabs: [],
  questions: [],
});

/**
 * Adds a step. A definition laid out without steps moves its questions (or tabs) into the
 * first step, since a definition has one layout.
 */
export function addStep(definition: Definition): Definition {
  const step = emptyStep(uniqueId(usedIds(definition), 'step'), `Step ${definition.steps.length + 1}`);
  if (definition.steps.length === 0 && (definition.questions.length > 0 || definition.tabs.length > 0)) {
    return {
      ...definition,
      steps: [{ ...step, questions: definition.questions, tabs: definition.tabs }],
      questions: [],
      tabs: [],
    };
  }
  return { ...definition, steps: [...definition.steps, step] };
}

export function addTab(definition: Definition, step: number | undefined): Definition {
  const id = uniqueId(usedIds(definition), 'tab');
  const tabs = tabsOf(definition, step);
  const tab: Tab = {
    id,
    title: `Tab ${tabs.length + 1}`,
    visibility: { mode: 'ALWAYS' },
    requirement: { mode: 'NEVER' },
    questions: [],
  };
  if (step === undefined) {
    // Top-level questions move into the first tab.
    if (definition.tabs.length === 0 && definition.questions.length > 0) {
      return { ...definition, tabs: [{ ...tab, questions: definition.questions }], questions: [] };
    }
    return { ...definition, tabs: [...definition.tabs, tab] };
  }
  return {
    ...definition,
    steps: definition.steps.map((s, i) => {
      if (i !== step) return s;
      // A step's own questions move into its first tab.
      if (s.tabs.length === 0 && s.questions.length > 0)
        return { ...s, tabs: [{ ...tab, questions: s.questions }], questions: [] };
      return { ...s, tabs: [...s.tabs, tab] };
    }),
  };
}

export function removeStep(definition: Definition, step: number): Definition {
  return { ...definition, steps: definition.steps.filter((_, i) => i !== step) };
}

export function removeTab(definition: Definition, step: number | undefined, tab: number): Definition {
  if (step === undefined) return { ...definition, tabs: definition.tabs.filter((_, i) => i !== tab) };
  return {
    ...definition,
    steps: definition.steps.map((s, i) => (i === step ? { ...s, tabs: s.tabs.filter((_, j) => j !== tab) } : s)),
  };
}

export function moveStep(definition: Definition, step: number, offset: number): Definition {
  const steps = [...definition.steps];
  const target = step + offset;
  if (target < 0 || target >= steps.length) return definition;
  const [moved] = steps.splice(step, 1);
  steps.splice(target, 0, moved as Step);
  return { ...definition, steps };
}

export interface SectionChange {
  title?: string;
  visibility?: RuleConfig;
  requirement?: RuleConfig;
}

export function updateStep(definition: Definition, step: number, change: SectionChange): Definition {
  return { ...definition, steps: definition.steps.map((s, i) => (i === step ? { ...s, ...change } : s)) };
}

export function updateTab(
  definition: Definition,
  step: number | undefined,
  tab: number,
  change: SectionChange,
): Definition {
  const update = (tabs: Tab[]) => tabs.map((t, j) => (j === tab ? { ...t, ...change } : t));
  if (step === undefined) return { ...definition, tabs: update(definition.tabs) };
  return { ...definition, steps: definition.steps.map((s, i) => (i === step ? { ...s, tabs: update(s.tabs) } : s)) };
}

/** The API field path of a selection, for its errors (`steps.0.tabs.1.questions.2`). */
export function selectionPath(selection: Selection): string {
  if (selection.kind === 'ending') return `endings.${selection.ending}`;
  if (selection.kind === 'hidden') return 'hiddenFields';
  if (selection.kind === 'question') return `${containerPath(selection.container)}.${selection.index}`;
  if (selection.kind === 'step') return `steps.${selection.step}`;
  return selection.step === undefined ? `tabs.${selection.tab}` : `steps.${selection.step}.tabs.${selection.tab}`;
}

/** The element a selection names, or what `path` (`steps.0.tabs.1`) names, as a selection. */
export function selectionOfPath(path: string): Selection | undefined {
  const ending = /^endings\.(\d+)/.exec(path);
  if (ending) return { kind: 'ending', ending: Number(ending[1]) };
  if (path === 'hiddenFields' || path.startsWith('hiddenFields.')) return { kind: 'hidden' };
  const match = /^(?:steps\.(\d+))?(?:\.?tabs\.(\d+))?(?:\.?questions\.(\d+))?/.exec(path);
  if (!match?.[0]) return undefined;
  const [, step, tab, question] = match;
  const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  if (question !== undefined) {
    const container: ContainerRef = {};
    if (step !== undefined) container.step = Number(step);
    if (tab !== undefined) container.tab = Number(tab);
    return { kind: 'question', container, index: Number(question) };
  }
  if (tab !== undefined) {
    const selection: Selection = { kind: 'tab', tab: Number(tab) };
    if (step !== undefined) selection.step = num(step);
    return selection;
  }
  return step === undefined ? undefined : { kind: 'step', step: Number(step) };
}

/** Replaces the value at a dotted path (`steps.0.questions.2.visibility`) with `change(value)`. */
export function updateAt(definition: Definition, path: string, change: (value: unknown) => unknown): Definition {
  const update = (value: unknown, keys: string[]): unknown => {
    const [key, ...rest] = keys;
    if (key === undefined) return change(value);
    if (Array.isArray(value)) {
      const at = Number(key);
      return at >= 0 && at < value.length ? value.map((item, i) => (i === at ? update(item, rest) : item)) : value;
    }
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    return { ...record, [key]: update(record[key], rest) };
  };
  return update(definition, path ? path.split('.') : []) as Definition;
}

/**
 * Copies questions with new ids and unique codes (each the slug of its prompt), and points the
 * copies' rules that read a copied question at its copy.
 */
function copyQuestions(
  definition: Definition,
  questions: Question[],
  ids = usedIds(definition),
): { copies: Question[]; codes: Map<string, string>; ids: Map<string, string> } {
  const codes = usedCodes(definition);
  const renamed = new Map<string, string>();
  const copiedIds = new Map<string, string>();
  const copies = questions.map((question) => {
    const code = uniqueSlug(question.prompt, 'question', codes);
    codes.add(code);
    renamed.set(question.code, code);
    const id = uniqueId(ids, 'question');
    copiedIds.set(question.id, id);
    return { ...question, id, code } as Question;
  });
  return { copies: copies.map((copy) => retarget(copy, renamed)), codes: renamed, ids: copiedIds };
}

/** The element with its rules reading `renamed` codes by their new names. */
function retarget<T extends { visibility: RuleConfig; requirement: RuleConfig }>(
  element: T,
  renamed: Map<string, string>,
): T {
  const rule = (config: RuleConfig): RuleConfig =>
    config.rule
      ? {
          ...config,
          rule: {
            ...config.rule,
            conditions: config.rule.conditions.map((c) =>
              c.questionCode && renamed.has(c.questionCode) ? { ...c, questionCode: renamed.get(c.questionCode) } : c,
            ),
          },
        }
      : config;
  return { ...element, visibility: rule(element.visibility), requirement: rule(element.requirement) };
}

const insertAfter = <T>(list: T[], index: number, item: T) => [
  ...list.slice(0, index + 1),
  item,
  ...list.slice(index + 1),
];

/**
 * A copy of a question right after it; its code is the slug of its prompt, numbered. It says what
 * the original says in every language: its translations are copied too.
 */
export function duplicateQuestion(definition: Definition, ref: ContainerRef, index: number): Definition {
  const questions = questionsOf(definition, ref);
  const question = questions[index];
  if (!question) return definition;
  const { copies, ids } = copyQuestions(definition, [question]);
  return copyTranslations(withQuestions(definition, ref, insertAfter(questions, index, copies[0] as Question)), ids);
}

/** A copy of a tab (its questions copied too, with their translations) right after it; its title gains "(copy)". */
export function duplicateTab(definition: Definition, step: number | undefined, tab: number): Definition {
  const tabs = tabsOf(definition, step);
  const original = tabs[tab];
  if (!original) return definition;
  const used = usedIds(definition);
  const { copies, codes, ids } = copyQuestions(definition, original.questions, used);
  const copy = retarget(
    { ...original, id: uniqueId(used, 'tab'), title: `${original.title || 'Tab'} (copy)`, questions: copies },
    codes,
  );
  const changed =
    step === undefined
      ? { ...definition, tabs: insertAfter(tabs, tab, copy) }
      : {
          ...definition,
          steps: definition.steps.map((s, i) => (i === step ? { ...s, tabs: insertAfter(tabs, tab, copy) } : s)),
        };
  // The copy's title is not the original's: it is left to translate again.
  return copyTranslations(changed, new Map([...ids, [original.id, copy.id]]), new Set([`${original.id}.title`]));
}

/** A copy of a step (its tabs and questions copied too) right after it. */
export function duplicateStep(definition: Definition, step: number): Definition {
  const original = definition.steps[step];
  if (!original) return definition;
  const ids = usedIds(definition);
  // Copy everything in one pass so the codes stay unique across the step's own questions and its tabs.
  const all = [...original.questions, ...original.tabs.flatMap((tab) => tab.questions)];
  const { copies, codes, ids: copiedIds } = copyQuestions(definition, all, ids);
  let at = 0;
  const take = (count: number) => {
    const taken = copies.slice(at, at + count);
    at += count;
    return taken;
  };
  const questions = take(original.questions.length);
  const tabs = original.tabs.map((tab) => {
    const id = uniqueId(ids, 'tab');
    copiedIds.set(tab.id, id);
    return retarget({ ...tab, id, title: tab.title, questions: take(tab.questions.length) }, codes);
  });
  const copy = retarget(
    {
      ...original,
      id: uniqueId(ids, 'step'),
      title: `${original.title || `Step ${step + 1}`} (copy)`,
      questions,
      tabs,
    },
    codes,
  );
  copiedIds.set(original.id, copy.id);
  // The step's own title gains "(copy)": it is left to translate again; its tabs and questions say the same.
  return copyTranslations(
    { ...definition, steps: insertAfter(definition.steps, step, copy) },
    copiedIds,
    new Set([`${original.id}.title`]),
  );
}

/** A new ending, last in the list: shown always until the builder gives it a rule. */
export function addEnding(definition: Definition): Definition {
  const endings = definition.endings ?? [];
  const ending: Ending = {
    id: uniqueId(usedIds(definition), 'ending'),
    title: `Ending ${endings.length + 1}`,
    body: '',
    visibility: { mode: 'ALWAYS' },
  };
  return { ...definition, endings: [...endings, ending] };
}

export function updateEnding(definition: Definition, index: number, change: Partial<Ending>): Definition {
  const endings = (definition.endings ?? []).map((ending, i) => {
    if (i !== index) return ending;
    const next = { ...ending, ...change };
    // An emptied redirect address is no redirect at all.
    if (!next.redirectUrl) delete next.redirectUrl;
    return next;
  });
  return { ...definition, endings };
}

/** Removes an ending; the last one removed leaves no `endings` (the built-in "Thank you"). */
export function removeEnding(definition: Definition, index: number): Definition {
  const endings = (definition.endings ?? []).filter((_, i) => i !== index);
  if (endings.length > 0) return { ...definition, endings };
  const { endings: _gone, ...rest } = definition;
  return rest as Definition;
}

export function moveEnding(definition: Definition, index: number, offset: number): Definition {
  const endings = [...(definition.endings ?? [])];
  const target = index + offset;
  if (target < 0 || target >= endings.length) return definition;
  const [moved] = endings.splice(index, 1);
  endings.splice(target, 0, moved as Ending);
  return { ...definition, endings };
}
