/**
 * Edits the server does not hold yet, kept in this browser (localStorage) so that a reload, a
 * closed tab, a refused save or a server restart loses nothing (docs/decisions.md, "No edit is
 * ever lost"). One entry per questionnaire and kind, with a fingerprint of the server's value
 * the edits were made on: when the server's value is still that one, the edits are simply
 * reapplied; when it changed meanwhile, the editor asks.
 */
export interface PendingEntry<T> {
  value: T;
  /** `fingerprint` of the server's value the edits were made on. */
  base: string;
  /** When the edits were last written (ms since the epoch). */
  savedAt: number;
}

export type PendingKind = 'draft' | 'settings';

export interface PendingStore<T> {
  read(): PendingEntry<T> | undefined;
  /** False when the browser refused (storage full or disabled). */
  write(value: T, base: string): boolean;
  clear(): void;
}

export function pendingEdits<T>(kind: PendingKind, questionnaireId: string): PendingStore<T> {
  const key = `forms-engine.unsaved.${kind}.${questionnaireId}`;
  return {
    read() {
      try {
        const text = localStorage.getItem(key);
        if (!text) return undefined;
        const entry = JSON.parse(text) as PendingEntry<T>;
        return entry && typeof entry.base === 'string' && 'value' in entry ? entry : undefined;
      } catch {
        return undefined;
      }
    },
    write(value, base) {
      try {
        localStorage.setItem(key, JSON.stringify({ value, base, savedAt: Date.now() } satisfies PendingEntry<T>));
        return true;
      } catch {
        return false;
      }
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing was kept, then.
      }
    },
  };
}

/** JSON with object keys sorted, so two equal values read the same whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

/**
 * A short hash of a value's canonical JSON (cyrb53: 53 bits, plenty to tell one questionnaire's
 * drafts apart; written here because no dependency is needed for ten lines).
 */
export function fingerprint(value: unknown): string {
  const text = canonicalJson(value) ?? 'undefined';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
