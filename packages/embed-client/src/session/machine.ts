import { localize, validateScreen } from '@forms-engine/schema/rules';
import { isTransient } from '../client/problem';
import type { Problem } from '../client/types';
import { closedByLive, closeOnArrival } from './closing';
import { chooseLanguage, loadedIn, matchLanguage } from './language';
import { enterForm, failValidation, goTo, submitScreens } from './navigation';
import { erase, requestFailed, requestSave, saveOnHide, startCreate } from './saving';
import { startingValues } from './starting';
import {
  completeEffect,
  type Effect,
  emit,
  endingOf,
  type LoadedQuestionnaire,
  restartState,
  ruleContext,
  type SessionEvent,
  type SessionState,
  screenView,
  type Transition,
  type UnavailableReason,
} from './state';

export { patchBody } from './saving';
export * from './state';

/** The problems whose code is the reason shown as it is; any other is a network fault or an error. */
const REASONS_AS_SENT: readonly string[] = [
  'ORIGIN_NOT_ALLOWED',
  'NOT_PUBLISHED',
  'NOT_FOUND',
  'EXTERNAL_REF_REQUIRED',
];

/** Why the questionnaire cannot be shown, from the problem that stopped loading it. */
function unavailableReason(problem: Problem): UnavailableReason {
  if (REASONS_AS_SENT.includes(problem.code)) return problem.code as UnavailableReason;
  return isTransient(problem) ? 'NETWORK' : 'ERROR';
}

/** A transition with `effects` run before its own. */
const preceded = (effects: Effect[], { state, effects: own }: Transition): Transition => ({
  state,
  effects: [...effects, ...own],
});

/** Forms only move (Next, Back, Submit) while shown and not completing. */
const canMove = (state: SessionState): state is SessionState & { questionnaire: LoadedQuestionnaire } =>
  state.phase === 'form' && !!state.questionnaire && state.submit.status !== 'pending';

/**
 * The questionnaire is known and a response may start: a closed one says why before anything is
 * asked, any other opens on its first screen with the host's prefill.
 */
const arrive = (state: SessionState, questionnaire: LoadedQuestionnaire): Transition =>
  state.closed
    ? closeOnArrival(state, state.closed)
    : enterForm(state, questionnaire, startingValues(questionnaire.definition, state.given).answers);

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
      const language = chooseLanguage(event.live.definition, state.wanted);
      const questionnaire = loadedIn(event.live, language);
      const { submissionPolicy } = questionnaire;
      const { hidden, warnings } = startingValues(questionnaire.definition, state.given);
      // Scheduled, closed or full: said before anything is asked. With a reference under one response per
      // reference, once its status is known (already submitted comes first, as the server checks it first);
      // without one, before "needs a personal link" (a link would not open it either).
      const loaded = { ...state, questionnaire, language, hidden, closed: closedByLive(event.live) };
      const warned: Effect[] = warnings.map((message) => ({ type: 'warn', message }));
      if (submissionPolicy === 'ONE_PER_REF' && state.externalRef) {
        return { state: loaded, effects: [...warned, { type: 'load-ref-status', ref: state.externalRef }] };
      }
      if (submissionPolicy === 'ONE_PER_REF' && !loaded.closed) {
        return none({ ...loaded, phase: 'unavailable', unavailable: 'EXTERNAL_REF_REQUIRED' });
      }
      return preceded(warned, arrive(loaded, questionnaire));
    }

    case 'REF_STATUS_LOADED': {
      if (!state.questionnaire) return none();
      if (event.status === 'COMPLETED') {
        const detail = { versionNumber: state.questionnaire.versionNumber, status: 'ALREADY_SUBMITTED' as const };
        return { state: { ...state, phase: 'already-submitted' }, effects: [emit({ name: 'ready', detail })] };
      }
      return arrive(state, state.questionnaire);
    }

    case 'REHYDRATED': {
      const { versionNumber, answers, lastPosition, status } = event.rehydration;
      const kept = state.keptScreen;
      // The recorded language (or the one on screen as the page was left) resumes, unless the host named one.
      const [named, ...others] = state.wanted;
      const resumed = [kept?.language, event.rehydration.language];
      const wanted = state.hostNamed ? [named, ...resumed, ...others] : [...resumed, ...state.wanted];
      const language = chooseLanguage(event.rehydration.definition, wanted);
      const questionnaire = loadedIn(event.rehydration, language);
      // The stored hidden values rule; saved answers win over prefill (which starts new responses only).
      const withLanguage = { ...state, language, hidden: event.rehydration.hidden ?? {} };
      if (status === 'COMPLETED') {
        const detail = { versionNumber, status: 'COMPLETED' as const };
        return {
          // Its ending is chosen again from the saved answers and hidden values (rehydrate names none).
          state: { ...withLanguage, questionnaire, answers, phase: 'completed' },
          effects: [emit({ name: 'ready', detail })],
        };
      }
      if (!kept) return enterForm(withLanguage, questionnaire, answers, lastPosition);
      // The save made as the page unloaded may not have landed yet: what was on screen wins, and
      // counts as unsent until the server acknowledges a save.
      const entered = enterForm(
        { ...withLanguage, keptScreen: null },
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
        const now = validateScreen(state.questionnaire.definition, answers, state.stepId, ruleContext(state));
        errors = Object.fromEntries(Object.entries(now).filter(([code]) => code in state.errors));
      }
      return none({ ...state, answers, errors });
    }

    case 'SELECT_TAB':
      return none({ ...state, tabId: event.tabId });

    case 'SET_LANGUAGE': {
      const wanted = [event.language, ...state.wanted];
      const questionnaire = state.questionnaire;
      // Before the questionnaire arrives, it is what the host asks for first.
      if (!questionnaire) return none({ ...state, wanted, hostNamed: true });
      const language = matchLanguage(questionnaire, event.language);
      if (!language || language === state.language) return none();
      // Only the words change: answers, position and errors (codes) stay; the next save records it.
      const definition = localize(questionnaire.source, language);
      return none({ ...state, wanted, language, questionnaire: { ...questionnaire, definition } });
    }

    case 'NEXT': {
      if (!canMove(state)) return none();
      const view = screenView(state);
      const errors = validateScreen(state.questionnaire.definition, state.answers, view.current.id, ruleContext(state));
      if (Object.keys(errors).length > 0) return failValidation(state, errors);
      if (!view.next) return none();
      return goTo(state, view.next.id, true);
    }

    case 'BACK': {
      if (!canMove(state)) return none();
      const previous = screenView(state).previous;
      return previous ? goTo(state, previous.id, false) : none();
    }

    case 'SUBMIT':
      return canMove(state) ? submitScreens(state) : none();

    case 'ENSURE_RESPONSE':
      return state.phase === 'form' ? startCreate(state) : none();

    case 'CREATED': {
      const created: SessionState = { ...state, responseId: event.responseId, creating: false };
      const effects: Effect[] = [
        { type: 'remember', responseId: event.responseId },
        emit({ name: 'responseCreated', detail: { responseId: event.responseId } }),
      ];
      return state.save.wanted ? preceded(effects, requestSave(created, true)) : { state: created, effects };
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
      if (settled.save.wanted) return preceded(effects, requestSave(settled, true));
      if (settled.submit.status === 'pending') effects.push(completeEffect(settled));
      return { state: settled, effects };
    }

    case 'COMPLETED': {
      const detail = { responseId: state.responseId as string, endingId: endingOf(state)?.id };
      return {
        state: { ...state, phase: 'completed', submit: { status: 'idle', problem: null } },
        effects: [emit({ name: 'complete', detail })],
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
      // A scheduled questionnaire's opening: the live document again, the closed screen shown until it comes.
      if (state.closed?.opensAt && state.phase === 'closed') return { state, effects: [{ type: 'load-live' }] };
      if (state.phase !== 'form') return none();
      if (state.save.wanted) {
        if (!state.responseId) return startCreate(state);
        return state.save.inFlight ? none() : requestSave(state, true);
      }
      if (state.submit.status === 'pending' && state.responseId && !state.save.inFlight) {
        return { state, effects: [completeEffect(state)] };
      }
      return none();
    }

    case 'RESET':
      return {
        state: { ...restartState(state), epoch: state.epoch + 1, focus: state.focus },
        effects: [{ type: 'forget' }, { type: 'load-live' }],
      };
  }
}
