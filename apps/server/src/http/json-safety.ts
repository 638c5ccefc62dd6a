import type { ProblemField } from '@forms-engine/schema';

/**
 * Deepest nesting any JSON body may have. The deepest legitimate body is a definition
 * (steps > tabs > questions > rule > conditions > value: about 12 levels); answers stop at
 * ANSWERS_MAX_DEPTH below the answer. 5,000 levels overflow the stack of every later stage.
 */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';

/** Why a string cannot be stored: Postgres text and jsonb refuse U+0000 and unpaired surrogates. */
export function unstorableString(text: string): string | undefined {
  if (text.includes(NUL)) return 'contains U+0000 (NUL), which cannot be stored';
  if (!text.isWellFormed()) return 'contains an unpaired surrogate (not valid Unicode)';
  return undefined;
}

/**
 * The first reason a parsed JSON value cannot be accepted anywhere, with its path: nesting
 * deeper than MAX_JSON_DEPTH, a number that overflowed to ±Infinity (`1e400`), or a key or
 * string that Postgres cannot store. Iterative, so no input can exhaust the stack.
 */
export function findUnsafeJson(root: unknown): ProblemField | undefined {
  // Each pending value knows its parent and key; a path string is written only for the one
  // failure (this runs on every JSON body, and nearly every body passes).
  interface Item {
    value: unknown;
    key: string | number | undefined;
    parent: Item | undefined;
    depth: number;
  }
  const pathOf = (item: Item, lastKey?: string): string => {
    const keys: (string | number)[] = lastKey === undefined ? [] : [lastKey];
    for (let at: Item | undefined = item; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const pending: Item[] = [{ value: root, key: undefined, parent: undefined, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      const reason = unstorableString(value);
      if (reason) return { path: pathOf(item), message: `The string ${reason}` };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path: pathOf(item), message: 'The number is too large to represent' };
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH)
        return { path: pathOf(item), message: `Nested deeper than ${MAX_JSON_DEPTH} levels` };
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          pending.push({ value: value[index], key: index, parent: item, depth: depth + 1 });
        }
      } else {
        for (const key of Object.keys(value)) {
          const reason = unstorableString(key);
          if (reason)
            return { path: pathOf(item, key.replace(/[\0\uD800-\uDFFF]/g, '\uFFFD')), message: `The key ${reason}` };
          pending.push({ value: (value as Record<string, unknown>)[key], key, parent: item, depth: depth + 1 });
        }
      }
    }
  }
  return undefined;
}
