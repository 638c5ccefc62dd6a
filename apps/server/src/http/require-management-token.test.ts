import { describe, expect, it } from 'vitest';
import { secretMatcher } from './require-management-token.ts';

/** Median nanoseconds of each case, measured in interleaved rounds so machine noise hits all alike. */
function medians(cases: (() => unknown)[], rounds = 41, perRound = 20): number[] {
  const samples: number[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    cases.forEach((work, index) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) work();
      samples[index]!.push(Number(process.hrtime.bigint() - started));
    });
  }
  return samples.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

describe('secretMatcher (the management token comparison)', () => {
  const secret = 's'.repeat(1024 * 1024);
  const matches = secretMatcher(secret);

  it('accepts exactly the secret', () => {
    expect(matches(secret)).toBe(true);
    expect(matches(`${secret}x`)).toBe(false);
    expect(matches(secret.slice(1))).toBe(false);
    expect(matches('')).toBe(false);
  });

  it('takes as long for a guess wrong only at its last character as for one wrong at the first', () => {
    // A plain comparison of these 1 MiB strings returns at once on the first but scans all of the
    // second; fresh copies so that neither side is the secret's own (interned) string.
    const wrongAtEnd = `${secret.slice(0, -1)}x`;
    const wrongAtStart = `x${secret.slice(1)}`;
    const [late, early] = medians([() => matches(wrongAtEnd), () => matches(wrongAtStart)]);
    const ratio = late! / early!;
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });
});
