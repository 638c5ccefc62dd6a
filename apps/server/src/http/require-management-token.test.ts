import { describe, expect, it } from 'vitest';
import { secretMatcher } from './require-management-token.ts';

// Behaviour only: that a wrong guess takes as long however much of it is right is timed by
// `pnpm bench` (bench/management-token.bench.ts), against a plain comparison in the same run.
describe('secretMatcher (the management token comparison)', () => {
  const secret = 's'.repeat(1024 * 1024);
  const matches = secretMatcher(secret);

  it('accepts exactly the secret', () => {
    expect(matches(secret)).toBe(true);
    // A fresh copy, not the secret's own string.
    expect(matches(`${secret.slice(0, -1)}s`)).toBe(true);
    expect(matches(`${secret}x`)).toBe(false);
    expect(matches(secret.slice(1))).toBe(false);
    expect(matches(`${secret.slice(0, -1)}x`)).toBe(false);
    expect(matches(`x${secret.slice(1)}`)).toBe(false);
    expect(matches('')).toBe(false);
  });

  it('compares whole strings of any length, short secrets too', () => {
    const short = secretMatcher('token');
    expect(short('token')).toBe(true);
    expect(short('Token')).toBe(false);
    expect(short('token ')).toBe(false);
    expect(short('tok')).toBe(false);
    expect(short('t'.repeat(10_000))).toBe(false);
  });
});
