import type { ChangeEvent } from 'react';

/**
 * What a number or date box holds after a keystroke: a value, empty, or text the browser cannot
 * read yet (a half-typed date, "1e"). The browser reports the last as an empty value; taking it
 * for "cleared" would save a clear the builder never meant, so it is told apart.
 */
export type Typed<T> = { kind: 'value'; value: T } | { kind: 'empty' } | { kind: 'unfinished' };

export function typedIn(event: ChangeEvent<HTMLInputElement>): Typed<string> {
  const { value, validity } = event.target;
  if (value !== '') return { kind: 'value', value };
  return validity?.badInput ? { kind: 'unfinished' } : { kind: 'empty' };
}

/** A whole number box's value: `null` when empty; a fraction or a negative is kept, for the check to name. */
export function numberIn(event: ChangeEvent<HTMLInputElement>): Typed<number | null> {
  const typed = typedIn(event);
  if (typed.kind !== 'value') return typed.kind === 'empty' ? { kind: 'value', value: null } : typed;
  const value = Number(typed.value);
  return Number.isFinite(value) ? { kind: 'value', value } : { kind: 'unfinished' };
}
