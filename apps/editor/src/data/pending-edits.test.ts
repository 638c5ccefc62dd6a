import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, pendingEdits } from './pending-edits.ts';

afterEach(() => localStorage.clear());

describe('pendingEdits', () => {
  it('keeps edits per questionnaire and kind, with the server value they were based on, across reads', () => {
    const draft = pendingEdits<{ n: number }>('draft', 'q1');
    draft.write({ n: 2 }, fingerprint({ n: 1 }));
    expect(pendingEdits('draft', 'q1').read()).toMatchObject({ value: { n: 2 }, base: fingerprint({ n: 1 }) });
    expect(pendingEdits('draft', 'q2').read()).toBeUndefined();
    expect(pendingEdits('settings', 'q1').read()).toBeUndefined();
    draft.clear();
    expect(draft.read()).toBeUndefined();
  });

  it('reads a damaged entry as nothing', () => {
    localStorage.setItem('forms-engine.unsaved.draft.q1', '{not json');
    expect(pendingEdits('draft', 'q1').read()).toBeUndefined();
  });
});

describe('fingerprint', () => {
  it('ignores key order and tells different values apart', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
  });
});
