/**
 * Only the response id is kept, in sessionStorage, one key per questionnaire (and external
 * reference, so a site that switches users in one tab never resumes another person's
 * answers). Storage can be missing or refuse writes (privacy modes, sandboxed frames): then
 * the embed just does not resume.
 */
export interface ResponseIdStore {
  read(): string | null;
  write(responseId: string | null): void;
}

export function storageKey(publicId: string, externalRef: string | undefined): string {
  return `forms-engine:response:${publicId}${externalRef ? `:${externalRef}` : ''}`;
}

export function sessionStore(publicId: string, externalRef: string | undefined): ResponseIdStore {
  const key = storageKey(publicId, externalRef);
  const storage = (): Storage | undefined => {
    try {
      return globalThis.sessionStorage;
    } catch {
      return undefined;
    }
  };
  return {
    read() {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    write(responseId) {
      try {
        if (responseId) storage()?.setItem(key, responseId);
        else storage()?.removeItem(key);
      } catch {
        // Not resuming is the only consequence.
      }
    },
  };
}
