import type { PatchResponseRequest } from '../client/types';

/**
 * The response id is kept in sessionStorage, one key per questionnaire (and external
 * reference, so a site that switches users in one tab never resumes another person's
 * answers). Storage can be missing or refuse writes (privacy modes, sandboxed frames): then
 * the embed just does not resume.
 *
 * Beside it, for a moment, the screen saved as the page was hidden: that save goes out with
 * `keepalive` as the page unloads, and a reload can read the response before it lands. The
 * reloaded page puts the kept screen over what it read; the next acknowledged save drops it.
 */
export interface ResponseIdStore {
  read(): string | null;
  /** `null` also drops the kept screen. */
  write(responseId: string | null): void;
  /** The screen kept for this response, if any. */
  readScreen(responseId: string): PatchResponseRequest | null;
  writeScreen(responseId: string, body: PatchResponseRequest | null): void;
  /**
   * The seed of the shuffled lists (issue 25): made at the first view, stored with the response id when
   * the response is created (a page view stores nothing), so Back, a reload and a resumed response show
   * the order of the first view; dropped with the id (an erasure or a reset), stored again with the next.
   */
  seed(): string;
}

export function storageKey(publicId: string, externalRef: string | undefined): string {
  return `forms-engine:response:${publicId}${externalRef ? `:${externalRef}` : ''}`;
}

export function sessionStore(publicId: string, externalRef: string | undefined): ResponseIdStore {
  const key = storageKey(publicId, externalRef);
  const screenKey = `${key}:screen`;
  const seedKey = `${key}:seed`;
  let seed: string | undefined;
  /**
   * Every use of the storage goes through here: reaching it can throw (a sandboxed frame), it can be
   * missing (Node), and writes can be refused; each failure gives `otherwise`.
   */
  const attempt = <T>(work: (storage: Storage) => T, otherwise: T): T => {
    try {
      return work(globalThis.sessionStorage);
    } catch {
      return otherwise; // not resuming is the only consequence
    }
  };
  return {
    read: () => attempt((storage) => storage.getItem(key), null),
    write(responseId) {
      attempt((storage) => {
        if (responseId) {
          storage.setItem(key, responseId);
          if (seed) storage.setItem(seedKey, seed);
        } else {
          storage.removeItem(key);
          storage.removeItem(screenKey);
          storage.removeItem(seedKey);
        }
      }, undefined);
    },
    readScreen(responseId) {
      return attempt((storage) => {
        const kept = JSON.parse(storage.getItem(screenKey) ?? 'null') as KeptScreen | null;
        return kept?.responseId === responseId ? kept.body : null;
      }, null);
    },
    seed() {
      seed ??= attempt((storage) => storage.getItem(seedKey), null) ?? Math.random().toString(36).slice(2);
      return seed;
    },
    writeScreen(responseId, body) {
      attempt((storage) => {
        if (body) storage.setItem(screenKey, JSON.stringify({ responseId, body } satisfies KeptScreen));
        else storage.removeItem(screenKey);
      }, undefined);
    },
  };
}

interface KeptScreen {
  responseId: string;
  body: PatchResponseRequest;
}
