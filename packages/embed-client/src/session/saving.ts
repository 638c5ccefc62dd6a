import { isTransient } from '../client/problem';
import type { CreateResponseRequest, PatchResponseRequest, Problem } from '../client/types';
import { closedByProblem } from './closing';
import {
  type Effect,
  emit,
  nextFocus,
  restartState,
  retryDelay,
  type SessionState,
  screenView,
  type Transition,
} from './state';

/**
 * Creating and saving the response: the lazy create, one PATCH per step change (coalesced
 * while one is in flight), one when the page is hidden, and what each failure means.
 */

/**
 * The PATCH body: answers of visible questions only, the current step and tab, and the language
 * shown (so a switch is recorded by the next save, and a page hidden after a switch saves it).
 */
export function patchBody(state: SessionState): PatchResponseRequest {
  const view = screenView(state);
  const lastPosition: PatchResponseRequest['lastPosition'] = {};
  if (view.current.id !== null) lastPosition.stepId = view.current.id;
  if (view.activeTab) lastPosition.tabId = view.activeTab.id;
  const body: PatchResponseRequest = { answers: view.rules.visibleAnswers(), lastPosition };
  if (state.language) body.language = state.language;
  return body;
}

const sameAsSent = (state: SessionState) => JSON.stringify(patchBody(state)) === state.save.sent;

/** Sends the current screen's answers (the response exists). */
function sendPatch(state: SessionState, keepalive?: true): Transition {
  const body = patchBody(state);
  const save = { ...state.save, wanted: false, inFlight: true, sent: JSON.stringify(body) };
  const patch: Effect = { type: 'patch', responseId: state.responseId as string, body };
  if (keepalive) patch.keepalive = keepalive;
  return { state: { ...state, save }, effects: [patch] };
}

/** Starts a save: a PATCH when the response exists, else its creation (only when going forward). */
export function requestSave(state: SessionState, forward: boolean): Transition {
  const save = { ...state.save, wanted: true };
  if (state.responseId) {
    if (state.save.inFlight) return { state: { ...state, save }, effects: [] };
    return sendPatch(state);
  }
  if (!forward && !state.creating) return { state, effects: [] };
  return startCreate({ ...state, save });
}

/**
 * The page is being hidden or unloaded: one save of the current screen that outlives the page
 * (keepalive), when a response exists and something changed since the last save. It never
 * creates a response: a page view, and a reload before the first Next, create nothing.
 */
export function saveOnHide(state: SessionState): Transition {
  if (state.phase !== 'form' || !state.responseId || state.submit.status === 'pending' || sameAsSent(state)) {
    return { state, effects: [] };
  }
  const sent = sendPatch(state, true);
  const patch = sent.effects[0] as Extract<Effect, { type: 'patch' }>;
  return {
    ...sent,
    effects: [...sent.effects, { type: 'keep-screen', responseId: patch.responseId, body: patch.body }],
  };
}

/** After a rehydration the server holds what is on screen: remember it as sent. */
export const markSent = (state: SessionState): SessionState =>
  state.responseId ? { ...state, save: { ...state.save, sent: JSON.stringify(patchBody(state)) } } : state;

export function startCreate(state: SessionState): Transition {
  if (state.creating || state.responseId || !state.questionnaire) return { state, effects: [] };
  const body: CreateResponseRequest = { versionNumber: state.questionnaire.versionNumber };
  if (state.externalRef) body.externalRef = state.externalRef;
  if (state.language) body.language = state.language;
  if (Object.keys(state.hidden).length > 0) body.hidden = state.hidden;
  return { state: { ...state, creating: true }, effects: [{ type: 'create', body }] };
}

/**
 * The response (or its questionnaire) is gone: a data-subject erasure, or a deletion. Every
 * answer in memory and the stored id are dropped, requests in flight are cancelled, and the
 * questionnaire is loaded afresh from its first screen with a sentence saying why; nothing
 * sent afterwards can carry the old answers. `moveFocus` after something the person did
 * (never on a page view), so the sentence is read out.
 */
export function erase(state: SessionState, moveFocus: boolean, problem?: Problem): Transition {
  const fresh: SessionState = {
    ...restartState(state),
    epoch: state.epoch + 1,
    notice: 'erased',
    focus: moveFocus ? nextFocus(state, 'heading') : state.focus,
  };
  const effects: Effect[] = problem ? [emit({ name: 'error', detail: problem })] : [];
  return { state: fresh, effects: [...effects, { type: 'forget' }, { type: 'load-live' }] };
}

export function requestFailed(
  state: SessionState,
  request: 'create' | 'patch' | 'complete',
  problem: Problem,
  retryAfterMs: number | undefined,
): Transition {
  const reported = emit({ name: 'error', detail: problem });
  const settled: SessionState = {
    ...state,
    creating: request === 'create' ? false : state.creating,
    save: request === 'patch' ? { ...state.save, inFlight: false, sent: null } : state.save,
  };
  if (problem.code === 'ALREADY_SUBMITTED') {
    return { state: { ...settled, phase: 'already-submitted' }, effects: [reported] };
  }
  const closed = request === 'patch' ? null : closedByProblem(problem);
  if (closed) {
    // Scheduled, closed or full (issue 24): no response was created, or the one there stays IN_PROGRESS with
    // every answer saved and its id remembered (a reload shows it again; the next completion decides).
    const save = { ...settled.save, wanted: false, failures: 0, problem };
    const turnedAway = {
      ...settled,
      phase: 'closed' as const,
      closed,
      save,
      submit: { status: 'idle' as const, problem },
    };
    return { state: turnedAway, effects: [reported] };
  }
  if (problem.code === 'ORIGIN_NOT_ALLOWED') {
    return { state: { ...settled, phase: 'unavailable', unavailable: 'ORIGIN_NOT_ALLOWED' }, effects: [reported] };
  }
  if (problem.code === 'RESPONSE_COMPLETED') {
    return { state: { ...settled, phase: 'completed' }, effects: [reported] };
  }
  if (problem.status === 404) return erase(state, true, problem);
  if (isTransient(problem)) {
    // Saves and the completion are tried again, after the server's Retry-After or a growing delay.
    const failures = settled.save.failures + 1;
    const wanted = request === 'complete' ? settled.save.wanted : true;
    return {
      state: { ...settled, save: { ...settled.save, wanted, failures, problem } },
      effects: [reported, { type: 'retry-later', delayMs: retryDelay(failures, retryAfterMs) }],
    };
  }
  // Refused for good: say so; the person can try again with Next, Back or Submit.
  const save =
    request === 'complete'
      ? { ...settled.save, failures: 0, problem: null }
      : { ...settled.save, wanted: false, failures: 0, problem };
  const submit = settled.submit.status === 'pending' ? { status: 'failed' as const, problem } : settled.submit;
  return { state: { ...settled, save, submit }, effects: [reported] };
}
