import { describe, expect, it } from 'vitest';
import { findUnsafeJson, MAX_JSON_DEPTH } from './json-safety.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('findUnsafeJson', () => {
  it('accepts ordinary JSON, nesting up to the bound, and paired surrogates', () => {
    expect(findUnsafeJson({ a: [1, 'x', true, { b: 'emoji \u{1F600}' }], n: -1.5e300 })).toBeUndefined();
    expect(findUnsafeJson(nested(MAX_JSON_DEPTH))).toBeUndefined();
  });

  it('refuses nesting past the bound, at any size, without recursion', () => {
    expect(findUnsafeJson(nested(MAX_JSON_DEPTH + 1))?.message).toMatch(/deeper than 32/);
    expect(findUnsafeJson({ answers: { q: nested(100_000) } })).toMatchObject({
      path: expect.stringMatching(/^answers\.q/),
    });
  });

  it.each([
    [{ name: 'a\u0000b' }, 'name', /NUL/],
    [{ answers: { q: ['ok', 'x\uD800'] } }, 'answers.q.1', /unpaired surrogate/],
    [{ answers: { q: '\uDC00' } }, 'answers.q', /unpaired surrogate/],
    [{ answers: { 'k\u0000': 1 } }, 'answers.k\uFFFD', /key contains U\+0000/],
    [{ answers: { q: Number.POSITIVE_INFINITY } }, 'answers.q', /too large/],
    [[Number.NEGATIVE_INFINITY], '0', /too large/],
  ])('refuses %j at %s', (value, path, message) => {
    const found = findUnsafeJson(value);
    expect(found?.path).toBe(path);
    expect(found?.message).toMatch(message);
  });
});
