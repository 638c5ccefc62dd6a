import {
  type AnswerError,
  type Answers,
  chooseEnding,
  type Definition,
  type RuleContext,
  resolveRules,
} from '@forms-engine/schema/rules';
import type {
  ClosedReason,
  CreateResponseRequest,
  EmbedLabelTables,
  HiddenValues,
  LiveQuestionnaire,
  PatchResponseRequest,
  Problem,
  RefStatus,
  ResponseRehydration,
  SubmissionPolicy,
} from '../client/types';
import { viewOf } from './screens';

/** The session's state, the events it takes and the effects it asks for. */

export type Phase = 'loading' | 'form' | 'completed' | 'already-submitted' | 'closed' | 'unavailable';
export type UnavailableReason =
  | 'ORIGIN_NOT_ALLOWED'
  | 'NOT_PUBLISHED'
  | 'NOT_FOUND'
  | 'EXTERNAL_REF_REQUIRED'
  | 'NETWORK'
  | 'ERROR';

/**
 * Why no answers are taken (issue 24): the schedule or the limit (the live document's availability,
 * or a 409 `QUESTIONNAIRE_CLOSED`'s `reason`), or a full quota at completion (409 `QUOTA_FULL`).
 */
export interface Closed {
  reason: ClosedReason | 'QUOTA_FULL';
  /** NOT_YET_OPEN: when it opens (ISO 8601), when known. */
  opensAt?: string | undefined;
  /** QUOTA_FULL: the quota's ending, when it has one. */
  endingId?: string | undefined;
}

export interface LoadedQuestionnaire {
  /** In the language shown (`localize`): what every screen, rule and check reads. */
  definition: Definition;
  /** As the server sent it, with every translation: switching needs no request. */
  source: Definition;
  versionNumber: number;
  submissionPolicy: SubmissionPolicy;
  /** The embed's own words in the questionnaire's languages, from the document. */
  labels: EmbedLabelTables;
}

export interface SessionState {
  phase: Phase;
  unavailable: UnavailableReason | null;
  /**
   * Phase `closed`: why. Also set, still loading, from a live document that is not OPEN while the
   * reference's status is asked (an already submitted reference is told so first).
   */
  closed: Closed | null;
  questionnaire: LoadedQuestionnaire | null;
  externalRef: string | undefined;
  /** The languages asked for, best first: the host's named one, then the page's and the browser's. */
  wanted: readonly string[];
  /** The host named the first of `wanted` (option, attribute, data-language): it beats the recorded one on resume. */
  hostNamed: boolean;
  /** The language shown, one of the questionnaire's (null until it is loaded); every save carries it. */
  language: string | null;
  responseId: string | null;
  creating: boolean;
  /** What the host gave a new response: hidden values and prefilled answers, checked once the questionnaire is known. */
  given: Given;
  /** The hidden values rules and recall read: the declared ones given (sent with the creation), or a resumed response's stored ones. */
  hidden: HiddenValues;
  answers: Answers;
  /** The current screen (a step id; null for a definition without steps). */
  stepId: string | null;
  /** The chosen tab; null means the first visible tab of the screen. */
  tabId: string | null;
  /** Errors of the current screen, shown after a failed Next or Submit. */
  errors: Record<string, AnswerError>;
  /** What the UI should move focus to; the nonce changes each time. */
  focus: { target: 'heading' | 'error'; nonce: number } | null;
  /**
   * Counts fresh starts (an erased response, a reset). The form is rendered anew for each, and
   * an answer given to an earlier one (a late upload) is dropped.
   */
  epoch: number;
  /** A sentence shown above the form: `erased` when the earlier answers are gone (spec section 3 rule 5). */
  notice: 'erased' | null;
  /** Between START and the rehydration: the screen kept as the page was last hidden. */
  keptScreen: PatchResponseRequest | null;
  save: {
    wanted: boolean;
    inFlight: boolean;
    /** Failed attempts in a row (saves or the completion); above 0 the screen says it is retrying. */
    failures: number;
    problem: Problem | null;
    /** The last PATCH body sent, as JSON: a page hide with nothing new sends nothing. */
    sent: string | null;
  };
  submit: { status: 'idle' | 'pending' | 'failed'; problem: Problem | null };
}

export interface EmbedEventDetails {
  /** `CLOSED`: the schedule or the limit takes no response now (`reason`), and nothing is asked. */
  ready: {
    versionNumber: number;
    status: 'IN_PROGRESS' | 'COMPLETED' | 'ALREADY_SUBMITTED' | 'CLOSED';
    reason?: ClosedReason | undefined;
  };
  responseCreated: { responseId: string };
  stepChange: { stepId: string | null; index: number };
  save: { responseId: string };
  /** `endingId`: the ending shown, when one holds; `redirectUrl`: its address with the tokens filled (URL-encoded). */
  complete: { responseId: string; endingId?: string | undefined; redirectUrl?: string | undefined };
  error: Problem;
}
export type EmbedEventName = keyof EmbedEventDetails;
export type EmittedEvent = { [K in EmbedEventName]: { name: K; detail: EmbedEventDetails[K] } }[EmbedEventName];

export type Effect =
  | { type: 'load-live' }
  | { type: 'load-ref-status'; ref: string }
  | { type: 'rehydrate'; responseId: string }
  | { type: 'create'; body: CreateResponseRequest }
  | { type: 'patch'; responseId: string; body: PatchResponseRequest; keepalive?: true }
  | { type: 'complete'; responseId: string; endingId?: string | undefined }
  /** A developer's mistake (a prefill or hidden value that cannot be used), for the console. */
  | { type: 'warn'; message: string }
  | { type: 'retry-later'; delayMs: number }
  /** A scheduled questionnaire: ask for the live document again at its opening (ISO 8601). */
  | { type: 'open-at'; at: string }
  | { type: 'remember'; responseId: string }
  /** The screen saved as the page was hidden (null: the server has acknowledged a save since). */
  | { type: 'keep-screen'; responseId: string; body: PatchResponseRequest | null }
  /** Drops the stored id, cancels requests in flight and pending retries: they belong to a session that is gone. */
  | { type: 'forget' }
  | { type: 'emit'; event: EmittedEvent };

export type SessionEvent =
  /** `keptScreen`: the screen saved as the page was last hidden, which the server may not hold yet. */
  | { type: 'START'; storedResponseId: string | null; keptScreen?: PatchResponseRequest | null }
  | { type: 'LIVE_LOADED'; live: LiveQuestionnaire }
  | { type: 'REF_STATUS_LOADED'; status: RefStatus['status'] }
  | { type: 'REHYDRATED'; rehydration: ResponseRehydration }
  | { type: 'LOAD_FAILED'; request: 'live' | 'ref-status' | 'rehydrate'; problem: Problem }
  /** `epoch`: the fresh start the answer was given in (answers of an earlier one are dropped). */
  | { type: 'ANSWER'; code: string; value: unknown; epoch?: number }
  | { type: 'SELECT_TAB'; tabId: string }
  /** The person or the host chose a language: matched to the questionnaire's, answers and position kept. */
  | { type: 'SET_LANGUAGE'; language: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'ENSURE_RESPONSE' }
  | { type: 'CREATED'; responseId: string }
  | { type: 'SAVED' }
  | { type: 'COMPLETED' }
  | { type: 'REQUEST_FAILED'; request: 'create' | 'patch' | 'complete'; problem: Problem; retryAfterMs?: number }
  /** An upload or file delete found the response gone (404). */
  | { type: 'RESPONSE_GONE'; responseId: string; problem: Problem }
  /** The page was hidden or is being unloaded (`visibilitychange`, `pagehide`). */
  | { type: 'PAGE_HIDDEN' }
  | { type: 'RETRY' }
  | { type: 'RESET' };

export interface Transition {
  state: SessionState;
  effects: Effect[];
}

export const MAX_RETRY_DELAY_MS = 30_000;
/** The longest `Retry-After` obeyed: a wrong header must not stop saving for hours. */
export const MAX_RETRY_AFTER_MS = 300_000;
/** The server's `Retry-After` when it sent one (up to 5 minutes), else 1 s, 2 s, 4 s … up to 30 s between attempts. */
export const retryDelay = (failures: number, retryAfterMs?: number) =>
  retryAfterMs === undefined
    ? Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1))
    : Math.min(MAX_RETRY_AFTER_MS, retryAfterMs);

/** Hidden values and prefilled answers as the host gave them (`prefill` values may be text, from a query string). */
export interface Given {
  hidden: HiddenValues;
  prefill: Record<string, unknown>;
}

export function initialState(
  externalRef: string | undefined,
  wanted: readonly string[] = [],
  hostNamed = false,
  given: Given = { hidden: {}, prefill: {} },
): SessionState {
  return {
    phase: 'loading',
    unavailable: null,
    closed: null,
    questionnaire: null,
    externalRef,
    wanted,
    hostNamed,
    language: null,
    responseId: null,
    keptScreen: null,
    creating: false,
    given,
    hidden: {},
    answers: {},
    stepId: null,
    tabId: null,
    errors: {},
    focus: null,
    epoch: 0,
    notice: null,
    save: { wanted: false, inFlight: false, failures: 0, problem: null, sent: null },
    submit: { status: 'idle', problem: null },
  };
}

/** A fresh start (an erasure, a reset) keeps the language the person was reading. */
export const restartState = (state: SessionState): SessionState =>
  initialState(
    state.externalRef,
    state.language ? [state.language, ...state.wanted] : state.wanted,
    state.hostNamed,
    state.given,
  );

export const emit = (event: EmittedEvent): Effect => ({ type: 'emit', event });

export const nextFocus = (state: SessionState, target: 'heading' | 'error') => ({
  target,
  nonce: (state.focus?.nonce ?? 0) + 1,
});

/** What rules read: the answers, the external reference and the hidden values. */
export const ruleContext = (state: SessionState): RuleContext => ({
  answers: state.answers,
  externalRef: state.externalRef,
  hidden: state.hidden,
});

/** `definition`: the questionnaire's by default; the renderer passes it with recall tokens filled. */
export function screenView(state: SessionState, definition = (state.questionnaire as LoadedQuestionnaire).definition) {
  return viewOf(definition, ruleContext(state), state.stepId, state.tabId);
}

/**
 * The ending the respondent sees, if any: the first whose rule holds for answers and hidden values,
 * or, when a full quota turned them away, that quota's (absent from the pinned version: none, and
 * the built-in sentence shows).
 */
export const endingOf = (state: SessionState, definition = (state.questionnaire as LoadedQuestionnaire).definition) =>
  state.closed?.reason === 'QUOTA_FULL'
    ? definition.endings?.find((ending) => ending.id === state.closed?.endingId)
    : chooseEnding(definition, resolveRules(definition, ruleContext(state)));

/** The completion, naming the ending shown (the server records it and does not re-run the rules). */
export const completeEffect = (state: SessionState): Effect => ({
  type: 'complete',
  responseId: state.responseId as string,
  endingId: endingOf(state)?.id,
});

/** The PATCH body: answers of visible questions only, and the current step and tab. */
