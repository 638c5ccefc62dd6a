import { validateScreen } from '@forms-engine/schema/rules';
import { isTransient } from '../client/problem';
import type { Problem } from '../client/types';
import { enterForm, failValidation, goTo, submitScreens } from './navigation';
import { erase, requestFailed, requestSave, saveOnHide, startCreate } from './saving';
import {
  type Effect,
  emit,
  initialState,
  type SessionEvent,
  type SessionState,
  screenView,
  type Transition,
  type UnavailableReason,
} from './state';

export { patchBody } from './saving';
export * from './state';

/** Why the questionnaire cannot be shown, from the problem that stopped loading it. */
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

/**
 * The respondent session as a pure state machine: `transition(state, event)` returns the next
 * state and the effects to run (requests, storage, events). No I/O happens here; the
 * controller runs the effects and feeds their outcome back as events. Spec section 1:
 * nothing is created on a page view; the response is created on the first forward step or
 * the first upload; answers are saved once per step change; only the id is remembered.
 */
export function transition(state: SessionState, event: SessionEvent): Transition {
  const none = (next: SessionState = state): Transition => ({ state: next, effects: [] });
  switch (event.type) {
    case 'START':
      if (event.storedResponseId) {
        const keptScreen = event.keptScreen ?? null;
        return {
          state: { ...state, phase: 'loading', responseId: event.storedResponseId, keptScreen },
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
      const kept = state.keptScreen;
      if (!kept) return enterForm(state, questionnaire, answers, lastPosition);
      // The save made as the page unloaded may not have landed yet: what was on screen wins, and
      // counts as unsent until the server acknowledges a save.
      const entered = enterForm(
        { ...state, keptScreen: null },
        questionnaire,
        { ...answers, ...kept.answers },
        kept.lastPosition ?? lastPosition,
      );
      return { ...entered, state: { ...entered.state, save: { ...entered.state.save, sent: null } } };
    }

    case 'LOAD_FAILED': {
      // Spec section 3 rule 5: a deleted response means "start fresh". On a page view: focus stays put.
      if (event.request === 'rehydrate' && event.problem.status === 404) return erase(state, false);
      return {
        state: { ...state, phase: 'unavailable', unavailable: unavailableReason(event.problem) },
        effects: [emit({ name: 'error', detail: event.problem })],
      };
    }

    case 'ANSWER': {
      if (state.phase !== 'form' || !state.questionnaire) return none();
      if (event.epoch !== undefined && event.epoch !== state.epoch) return none();
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
        save: { ...state.save, inFlight: false, failures: 0, problem: null },
      };
      const effects: Effect[] = [
        { type: 'keep-screen', responseId, body: null },
        emit({ name: 'save', detail: { responseId } }),
      ];
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
      return requestFailed(state, event.request, event.problem, event.retryAfterMs);

    case 'RESPONSE_GONE':
      // Only about the response of now: a late answer about an earlier one changes nothing.
      return event.responseId === state.responseId ? erase(state, true, event.problem) : none();

    case 'PAGE_HIDDEN':
      return saveOnHide(state);

    case 'RETRY': {
      if (state.phase !== 'form') return none();
      if (state.save.wanted) {
        if (!state.responseId) return startCreate(state);
        return state.save.inFlight ? none() : requestSave(state, true);
      }
      if (state.submit.status === 'pending' && state.responseId && !state.save.inFlight) {
        return { state, effects: [{ type: 'complete', responseId: state.responseId }] };
      }
      return none();
    }

    case 'RESET':
      return {
        state: { ...initialState(state.externalRef), epoch: state.epoch + 1, focus: state.focus },
        effects: [{ type: 'forget' }, { type: 'load-live' }],
      };
  }
}
