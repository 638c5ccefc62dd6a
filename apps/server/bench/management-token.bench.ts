// The management token comparison takes as long for a guess wrong only at its last character as
// for one wrong at its first (hashes, then timingSafeEqual). Measured against a plain `===` of the
// same strings in the same run: that ratio is what a leak looks like on this machine now, so a
// noisy run that could not see a leak says so instead of passing.
import { secretMatcher } from '../src/http/require-management-token.ts';

/** The matcher's ratio must stay within this band around 1. */
const BAND = { low: 0.75, high: 1.33 };
/** A plain comparison must show at least this ratio, or the measurement cannot tell. */
const LEAK_VISIBLE = 2;

/** Median nanoseconds of each case, measured in interleaved rounds so machine noise hits all alike. */
function medians(cases: (() => unknown)[], rounds = 41, perRound = 20): number[] {
  const samples: number[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    cases.forEach((work, index) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) work();
      samples[index]?.push(Number(process.hrtime.bigint() - started));
    });
  }
  return samples.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
}

export async function benchManagementToken(): Promise<{ name: string; ok: boolean; summary: string }> {
  // 1 MiB, so a comparison that stops early differs from one that scans by far more than noise.
  const secret = 's'.repeat(1024 * 1024);
  const matches = secretMatcher(secret);
  // Fresh copies, so that neither side is the secret's own (interned) string.
  const wrongAtEnd = `${secret.slice(0, -1)}x`;
  const wrongAtStart = `x${secret.slice(1)}`;
  const plainEqual = (guess: string) => guess === secret;
  const [late, early, plainLate, plainEarly] = medians([
    () => matches(wrongAtEnd),
    () => matches(wrongAtStart),
    () => plainEqual(wrongAtEnd),
    () => plainEqual(wrongAtStart),
  ]);
  const ratio = (late ?? 0) / (early || 1);
  const plainRatio = (plainLate ?? 0) / (plainEarly || 1);
  const within = ratio > BAND.low && ratio < BAND.high;
  const visible = plainRatio >= LEAK_VISIBLE;
  return {
    name: 'management token comparison: wrong at the end / wrong at the start',
    ok: within && visible,
    summary:
      `${ratio.toFixed(2)} (budget ${BAND.low}–${BAND.high}); a plain === of the same strings ${plainRatio.toFixed(1)}` +
      (visible ? '' : ` (under ${LEAK_VISIBLE}: too noisy to see a leak, run again)`),
  };
}
