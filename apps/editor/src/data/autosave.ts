import type { Problem } from '@forms-engine/schema';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fingerprint } from './pending-edits.ts';
import { problemOf as problemOfError } from './problem.ts';
import { SIGNED_IN_AGAIN } from './session.ts';

/**
 * Save-as-you-go for one value the server holds (a draft, a questionnaire's settings): the last
 * edit is sent a moment after typing stops, one request at a time; a value the server would
 * refuse is not sent but kept; a server that cannot be reached is tried again with growing
 * pauses; and every edit the server does not hold yet is kept in the browser (`persist`) until
 * it does. Plain TypeScript with a subscribe/getState pair, so the hook is thin and the timing
 * is tested with fake timers.
 */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'saving' }
  /** The value has problems the server would refuse; nothing was sent. */
  | { kind: 'invalid' }
  /** The server refused the value; tried again after the next edit. */
  | { kind: 'refused'; problem: Problem }
  /** The server could not be reached or failed; tried again at `retryAt` (ms since the epoch). */
  | { kind: 'unreachable'; problem: Problem; retryAt: number };

export interface AutosaveOptions<T> {
  /** What the server holds now. */
  saved: T;
  /** Sends a value; resolves to what the server then holds. */
  save: (value: T) => Promise<T>;
  /** False for a value the server would refuse (checked with the API's own schema). */
  isValid: (value: T) => boolean;
  equals?: (a: T, b: T) => boolean;
  /** Where unsaved edits are kept, with the fingerprint of the server value they were made on. */
  persist?: { write(value: T, base: string): boolean; clear(): void } | undefined;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
  problemOf?: (error: unknown) => Problem;
}

export interface Autosaver<T> {
  edit(value: T): void;
  /** Saves now; true once the server holds the last edit. */
  flush(): Promise<boolean>;
  retryNow(): void;
  getState(): SaveState;
  subscribe(listener: () => void): () => void;
  /** The fingerprint of what the server holds. */
  serverBase(): string;
  /** Stops the timers; an edit still waiting for its pause is sent at once. */
  dispose(): void;
}

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** Failures worth trying again by ourselves: no answer, a timeout, too many requests, a server error. */
const isTransient = (problem: Problem) =>
  problem.status === 0 || problem.status === 408 || problem.status === 429 || problem.status >= 500;

export function createAutosaver<T>(options: AutosaveOptions<T>): Autosaver<T> {
  const same = options.equals ?? Object.is;
  const debounceMs = options.debounceMs ?? 800;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const problemOf = options.problemOf ?? problemOfError;
  const listeners = new Set<() => void>();

  let latest = options.saved;
  /** The last value the server accepted, as sent (the editor compares its own values). */
  let lastSaved = options.saved;
  let base = fingerprint(options.saved);
  let inFlight: Promise<unknown> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let state: SaveState = { kind: 'saved' };

  const set = (next: SaveState) => {
    if (next.kind === state.kind && next.kind !== 'refused' && next.kind !== 'unreachable') return;
    state = next;
    for (const listener of listeners) listener();
  };
  const stopTimers = () => {
    clearTimeout(timer);
    clearTimeout(retryTimer);
    timer = undefined;
    retryTimer = undefined;
  };

  /** One round: waits for the request in flight, then sends the latest value if it needs sending. */
  async function send(): Promise<'saved' | 'again' | 'failed'> {
    while (inFlight) await inFlight.catch(() => {});
    const sending = latest;
    if (same(sending, lastSaved)) {
      options.persist?.clear();
      set({ kind: 'saved' });
      return 'saved';
    }
    if (!options.isValid(sending)) {
      set({ kind: 'invalid' });
      return 'failed';
    }
    set({ kind: 'saving' });
    const request = options.save(sending);
    inFlight = request;
    try {
      const held = await request;
      lastSaved = sending;
      base = fingerprint(held);
      attempts = 0;
      if (same(latest, sending)) {
        options.persist?.clear();
        set({ kind: 'saved' });
        return 'saved';
      }
      // Edits made meanwhile are now based on what the server holds; their own timer sends them.
      options.persist?.write(latest, base);
      return 'again';
    } catch (error) {
      if (!same(latest, sending)) return 'again';
      const problem = problemOf(error);
      if (isTransient(problem)) {
        const delay = delays[Math.min(attempts, delays.length - 1)] ?? 30_000;
        attempts++;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void send(), delay);
        set({ kind: 'unreachable', problem, retryAt: Date.now() + delay });
      } else {
        set({ kind: 'refused', problem });
      }
      return 'failed';
    } finally {
      if (inFlight === request) inFlight = undefined;
    }
  }

  return {
    edit(value) {
      latest = value;
      if (same(value, lastSaved) && !inFlight) {
        stopTimers();
        options.persist?.clear();
        set({ kind: 'saved' });
        return;
      }
      options.persist?.write(value, base);
      clearTimeout(timer);
      timer = undefined;
      if (!options.isValid(value)) {
        set({ kind: 'invalid' });
        return;
      }
      set({ kind: 'saving' });
      timer = setTimeout(() => {
        timer = undefined;
        void send();
      }, debounceMs);
    },
    async flush() {
      stopTimers();
      for (let round = 0; round < 10; round++) {
        const result = await send();
        if (result !== 'again') return result === 'saved';
      }
      return false;
    },
    retryNow() {
      if (state.kind !== 'unreachable' && state.kind !== 'refused') return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      void send();
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serverBase: () => base,
    dispose() {
      const waiting = timer !== undefined;
      stopTimers();
      if (waiting) void send();
    },
  };
}

/**
 * The autosaver for `value` (created once, from the first options), its state, and a retry
 * when the browser comes back online or the member signs in again after their session ended.
 */
export function useAutosave<T>(value: T, options: () => AutosaveOptions<T>) {
  const [saver] = useState(() => createAutosaver(options()));
  useEffect(() => saver.edit(value), [saver, value]);
  useEffect(() => {
    const online = () => saver.retryNow();
    window.addEventListener('online', online);
    window.addEventListener(SIGNED_IN_AGAIN, online);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener(SIGNED_IN_AGAIN, online);
      saver.dispose();
    };
  }, [saver]);
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  return { state, saver };
}
