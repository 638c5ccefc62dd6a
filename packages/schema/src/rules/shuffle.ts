import type { ShuffleMode } from './vocabulary';

/**
 * 32-bit FNV-1a of a string: a seed from text (a response id and an element id) so the same
 * respondent gets the same order on every view without the order being stored anywhere.
 */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and evenly spread; not for secrets, only for orders. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The items in the order one respondent sees them: as written (NONE), all shuffled (ALL), or all
 * but the last shuffled (ALL_BUT_LAST). The same seed always gives the same order, so pass one
 * that lasts as long as the response (e.g. `${responseId}:${questionId}`).
 */
export function shuffledOrder<T>(items: readonly T[], mode: ShuffleMode | undefined, seed: string): T[] {
  if (mode !== 'ALL' && mode !== 'ALL_BUT_LAST') return [...items];
  const kept = mode === 'ALL_BUT_LAST' ? items.slice(-1) : [];
  const moving = items.slice(0, items.length - kept.length);
  const random = randomFrom(hash(seed));
  for (let i = moving.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moving[i], moving[j]] = [moving[j] as T, moving[i] as T];
  }
  return [...moving, ...kept];
}
