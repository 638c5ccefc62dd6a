import type { Definition, Ending, Layout, Question, RuleConfig, Step, Tab } from '@forms-engine/schema/rules';
import { DEFAULT_LANGUAGE, LABELLED_LISTS, type LabelledList, walkDefinition } from '@forms-engine/schema/rules';
import {
  languageLabel,
  languageName,
  languagesInOrder,
  missingTexts,
  oneLine,
  type QuestionLookup,
  questionLookup,
  questionName,
  quoted,
  requirementInWords,
  settingName,
  settingValue,
  translatableTexts,
  translationOf,
  typeName,
  visibilityInWords,
  widthName,
} from '../../definition-words/index.ts';

/**
 * What changed between two definitions, in words a builder reads: each question by its prompt,
 * each difference with its old and new value side by side, steps and tabs by their titles.
 */

/** One difference: what it is, and the old and new value in words ("—" where there was none). */
export interface Change {
  what: string;
  before: string;
  after: string;
}

export interface QuestionSummary {
  /** Stable across both sides (for React keys); never shown. */
  key: string;
  name: string;
  type: string;
  place: string;
}

export interface QuestionChanges {
  key: string;
  /** The question's name now (its new prompt when that changed). */
  name: string;
  changes: Change[];
}

export interface QuestionMove {
  key: string;
  name: string;
  from: string;
  to: string;
}

export interface SectionChanges {
  key: string;
  name: string;
  changes: Change[];
}

export interface DefinitionDiff {
  added: QuestionSummary[];
  removed: QuestionSummary[];
  changed: QuestionChanges[];
  moved: QuestionMove[];
  sectionsAdded: string[];
  sectionsRemoved: string[];
  sectionsChanged: SectionChanges[];
  /** "German (Deutsch): 5 of 8 texts translated". */
  languagesAdded: string[];
  languagesRemoved: string[];
  /** The default language, the language switcher. */
  languageChanges: Change[];
  /** Per language both sides have: each text whose translation changed, by its name ("The prompt of “Name”"). */
  translations: SectionChanges[];
}

/** A definition with its languages, as both sides of a comparison are. */
export type Compared = Layout &
  Pick<Definition, 'defaultLanguage' | 'translations' | 'languageSwitcher' | 'hiddenFields' | 'endings'>;

/** Marks the side of a change that has no value ("Choices added": nothing before). */
export const NOTHING = '—';

/** A text a person wrote, quoted; "—" when there is none. */
const textWords = (text: string | undefined) => {
  const words = oneLine(text ?? '');
  return words ? quoted(words) : NOTHING;
};

/** Key-order-independent JSON equality (definitions come from different JSON writers). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

interface Placed {
  question: Question;
  /** "Step “About you” › Tab “Contact”", or "" for a definition without steps and tabs. */
  section: string;
  /** The ids of its step and tab: a renamed step is still the same place. */
  sectionIds: string;
  index: number;
}

interface Section {
  kind: 'Step' | 'Tab' | 'Ending';
  element: Step | Tab | Ending;
  name: string;
}

interface Indexed {
  questions: Placed[];
  sections: Map<string, Section>;
  lookup: QuestionLookup;
}

/** "Step “About you”"; an untitled one by its place ("Step 2 (untitled)"). */
const sectionLabel = (kind: 'Step' | 'Tab' | 'Ending', title: string, index: number) => {
  const words = oneLine(title ?? '');
  return words ? `${kind} ${quoted(words)}` : `${kind} ${index + 1} (untitled)`;
};

/** Questions in walking order with their places; steps, tabs and endings by id with their names. */
function index(definition: Layout & { endings?: readonly Ending[] | undefined }): Indexed {
  const questions: Placed[] = [];
  const sections = new Map<string, Section>();
  const counters = new Map<string, number>();
  let step = '';
  let tab = '';
  walkDefinition(definition, (element) => {
    const position = Number(element.path.at(-1));
    if (element.kind === 'step') {
      step = sectionLabel('Step', element.step.title, position);
      tab = '';
      sections.set(element.step.id, { kind: 'Step', element: element.step, name: step });
    } else if (element.kind === 'tab') {
      if (!element.step) step = '';
      tab = sectionLabel('Tab', element.tab.title, position);
      sections.set(element.tab.id, { kind: 'Tab', element: element.tab, name: tab });
    } else {
      const section = [element.step && step, element.tab && tab].filter(Boolean).join(' › ');
      const sectionIds = [element.step?.id, element.tab?.id].join('/');
      const n = counters.get(sectionIds) ?? 0;
      counters.set(sectionIds, n + 1);
      questions.push({ question: element.question, section, sectionIds, index: n });
    }
  });
  (definition.endings ?? []).forEach((ending, position) => {
    sections.set(ending.id, { kind: 'Ending', element: ending, name: sectionLabel('Ending', ending.title, position) });
  });
  return { questions, sections, lookup: questionLookup(definition) };
}

const placeWords = (placed: Placed) =>
  placed.section ? `${placed.section}, position ${placed.index + 1}` : `Position ${placed.index + 1}`;

/**
 * Pairs each question of `after` with its counterpart in `before`: by code (a question's identity
 * across versions and imports), then by id (the same question whose code was changed).
 */
function pairQuestions(a: Indexed, b: Indexed): Map<Placed, Placed> {
  const pairs = new Map<Placed, Placed>();
  const taken = new Set<Placed>();
  const byCode = new Map(a.questions.map((placed) => [placed.question.code, placed]));
  for (const now of b.questions) {
    const then = byCode.get(now.question.code);
    if (then) {
      pairs.set(now, then);
      taken.add(then);
    }
  }
  for (const now of b.questions) {
    if (pairs.has(now)) continue;
    const then = a.questions.find((placed) => !taken.has(placed) && placed.question.id === now.question.id);
    if (then && !b.questions.some((other) => other.question.code === then.question.code)) {
      pairs.set(now, then);
      taken.add(then);
    }
  }
  return pairs;
}

/** The prompt in words; when only its markup changed, the text as written, so the change shows. */
function promptChange(before: string, after: string): Change {
  const plainBefore = oneLine(before);
  const plainAfter = oneLine(after);
  if (plainBefore === plainAfter) return { what: 'Prompt (formatting)', before: quoted(before), after: quoted(after) };
  return { what: 'Prompt', before: textWords(before), after: textWords(after) };
}

type Choice = { value: string; label: string };
const choicesOf = (question: Question, list: LabelledList = 'choices'): Choice[] =>
  ((question.typeConfig as Partial<Record<LabelledList, Choice[]>>)[list] ?? []).filter(Boolean);

/** How each list's changes are named: "Choices added", "Row renamed", "Column order". */
const LIST_NOUNS: Record<LabelledList, { one: string; many: string }> = {
  choices: { one: 'Choice', many: 'Choices' },
  rows: { one: 'Row', many: 'Rows' },
  columns: { one: 'Column', many: 'Columns' },
};
const choiceName = (choice: Choice) => quoted(oneLine(choice.label) || choice.value);
const listOf = (items: string[]) => (items.length > 0 ? items.join(', ') : NOTHING);

/** Choices (a grid's rows, columns) added, removed, relabelled and reordered, matched by their values. */
function choiceChanges(then: Question, now: Question, list: LabelledList = 'choices'): Change[] {
  const { one, many } = LIST_NOUNS[list];
  const before = choicesOf(then, list);
  const after = choicesOf(now, list);
  const beforeValues = new Map(before.map((choice) => [choice.value, choice]));
  const afterValues = new Map(after.map((choice) => [choice.value, choice]));
  const changes: Change[] = [];
  const added = after.filter((choice) => !beforeValues.has(choice.value));
  const removed = before.filter((choice) => !afterValues.has(choice.value));
  if (added.length > 0) changes.push({ what: `${many} added`, before: NOTHING, after: listOf(added.map(choiceName)) });
  if (removed.length > 0)
    changes.push({ what: `${many} removed`, before: listOf(removed.map(choiceName)), after: NOTHING });
  for (const choice of after) {
    const old = beforeValues.get(choice.value);
    if (old && old.label !== choice.label)
      changes.push({ what: `${one} renamed`, before: choiceName(old), after: choiceName(choice) });
  }
  const keptBefore = before.filter((choice) => afterValues.has(choice.value));
  const keptAfter = after.filter((choice) => beforeValues.has(choice.value));
  if (keptBefore.some((choice, i) => choice.value !== keptAfter[i]?.value))
    changes.push({
      what: `${one} order`,
      before: listOf(keptBefore.map((choice) => choiceName(afterValues.get(choice.value) ?? choice))),
      after: listOf(keptAfter.map(choiceName)),
    });
  return changes;
}

/** Every type setting that differs, by name, with both values in words. */
function settingChanges(then: Question, now: Question): Change[] {
  const before = then.typeConfig as Record<string, unknown>;
  const after = now.typeConfig as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !(LABELLED_LISTS as readonly string[]).includes(key),
  );
  return keys
    .filter((key) => !same(before?.[key], after?.[key]))
    .map((key) => ({
      what: settingName(key, now.type),
      before: settingValue(key, then.type, before?.[key]),
      after: settingValue(key, now.type, after?.[key]),
    }));
}

/** Shown and Required in words when the rule itself changed (not when only a prompt it names did). */
/** An ending's text and redirect address, old and new. */
function endingChanges(then: Ending, now: Ending): Change[] {
  const changes: Change[] = [];
  if ((then.body ?? '') !== (now.body ?? ''))
    changes.push({ what: 'Text', before: textWords(then.body), after: textWords(now.body) });
  if ((then.redirectUrl ?? '') !== (now.redirectUrl ?? ''))
    changes.push({ what: 'Redirect address', before: then.redirectUrl || NOTHING, after: now.redirectUrl || NOTHING });
  return changes;
}

function ruleChanges(
  then: { visibility?: RuleConfig; requirement?: RuleConfig },
  now: { visibility?: RuleConfig; requirement?: RuleConfig },
  a: Indexed,
  b: Indexed,
): Change[] {
  const changes: Change[] = [];
  if (!same(then.visibility ?? { mode: 'ALWAYS' }, now.visibility ?? { mode: 'ALWAYS' }))
    changes.push({
      what: 'Shown',
      before: visibilityInWords(then.visibility, a.lookup),
      after: visibilityInWords(now.visibility, b.lookup),
    });
  if (!same(then.requirement ?? { mode: 'NEVER' }, now.requirement ?? { mode: 'NEVER' }))
    changes.push({
      what: 'Required',
      before: requirementInWords(then.requirement, a.lookup),
      after: requirementInWords(now.requirement, b.lookup),
    });
  return changes;
}

function questionChanges(then: Question, now: Question, a: Indexed, b: Indexed): Change[] {
  const changes: Change[] = [];
  if (then.prompt !== now.prompt) changes.push(promptChange(then.prompt ?? '', now.prompt ?? ''));
  if (then.code !== now.code)
    changes.push({ what: 'Code (its column in exports)', before: quoted(then.code), after: quoted(now.code) });
  if (then.type !== now.type) changes.push({ what: 'Type', before: typeName(then.type), after: typeName(now.type) });
  if ((then.width ?? 'FULL') !== (now.width ?? 'FULL'))
    changes.push({ what: 'Width', before: widthName(then.width ?? 'FULL'), after: widthName(now.width ?? 'FULL') });
  if ((then.sectionTitle ?? '') !== (now.sectionTitle ?? ''))
    changes.push({
      what: 'Section title',
      before: textWords(then.sectionTitle),
      after: textWords(now.sectionTitle),
    });
  changes.push(
    ...ruleChanges(then, now, a, b),
    ...LABELLED_LISTS.flatMap((list) => choiceChanges(then, now, list)),
    ...settingChanges(then, now),
  );
  return changes;
}

const summary = (placed: Placed): QuestionSummary => ({
  key: `${placed.question.id}:${placed.question.code}`,
  name: questionName(placed.question),
  type: typeName(placed.question.type),
  place: placeWords(placed),
});

/** Marks a text with no translation on one side. */
export const NOT_TRANSLATED = 'Not translated';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Languages added and removed, the default and the switcher: in words. */
function languageDiff(
  before: Compared,
  after: Compared,
): Pick<DefinitionDiff, 'languagesAdded' | 'languagesRemoved' | 'languageChanges'> {
  const then = languagesInOrder(before);
  const now = languagesInOrder(after);
  const total = translatableTexts(after).length;
  const changes: Change[] = [];
  const oldDefault = before.defaultLanguage ?? DEFAULT_LANGUAGE;
  const newDefault = after.defaultLanguage ?? DEFAULT_LANGUAGE;
  if (oldDefault !== newDefault)
    changes.push({ what: 'Default language', before: languageLabel(oldDefault), after: languageLabel(newDefault) });
  if (Boolean(before.languageSwitcher) !== Boolean(after.languageSwitcher))
    changes.push({
      what: 'Language switcher for respondents',
      before: before.languageSwitcher ? 'Shown' : 'Not shown',
      after: after.languageSwitcher ? 'Shown' : 'Not shown',
    });
  return {
    languagesAdded: now
      .filter((tag) => !then.includes(tag))
      .map((tag) =>
        tag === newDefault
          ? `${languageLabel(tag)} (the default)`
          : `${languageLabel(tag)}: ${total - missingTexts(after, tag).length} of ${total} texts translated`,
      ),
    languagesRemoved: then.filter((tag) => !now.includes(tag)).map(languageLabel),
    languageChanges: changes,
  };
}

/** Each translation that changed, in each language both sides translate into, named by the newer side's texts. */
function translationDiff(before: Compared, after: Compared): SectionChanges[] {
  const then = languagesInOrder(before).slice(1);
  const shared = languagesInOrder(after)
    .slice(1)
    .filter((tag) => then.includes(tag));
  const texts = translatableTexts(after);
  const result: SectionChanges[] = [];
  for (const language of shared) {
    const changes: Change[] = [];
    for (const text of texts) {
      const was = translationOf(before.translations, language, text);
      const is = translationOf(after.translations, language, text);
      if (was === is) continue;
      changes.push({
        what: `${capital(text.name)} ${was === undefined ? 'translated' : is === undefined ? 'no longer translated' : 'changed'}`,
        before: was === undefined ? NOT_TRANSLATED : textWords(was),
        after: is === undefined ? NOT_TRANSLATED : textWords(is),
      });
    }
    if (changes.length > 0) result.push({ key: language, name: languageName(language), changes });
  }
  return result;
}

/** What changed from `before` to `after`, in words. */
export function diffDefinitions(before: Compared, after: Compared): DefinitionDiff {
  const a = index(before);
  const b = index(after);
  const pairs = pairQuestions(a, b);
  const paired = new Set(pairs.values());
  const diff: DefinitionDiff = {
    added: b.questions.filter((placed) => !pairs.has(placed)).map(summary),
    removed: a.questions.filter((placed) => !paired.has(placed)).map(summary),
    changed: [],
    moved: [],
    sectionsAdded: [],
    sectionsRemoved: [],
    sectionsChanged: [],
    ...languageDiff(before, after),
    translations: translationDiff(before, after),
  };
  // The order of the questions both sides share, to tell a real move from a shift.
  const sharedBefore = a.questions.filter((placed) => paired.has(placed));
  const sharedAfter = b.questions.filter((placed) => pairs.has(placed)).map((placed) => pairs.get(placed) as Placed);
  for (const [now, then] of pairs) {
    const key = `${now.question.id}:${now.question.code}`;
    const changes = questionChanges(then.question, now.question, a, b);
    if (changes.length > 0) diff.changed.push({ key, name: questionName(now.question), changes });
    const orderChanged = sharedBefore[sharedBefore.indexOf(then) - 1] !== sharedAfter[sharedAfter.indexOf(then) - 1];
    if (then.sectionIds !== now.sectionIds || (then.index !== now.index && orderChanged))
      diff.moved.push({ key, name: questionName(now.question), from: placeWords(then), to: placeWords(now) });
  }
  // Questions appear in the order of the newer side, as its outline lists them.
  const order = new Map(b.questions.map((placed, i) => [`${placed.question.id}:${placed.question.code}`, i]));
  diff.changed.sort((x, y) => (order.get(x.key) ?? 0) - (order.get(y.key) ?? 0));
  for (const [id, section] of b.sections) {
    const old = a.sections.get(id);
    if (!old) {
      diff.sectionsAdded.push(section.name);
      continue;
    }
    const changes: Change[] = [];
    if ((old.element.title ?? '') !== (section.element.title ?? ''))
      changes.push({
        what: 'Title',
        before: textWords(old.element.title),
        after: textWords(section.element.title),
      });
    if (section.kind === 'Ending') changes.push(...endingChanges(old.element as Ending, section.element as Ending));
    changes.push(...ruleChanges(old.element, section.element, a, b));
    if (changes.length > 0) diff.sectionsChanged.push({ key: id, name: section.name, changes });
  }
  for (const [id, section] of a.sections) if (!b.sections.has(id)) diff.sectionsRemoved.push(section.name);
  const keys = (definition: Compared) => (definition.hiddenFields ?? []).map((field) => field.key).join(', ');
  if (!same(before.hiddenFields ?? [], after.hiddenFields ?? [])) {
    diff.sectionsChanged.push({
      key: 'hiddenFields',
      name: 'Hidden fields',
      changes: [{ what: 'Hidden fields', before: keys(before) || NOTHING, after: keys(after) || NOTHING }],
    });
  }
  return diff;
}

export const isEmptyDiff = (diff: DefinitionDiff) => Object.values(diff).every((list) => list.length === 0);
