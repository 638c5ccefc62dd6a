import {
  type AnswerError,
  type Answers,
  type Definition,
  questionPlaces,
  validateScreen,
} from '@forms-engine/schema/rules';
import { isTransient } from '../client/problem';
import type {
  CreateResponseRequest,
  LiveQuestionnaire,
  PatchResponseRequest,
  Problem,
  RefStatus,
  ResponseRehydration,
  SubmissionPolicy,
} from '../client/types';
import { startingScreen, viewOf } from './screens';

/**
 * The respondent session as a pure state machine: `transition(state, event)` returns the next
 * state and the effects to run (requests, storage, events). No I/O happens here; the
 * controller runs the effects and feeds their outcome back as events. Spec section 1:
 * nothing is created on a page view; the response is created on the first forward step or
 * the first upload; answers are saved once per step change; only the id is remembered.
 */

export type Phase = 'loading' | 'form' | 'completed' | 'already-submitted' | 'unavailable';
export type UnavailableReason =
  | 'ORIGIN_NOT_ALLOWED'
  | 'NOT_PUBLISHED'
  | 'NOT_FOUND'
  | 'EXTERNAL_REF_REQUIRED'
  | 'NETWORK'
  | 'ERROR';

export interface LoadedQuestionnaire {
  definition: Definition;
  versionNumber: number;
  submissionPolicy: SubmissionPolicy;
}

export interface SessionState {
  phase: Phase;
  unavailable: UnavailableReason | null;
  questionnaire: LoadedQuestionnaire | null;
  externalRef: string | undefined;
  responseId: string | null;
  creating: boolean;
  answers: Answers;
  /** The current screen (a step id; null for a definition without steps). */
  stepId: string | null;
  /** The chosen tab; null means the first visible tab of the screen. */
  tabId: string | null;
  /** Errors of the current screen, shown after a failed Next or Submit. */
  errors: Record<string, AnswerError>;
  /** What the UI should move focus to; the nonce changes each time. */
  focus: { target: 'heading' | 'error'; nonce: number } | null;
  save: { wanted: boolean; inFlight: boolean; failures: number; problem: Problem | null };
  submit: { status: 'idle' | 'pending' | 'failed'; problem: Problem | null };
}

export interface EmbedEventDetails {
  ready: { versionNumber: number; status: 'IN_PROGRESS' | 'COMPLETED' | 'ALREADY_SUBMITTED' };
  responseCreated: { responseId: string };
  stepChange: { stepId: string | null; index: number };
  save: { responseId: string };
  complete: { responseId: string };
  error: Problem;
}
export type EmbedEventName = keyof EmbedEventDetails;
export type EmittedEvent = { [K in EmbedEventName]: { name: K; detail: EmbedEventDetails[K] } }[EmbedEventName];

export type Effect =
  | { type: 'load-live' }
  | { type: 'load-ref-status'; ref: string }
  | { type: 'rehydrate'; responseId: string }
  | { type: 'create'; body: CreateResponseRequest }
  | { type: 'patch'; responseId: string; body: PatchResponseRequest }
  | { type: 'complete'; responseId: string }
  | { type: 'retry-later'; delayMs: number }
  | { type: 'remember'; responseId: string | null }
  | { type: 'emit'; event: EmittedEvent };

export type SessionEvent =
  | { type: 'START'; storedResponseId: string | null }
  | { type: 'LIVE_LOADED'; live: LiveQuestionnaire }
  | { type: 'REF_STATUS_LOADED'; status: RefStatus['status'] }
  | { type: 'REHYDRATED'; rehydration: ResponseRehydration }
  | { type: 'LOAD_FAILED'; request: 'live' | 'ref-status' | 'rehydrate'; problem: Problem }
  | { type: 'ANSWER'; code: string; value: unknown }
  | { type: 'SELECT_TAB'; tabId: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'ENSURE_RESPONSE' }
  | { type: 'CREATED'; responseId: string }
  | { type: 'SAVED' }
  | { type: 'COMPLETED' }
  | { type: 'REQUEST_FAILED'; request: 'create' | 'patch' | 'complete'; problem: Problem }
  | { type: 'RETRY' }
  | { type: 'RESET' };

export interface Transition {
  state: SessionState;
  effects: Effect[];
}

export const MAX_RETRY_DELAY_MS = 30_000;
/** 1 s, 2 s, 4 s … up to 30 s between attempts. */
export const retryDelay = (failures: number) => Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1));

export function initialState(externalRef: string | undefined): SessionState {
  return {
    phase: 'loading',
    unavailable: null,
    questionnaire: null,
    externalRef,
    responseId: null,
    creating: false,
    answers: {},
    stepId: null,
    tabId: null,
    errors: {},
    focus: null,
    save: { wanted: false, inFlight: false, failures: 0, problem: null },
    submit: { status: 'idle', problem: null },
  };
}

const emit = (event: EmittedEvent): Effect => ({ type: 'emit', event });

function unavailableReason(problem: Problem): UnavailableReason {
  switch (problem.code) {
    case 'ORIGIN_NOT_ALLOWED':
    case 'NOT_PUBLISHED':
    case 'NOT_FOUND':
    case 'EXTERNAL_REF_REQUIRED':
      return problem.code;
    default:
      return isTransient(problem) ? 'NETWORK' : 'ERROR';
  }
}

/** The view of the state's current screen (requires a loaded questionnaire). */
export function screenView(state: SessionState) {
  const questionnaire = state.questionnaire as LoadedQuestionnaire;
  return viewOf(questionnaire.definition, state.answers, state.externalRef, state.stepId, state.tabId);
}

/** The PATCH body: answers of visible questions only, and the current step and tab. */
export function patchBody(state: SessionState): PatchResponseRequest {
  const view = screenView(state);
  const lastPosition: PatchResponseRequest['lastPosition'] = {};
  if (view.current.id !== null) lastPosition.stepId = view.current.id;
  if (view.activeTab) lastPosition.tabId = view.activeTab.id;
  return { answers: view.rules.visibleAnswers(), lastPosition };
}

/** Starts a save: a PATCH when the response exists, else its creation (only when going forward). */
function requestSave(state: SessionState, forward: boolean): Transition {
  const save = { ...state.save, wanted: true };
  if (state.responseId) {
    if (state.save.inFlight) return { state: { ...state, save }, effects: [] };
    const next = { ...state, save: { ...save, wanted: false, inFlight: true } };
    return { state: next, effects: [{ type: 'patch', responseId: state.responseId, body: patchBody(next) }] };
  }
  if (!forward && !state.creating) return { state, effects: [] };
  return startCreate({ ...state, save });
}

function startCreate(state: SessionState): Transition {
  if (state.creating || state.responseId || !state.questionnaire) return { state, effects: [] };
  const body: CreateResponseRequest = { versionNumber: state.questionnaire.versionNumber };
  if (state.externalRef) body.externalRef = state.externalRef;
  return { state: { ...state, creating: true }, effects: [{ type: 'create', body }] };
}

function enterForm(
  state: SessionState,
  questionnaire: LoadedQuestionnaire,
  answers: Answers,
  saved: { stepId?: string | undefined; tabId?: string | undefined } | undefined,
): Transition {
  const stepId = startingScreen(questionnaire.definition, answers, state.externalRef, saved?.stepId);
  const tabId = saved && saved.stepId === stepId ? (saved.tabId ?? null) : null;
  const next: SessionState = { ...state, phase: 'form', questionnaire, answers, stepId, tabId, errors: {} };
  const status = 'IN_PROGRESS' as const;
  return {
    state: next,
    effects: [emit({ name: 'ready', detail: { versionNumber: questionnaire.versionNumber, status } })],
  };
}

/** The tab holding the first error, so a failed Next opens it. */
function tabOfFirstError(state: SessionState, errors: Record<string, AnswerError>): string | null {
  const first = Object.keys(errors)[0];
  if (first === undefined || !state.questionnaire) return state.tabId;
  const place = questionPlaces(state.questionnaire.definition).find((p) => p.question.code === first);
  return place?.tab?.id ?? state.tabId;
}

const nextFocus = (state: SessionState, target: 'heading' | 'error') => ({
  target,
  nonce: (state.focus?.nonce ?? 0) + 1,
});

function failValidation(state: SessionState, errors: Record<string, AnswerError>): Transition {
  return {
    state: { ...state, errors, tabId: tabOfFirstError(state, errors), focus: nextFocus(state, 'error') },
    effects: [],
  };
}

function goTo(state: SessionState, stepId: string | null, forward: boolean): Transition {
  const moved: SessionState = { ...state, stepId, tabId: null, errors: {}, focus: nextFocus(state, 'heading') };
  const saved = requestSave(moved, forward);
  const index = screenView(saved.state).index;
  return { state: saved.state, effects: [emit({ name: 'stepChange', detail: { stepId, index } }), ...saved.effects] };
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

function requestFailed(state: SessionState, request: 'create' | 'patch' | 'complete', problem: Problem): Transition {
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

function submitScreens(state: SessionState): Transition {
  const questionnaire = state.questionnaire as LoadedQuestionnaire;
  const view = screenView(state);
  const upToHere = view.visible.slice(0, view.index + 1);
  for (const screen of upToHere) {
    const errors = validateScreen(questionnaire.definition, state.answers, screen.id, {
      externalRef: state.externalRef,
    });
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

export function transition(state: SessionState, event: SessionEvent): Transition {
  const none = (next: SessionState = state): Transition => ({ state: next, effects: [] });
  switch (event.type) {
    case 'START':
      if (event.storedResponseId) {
        return {
          state: { ...state, phase: 'loading', responseId: event.storedResponseId },
          effects: [{ type: 'rehydrate', responseId: event.storedResponseId }],
        };
      }
      return { state: { ...state, phase: 'loading', responseId: null }, effects: [{ type: 'load-live' }] };

    case 'LIVE_LOADED': {
      const { definition, versionNumber, submissionPolicy } = event.live;
      const questionnaire = { definition, versionNumber, submissionPolicy };
      const loaded = { ...state, questionnaire };
      if (submissionPolicy === 'ONE_PER_REF') {
        if (!state.externalRef) return none({ ...loaded, phase: 'unavailable', unavailable: 'EXTERNAL_REF_REQUIRED' });
        return { state: loaded, effects: [{ type: 'load-ref-status', ref: state.externalRef }] };
      }
      return enterForm(loaded, questionnaire, {}, undefined);
    }

    case 'REF_STATUS_LOADED': {
      if (!state.questionnaire) return none();
      if (event.status === 'COMPLETED') {
        const detail = { versionNumber: state.questionnaire.versionNumber, status: 'ALREADY_SUBMITTED' as const };
        return { state: { ...state, phase: 'already-submitted' }, effects: [emit({ name: 'ready', detail })] };
      }
      return enterForm(state, state.questionnaire, {}, undefined);
    }

    case 'REHYDRATED': {
      const { definition, versionNumber, submissionPolicy, answers, lastPosition, status } = event.rehydration;
      const questionnaire = { definition, versionNumber, submissionPolicy };
      if (status === 'COMPLETED') {
        const detail = { versionNumber, status: 'COMPLETED' as const };
        return { state: { ...state, questionnaire, phase: 'completed' }, effects: [emit({ name: 'ready', detail })] };
      }
      return enterForm(state, questionnaire, answers, lastPosition);
    }

    case 'LOAD_FAILED': {
      if (event.request === 'rehydrate' && event.problem.status === 404) {
        // Spec section 3 rule 5: a deleted response means "start fresh".
        return {
          state: { ...state, responseId: null },
          effects: [{ type: 'remember', responseId: null }, { type: 'load-live' }],
        };
      }
      return {
        state: { ...state, phase: 'unavailable', unavailable: unavailableReason(event.problem) },
        effects: [emit({ name: 'error', detail: event.problem })],
      };
    }

    case 'ANSWER': {
      if (state.phase !== 'form' || !state.questionnaire) return none();
      const answers: Record<string, unknown> = { ...state.answers };
      if (event.value === undefined) delete answers[event.code];
      else answers[event.code] = event.value;
      let errors = state.errors;
      if (Object.keys(errors).length > 0) {
        // Errors already shown follow the fixes; new ones wait for the next attempt.
        const now = validateScreen(state.questionnaire.definition, answers, state.stepId, {
          externalRef: state.externalRef,
        });
        errors = Object.fromEntries(Object.entries(now).filter(([code]) => code in state.errors));
      }
      return none({ ...state, answers, errors });
    }

    case 'SELECT_TAB':
      return none({ ...state, tabId: event.tabId });

    case 'NEXT': {
      if (state.phase !== 'form' || !state.questionnaire || state.submit.status === 'pending') return none();
      const view = screenView(state);
      const errors = validateScreen(state.questionnaire.definition, state.answers, view.current.id, {
        externalRef: state.externalRef,
      });
      if (Object.keys(errors).length > 0) return failValidation(state, errors);
      if (!view.next) return none();
      return goTo(state, view.next.id, true);
    }

    case 'BACK': {
      if (state.phase !== 'form' || !state.questionnaire || state.submit.status === 'pending') return none();
      const previous = screenView(state).previous;
      return previous ? goTo(state, previous.id, false) : none();
    }

    case 'SUBMIT':
      if (state.phase !== 'form' || !state.questionnaire || state.submit.status === 'pending') return none();
      return submitScreens(state);

    case 'ENSURE_RESPONSE':
      return state.phase === 'form' ? startCreate(state) : none();

    case 'CREATED': {
      const created: SessionState = { ...state, responseId: event.responseId, creating: false };
      const effects: Effect[] = [
        { type: 'remember', responseId: event.responseId },
        emit({ name: 'responseCreated', detail: { responseId: event.responseId } }),
      ];
      if (!state.save.wanted) return { state: created, effects };
      const saved = requestSave(created, true);
      return { state: saved.state, effects: [...effects, ...saved.effects] };
    }

    case 'SAVED': {
      const responseId = state.responseId as string;
      const settled: SessionState = {
        ...state,
        save: { wanted: state.save.wanted, inFlight: false, failures: 0, problem: null },
      };
      const effects: Effect[] = [emit({ name: 'save', detail: { responseId } })];
      if (settled.save.wanted) {
        const again = requestSave(settled, true);
        return { state: again.state, effects: [...effects, ...again.effects] };
      }
      if (settled.submit.status === 'pending') effects.push({ type: 'complete', responseId });
      return { state: settled, effects };
    }

    case 'COMPLETED': {
      const responseId = state.responseId as string;
      return {
        state: { ...state, phase: 'completed', submit: { status: 'idle', problem: null } },
        effects: [emit({ name: 'complete', detail: { responseId } })],
      };
    }

    case 'REQUEST_FAILED':
      return requestFailed(state, event.request, event.problem);

    case 'RETRY': {
      if (state.phase !== 'form' || !state.save.wanted) return none();
      if (!state.responseId) return startCreate(state);
      return state.save.inFlight ? none() : requestSave(state, true);
    }

    case 'RESET':
      return {
        state: initialState(state.externalRef),
        effects: [{ type: 'remember', responseId: null }, { type: 'load-live' }],
      };
  }
}
