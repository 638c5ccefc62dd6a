import type { Definition, Question } from '@forms-engine/schema';
import { walkDefinition } from '@forms-engine/schema/rules';

/** Where a question sits: "Step 1 › Tab 2", and its place there. */
interface Place {
  section: string;
  index: number;
}

export interface QuestionChange {
  code: string;
  /** The question's fields that differ: prompt, type, typeConfig, visibility… */
  fields: string[];
}

export interface QuestionMove {
  code: string;
  from: string;
  to: string;
}

export interface DefinitionDiff {
  added: string[];
  removed: string[];
  changed: QuestionChange[];
  moved: QuestionMove[];
  sectionsAdded: string[];
  sectionsRemoved: string[];
  sectionsRenamed: { id: string; from: string; to: string }[];
}

const COMPARED_FIELDS = [
  'prompt',
  'type',
  'sectionTitle',
  'width',
  'typeConfig',
  'visibility',
  'requirement',
  'id',
] as const;

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

interface Indexed {
  questions: Map<string, { question: Question; place: Place }>;
  sections: Map<string, string>;
}

/** Questions by code (a question's identity across versions) with their places; sections by id with titles. */
function index(definition: Definition): Indexed {
  const questions = new Map<string, { question: Question; place: Place }>();
  const sections = new Map<string, string>();
  const counters = new Map<string, number>();
  let step = '';
  let tab = '';
  walkDefinition(definition, (element) => {
    if (element.kind === 'step') {
      step = element.step.title || element.step.id;
      tab = '';
      sections.set(element.step.id, step);
    } else if (element.kind === 'tab') {
      tab = element.tab.title || element.tab.id;
      sections.set(element.tab.id, tab);
    } else {
      const section = [step, tab].filter(Boolean).join(' › ') || 'Questions';
      const n = counters.get(section) ?? 0;
      counters.set(section, n + 1);
      questions.set(element.question.code, { question: element.question as Question, place: { section, index: n } });
    }
  });
  return { questions, sections };
}

/** What changed from `before` to `after`: questions (by code) added, removed, changed, moved; steps and tabs. */
export function diffDefinitions(before: Definition, after: Definition): DefinitionDiff {
  const a = index(before);
  const b = index(after);
  const diff: DefinitionDiff = {
    added: [],
    removed: [],
    changed: [],
    moved: [],
    sectionsAdded: [],
    sectionsRemoved: [],
    sectionsRenamed: [],
  };
  for (const code of a.questions.keys()) if (!b.questions.has(code)) diff.removed.push(code);
  for (const [code, now] of b.questions) {
    const then = a.questions.get(code);
    if (!then) {
      diff.added.push(code);
      continue;
    }
    const fields = COMPARED_FIELDS.filter((field) => !same(then.question[field], now.question[field]));
    if (fields.length > 0) diff.changed.push({ code, fields: [...fields] });
    if (then.place.section !== now.place.section || then.place.index !== now.place.index) {
      diff.moved.push({
        code,
        from: `${then.place.section} #${then.place.index + 1}`,
        to: `${now.place.section} #${now.place.index + 1}`,
      });
    }
  }
  for (const [id, title] of b.sections) {
    const old = a.sections.get(id);
    if (old === undefined) diff.sectionsAdded.push(title);
    else if (old !== title) diff.sectionsRenamed.push({ id, from: old, to: title });
  }
  for (const [id, title] of a.sections) if (!b.sections.has(id)) diff.sectionsRemoved.push(title);
  // Only questions whose order changed for a reason of their own: a question after an added or
  // removed one shifts too, and that is not news.
  diff.moved = diff.moved.filter((move) => {
    const [fromSection] = move.from.split(' #');
    const [toSection] = move.to.split(' #');
    return fromSection !== toSection || relativeOrderChanged(move.code, a, b);
  });
  return diff;
}

/** Whether `code` now has a different question before it among the questions both versions share. */
function relativeOrderChanged(code: string, a: Indexed, b: Indexed): boolean {
  const shared = (indexed: Indexed) =>
    [...indexed.questions.keys()].filter((c) => a.questions.has(c) && b.questions.has(c));
  const beforeOrder = shared(a);
  const afterOrder = shared(b);
  return beforeOrder[beforeOrder.indexOf(code) - 1] !== afterOrder[afterOrder.indexOf(code) - 1];
}

export const isEmptyDiff = (diff: DefinitionDiff) => Object.values(diff).every((list) => list.length === 0);
