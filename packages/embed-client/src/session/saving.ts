import { type Answers, questionPlaces } from '@forms-engine/schema/rules';
import { isTransient } from '../client/problem';
import type { CreateResponseRequest, PatchResponseRequest, Problem } from '../client/types';
import { emit, retryDelay, type SessionState, screenView, type Transition } from './state';

/**
 * Creating and saving the response: the lazy create, one PATCH per step change (coalesced
 * while one is in flight), and what each failure means.
 */

/** The view of the state's current screen (requires a loaded questionnaire). */
export function patchBody(state: SessionState): PatchResponseRequest {
  const view = screenView(state);
  const lastPosition: PatchResponseRequest['lastPosition'] = {};
  if (view.current.id !== null) lastPosition.stepId = view.current.id;
  if (view.activeTab) lastPosition.tabId = view.activeTab.id;
  return { answers: view.rules.visibleAnswers(), lastPosition };
}

/** Starts a save: a PATCH when the response exists, else its creation (only when going forward). */
export function requestSave(state: SessionState, forward: boolean): Transition {
  const save = { ...state.save, wanted: true };
  if (state.responseId) {
    if (state.save.inFlight) return { state: { ...state, save }, effects: [] };
    const next = { ...state, save: { ...save, wanted: false, inFlight: true } };
    return { state: next, effects: [{ type: 'patch', responseId: state.responseId, body: patchBody(next) }] };
  }
  if (!forward && !state.creating) return { state, effects: [] };
  return startCreate({ ...state, save });
}

export function startCreate(state: SessionState): Transition {
  if (state.creating || state.responseId || !state.questionnaire) return { state, effects: [] };
  const body: CreateResponseRequest = { versionNumber: state.questionnaire.versionNumber };
  if (state.externalRef) body.externalRef = state.externalRef;
  return { state: { ...state, creating: true }, effects: [{ type: 'create', body }] };
}

function fileAnswersDropped(state: SessionState): Answers {
  if (!state.questionnaire) return state.answers;
  const fileCodes = new Set(
    questionPlaces(state.questionnaire.definition)
      .filter((place) => place.question.type === 'FILE_UPLOAD')
      .map((place) => place.question.code),
  );
  return Object.fromEntries(Object.entries(state.answers).filter(([code]) => !fileCodes.has(code)));
}

export function requestFailed(
  state: SessionState,
  request: 'create' | 'patch' | 'complete',
  problem: Problem,
): Transition {
  const reported = emit({ name: 'error', detail: problem });
  const settled: SessionState = {
    ...state,
    creating: request === 'create' ? false : state.creating,
    save: request === 'patch' ? { ...state.save, inFlight: false } : state.save,
  };
  if (problem.code === 'ALREADY_SUBMITTED') {
    return { state: { ...settled, phase: 'already-submitted' }, effects: [reported] };
  }
  if (problem.code === 'ORIGIN_NOT_ALLOWED') {
    return { state: { ...settled, phase: 'unavailable', unavailable: 'ORIGIN_NOT_ALLOWED' }, effects: [reported] };
  }
  if (problem.code === 'RESPONSE_COMPLETED') {
    return { state: { ...settled, phase: 'completed' }, effects: [reported] };
  }
  if (problem.status === 404 && request !== 'create') {
    // The response was deleted while the page was open: keep every answer in a fresh one
    // (its files went with it), then carry on with what was under way.
    const fresh: SessionState = {
      ...settled,
      responseId: null,
      answers: fileAnswersDropped(settled),
      save: { ...settled.save, wanted: true, inFlight: false },
    };
    const created = startCreate(fresh);
    return { state: created.state, effects: [reported, { type: 'remember', responseId: null }, ...created.effects] };
  }
  if (isTransient(problem) && request !== 'complete') {
    const failures = settled.save.failures + 1;
    const save = { ...settled.save, wanted: true, failures, problem };
    return {
      state: { ...settled, save },
      effects: [reported, { type: 'retry-later', delayMs: retryDelay(failures) }],
    };
  }
  // Not worth retrying by itself: say so; the person can try again with Next or Submit.
  const save = request === 'complete' ? settled.save : { ...settled.save, wanted: false, problem };
  const submit = settled.submit.status === 'pending' ? { status: 'failed' as const, problem } : settled.submit;
  return { state: { ...settled, save, submit }, effects: [reported] };
}
