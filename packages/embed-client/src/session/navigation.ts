import { type AnswerError, type Answers, questionPlaces, validateScreen } from '@forms-engine/schema/rules';
import { markSent, requestSave } from './saving';
import { startingScreen } from './screens';
import {
  emit,
  type LoadedQuestionnaire,
  nextFocus,
  ruleContext,
  type SessionState,
  screenView,
  type Transition,
} from './state';

/** Moving between screens: entering the form, Next/Back, failed validation, Submit. */

export function enterForm(
  state: SessionState,
  questionnaire: LoadedQuestionnaire,
  answers: Answers,
  saved?: { stepId?: string | undefined; tabId?: string | undefined },
): Transition {
  const stepId = startingScreen(questionnaire.definition, { ...ruleContext(state), answers }, saved?.stepId);
  const tabId = saved && saved.stepId === stepId ? (saved.tabId ?? null) : null;
  const next = markSent({ ...state, phase: 'form', questionnaire, answers, stepId, tabId, errors: {} });
  const status = 'IN_PROGRESS' as const;
  return {
    state: next,
    effects: [emit({ name: 'ready', detail: { versionNumber: questionnaire.versionNumber, status } })],
  };
}

/** The tab holding the first error, so a failed Next opens it (the form is shown: its questionnaire is known). */
function tabOfFirstError(state: SessionState, errors: Record<string, AnswerError>): string | null {
  const first = Object.keys(errors)[0];
  const { definition } = state.questionnaire as LoadedQuestionnaire;
  return questionPlaces(definition).find((p) => p.question.code === first)?.tab?.id ?? state.tabId;
}

export function failValidation(state: SessionState, errors: Record<string, AnswerError>): Transition {
  return {
    state: { ...state, errors, tabId: tabOfFirstError(state, errors), focus: nextFocus(state, 'error') },
    effects: [],
  };
}

export function goTo(state: SessionState, stepId: string | null, forward: boolean): Transition {
  const moved: SessionState = {
    ...state,
    stepId,
    tabId: null,
    errors: {},
    notice: null,
    focus: nextFocus(state, 'heading'),
  };
  const saved = requestSave(moved, forward);
  const index = screenView(saved.state).index;
  return { state: saved.state, effects: [emit({ name: 'stepChange', detail: { stepId, index } }), ...saved.effects] };
}

export function submitScreens(state: SessionState): Transition {
  const questionnaire = state.questionnaire as LoadedQuestionnaire;
  const view = screenView(state);
  const upToHere = view.visible.slice(0, view.index + 1);
  for (const screen of upToHere) {
    const errors = validateScreen(questionnaire.definition, state.answers, screen.id, ruleContext(state));
    if (Object.keys(errors).length === 0) continue;
    if (screen === view.current) return failValidation(state, errors);
    // An earlier screen no longer passes (answers changed after it): go back there and show why.
    const moved = goTo(state, screen.id, false);
    const failed = failValidation(moved.state, errors);
    return { state: failed.state, effects: moved.effects };
  }
  const pending: SessionState = { ...state, errors: {}, submit: { status: 'pending', problem: null } };
  return requestSave(pending, true);
}
