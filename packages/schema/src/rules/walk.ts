import type { Definition, Question, Step, Tab } from './model';

/**
 * The one walker over a definition's layout (steps > tabs > questions). Every other piece of
 * code that needs "all questions" or "the screens" goes through here, in this order:
 * a step, its own questions, then its tabs with their questions; then top-level tabs, then
 * top-level questions.
 */

type Path = readonly (string | number)[];

/** What the walker visits, with the containers around it and its path in the definition. */
export type WalkedElement =
  | { kind: 'step'; step: Step; path: Path }
  | { kind: 'tab'; tab: Tab; step: Step | undefined; path: Path }
  | { kind: 'question'; question: Question; tab: Tab | undefined; step: Step | undefined; path: Path };

/** A question with the tab and step that contain it (either may be absent). */
export interface QuestionPlace {
  question: Question;
  tab: Tab | undefined;
  step: Step | undefined;
}

/** A definition layout just large enough for walking (drafts with missing lists are fine). */
export type Layout = Partial<Pick<Definition, 'steps' | 'tabs' | 'questions'>>;

export function walkDefinition(definition: Layout, visit: (element: WalkedElement) => void): void {
  const questions = (
    list: readonly Question[] | undefined,
    step: Step | undefined,
    tab: Tab | undefined,
    base: Path,
  ) => {
    (list ?? []).forEach((question, index) => {
      visit({ kind: 'question', question, tab, step, path: [...base, 'questions', index] });
    });
  };
  const tabs = (list: readonly Tab[] | undefined, step: Step | undefined, base: Path) => {
    (list ?? []).forEach((tab, index) => {
      const path = [...base, 'tabs', index];
      visit({ kind: 'tab', tab, step, path });
      questions(tab.questions, step, tab, path);
    });
  };
  (definition.steps ?? []).forEach((step, index) => {
    const path = ['steps', index];
    visit({ kind: 'step', step, path });
    questions(step.questions, step, undefined, path);
    tabs(step.tabs, step, path);
  });
  tabs(definition.tabs, undefined, []);
  questions(definition.questions, undefined, undefined, []);
}

/** Every question with its containers, in walking order. */
export function questionPlaces(definition: Layout): QuestionPlace[] {
  const places: QuestionPlace[] = [];
  walkDefinition(definition, (element) => {
    if (element.kind === 'question') places.push({ question: element.question, tab: element.tab, step: element.step });
  });
  return places;
}

/** One screen of the renderer: a step, or the whole definition when it has no steps. */
export interface Screen {
  /** The step id; null for the single screen of a definition without steps. */
  id: string | null;
  step: Step | null;
  /** Questions shown above the tabs (a step's own questions, or top-level questions). */
  questions: readonly Question[];
  tabs: readonly Tab[];
}

export function screensOf(definition: Layout): Screen[] {
  const steps = definition.steps ?? [];
  if (steps.length > 0) {
    return steps.map((step) => ({ id: step.id, step, questions: step.questions ?? [], tabs: step.tabs ?? [] }));
  }
  return [{ id: null, step: null, questions: definition.questions ?? [], tabs: definition.tabs ?? [] }];
}

/** The screen with this id (null: the single screen of a step-less definition). */
export function findScreen(definition: Layout, id: string | null): Screen | undefined {
  return screensOf(definition).find((screen) => screen.id === id);
}
