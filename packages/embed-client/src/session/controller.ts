import { clientProblem, FormsEngineError } from '../client/problem';
import type { PublicClient } from '../client/public-client';
import type { Problem } from '../client/types';
import {
  type Effect,
  type EmittedEvent,
  type Given,
  initialState,
  type SessionEvent,
  type SessionState,
  transition,
} from './machine';
import type { ResponseIdStore } from './storage';

export interface SessionOptions {
  client: PublicClient;
  publicId: string;
  externalRef: string | undefined;
  /** The languages asked for, best first, and whether the host named the first (see `SessionState`). */
  languages?: { wanted: readonly string[]; hostNamed: boolean } | undefined;
  /** Hidden values and prefilled answers for a new response. */
  given?: Given | undefined;
  store: ResponseIdStore;
  /** Every event the session emits (ready, responseCreated, …), in order. */
  onEvent: (event: EmittedEvent) => void;
}

/** The impure shell around the machine: runs its effects with the client, storage and timers. */
export interface Session {
  getState(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  dispatch(event: SessionEvent): void;
  /** Creates the response now if there is none yet (the first upload needs one); resolves with its id. */
  ensureResponse(): Promise<string>;
  start(): void;
  reset(): void;
  /** Stops timers and in-flight requests; later outcomes are ignored. */
  stop(): void;
}

const problemOf = (error: unknown): Problem =>
  error instanceof FormsEngineError ? error.problem : clientProblem('UNEXPECTED_RESPONSE', String(error));

export function createSession(options: SessionOptions): Session {
  const { client, publicId, store } = options;
  let state = initialState(options.externalRef, options.languages?.wanted, options.languages?.hostNamed, options.given);
  const listeners = new Set<(state: SessionState) => void>();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Outcomes of requests from before a reset or stop belong to a session that no longer exists.
  let generation = 0;
  let controller = new AbortController();
  let stopped = false;

  const dispatch = (event: SessionEvent) => {
    if (stopped) return;
    const result = transition(state, event);
    state = result.state;
    for (const listener of listeners) listener(state);
    for (const effect of result.effects) run(effect);
  };

  const request = <T>(
    // `abortable`: the request options that cancel it on a reset or stop.
    work: (abortable: { signal: AbortSignal }) => Promise<T>,
    done: (value: T) => SessionEvent,
    failed: (p: Problem, retryAfterMs: number | undefined) => SessionEvent,
  ) => {
    const mine = generation;
    work({ signal: controller.signal }).then(
      (value) => mine === generation && dispatch(done(value)),
      (error: unknown) =>
        mine === generation &&
        dispatch(failed(problemOf(error), error instanceof FormsEngineError ? error.retryAfterMs : undefined)),
    );
  };

  function run(effect: Effect) {
    switch (effect.type) {
      case 'load-live':
        return request(
          (abortable) => client.getLive(publicId, abortable),
          (live) => ({ type: 'LIVE_LOADED', live }),
          (problem) => ({ type: 'LOAD_FAILED', request: 'live', problem }),
        );
      case 'load-ref-status':
        return request(
          (abortable) => client.getRefStatus(publicId, effect.ref, abortable),
          (result) => ({ type: 'REF_STATUS_LOADED', status: result.status }),
          (problem) => ({ type: 'LOAD_FAILED', request: 'ref-status', problem }),
        );
      case 'rehydrate':
        return request(
          (abortable) => client.getResponse(effect.responseId, abortable),
          (rehydration) => ({ type: 'REHYDRATED', rehydration }),
          (problem) => ({ type: 'LOAD_FAILED', request: 'rehydrate', problem }),
        );
      case 'create':
        return request(
          (abortable) => client.createResponse(publicId, effect.body, abortable),
          (result) => ({ type: 'CREATED', responseId: result.responseId }),
          (problem, retryAfterMs) => ({ type: 'REQUEST_FAILED', request: 'create', problem, retryAfterMs }),
        );
      case 'patch':
        return request(
          (abortable) =>
            client.patchResponse(effect.responseId, effect.body, { ...abortable, keepalive: effect.keepalive }),
          () => ({ type: 'SAVED' }),
          (problem, retryAfterMs) => ({ type: 'REQUEST_FAILED', request: 'patch', problem, retryAfterMs }),
        );
      case 'complete':
        return request(
          (abortable) => client.completeResponse(effect.responseId, { endingId: effect.endingId }, abortable),
          () => ({ type: 'COMPLETED' }),
          (problem, retryAfterMs) => ({ type: 'REQUEST_FAILED', request: 'complete', problem, retryAfterMs }),
        );
      case 'retry-later':
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => dispatch({ type: 'RETRY' }), effect.delayMs);
        return;
      case 'open-at':
        clearTimeout(retryTimer);
        // The server decides whether it is open: asked a second after the opening (at least every few
        // seconds when this device's clock runs ahead), spread over two more so a waiting crowd does not
        // arrive at once; at most 24.8 days ahead, the longest delay a timer takes.
        retryTimer = setTimeout(
          () => dispatch({ type: 'RETRY' }),
          Math.min(2 ** 31 - 1, Math.max(0, Date.parse(effect.at) - Date.now()) + 1000 + Math.random() * 2000),
        );
        return;
      case 'remember':
        return store.write(effect.responseId);
      case 'keep-screen':
        return store.writeScreen(effect.responseId, effect.body);
      case 'forget':
        restart();
        return store.write(null);
      case 'emit':
        return options.onEvent(effect.event);
      case 'warn':
        return console.warn(effect.message);
    }
  }

  const restart = () => {
    generation += 1;
    controller.abort();
    controller = new AbortController();
    clearTimeout(retryTimer);
  };

  const subscribe = (listener: (state: SessionState) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    getState: () => state,
    subscribe,
    dispatch,
    ensureResponse() {
      if (!state.responseId) dispatch({ type: 'ENSURE_RESPONSE' });
      if (state.responseId) return Promise.resolve(state.responseId);
      const failure = () =>
        new FormsEngineError(state.save.problem ?? problemOf('The questionnaire is not open for answers'));
      if (!state.creating) return Promise.reject(failure());
      return new Promise((resolve, reject) => {
        const unsubscribe = subscribe((next) => {
          if (next.responseId) resolve(next.responseId);
          else if (!next.creating)
            reject(failure()); // the machine has said why, and may retry
          else return;
          unsubscribe();
        });
      });
    },
    start() {
      const storedResponseId = store.read();
      const keptScreen = storedResponseId ? store.readScreen(storedResponseId) : null;
      dispatch({ type: 'START', storedResponseId, keptScreen });
    },
    reset() {
      dispatch({ type: 'RESET' });
    },
    stop() {
      restart();
      stopped = true;
      listeners.clear();
    },
  };
}
