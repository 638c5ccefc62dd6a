/** The summary's numbers in words a builder reads ("1 min 35 s", "64%", "1,204"). */

const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** A count or a statistic, grouped by thousands, at most two decimals. */
export const numberWords = (n: number) => NUMBER.format(n);

/** A share as a whole percentage ("64%"); a tiny share that is not zero reads "less than 1%". */
export function percentWords(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = (part / whole) * 100;
  if (percent < 1) return 'less than 1%';
  return `${WHOLE.format(Math.round(percent))}%`;
}

/** A rate from 0 to 1 as a percentage, one decimal when it is not whole ("75%", "66.7%"). */
export function rateWords(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${percent}%`;
}

const UNITS = [
  { one: 'day', many: 'days', seconds: 86_400 },
  { one: 'h', many: 'h', seconds: 3_600 },
  { one: 'min', many: 'min', seconds: 60 },
  { one: 's', many: 's', seconds: 1 },
] as const;

/**
 * A duration in its largest unit and the next one, rounded to the second: "45 s", "1 min 35 s",
 * "2 h 5 min", "3 days 4 h" (two units are enough to compare; more only add noise).
 */
export function durationWords(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 1) return 'less than 1 s';
  const first = UNITS.findIndex((unit) => seconds >= unit.seconds);
  const big = UNITS[first] as (typeof UNITS)[number];
  const amount = Math.floor(seconds / big.seconds);
  const parts = [`${amount} ${amount === 1 ? big.one : big.many}`];
  const small = UNITS[first + 1];
  if (small) {
    const rest = Math.floor((seconds - amount * big.seconds) / small.seconds);
    if (rest > 0) parts.push(`${rest} ${rest === 1 ? small.one : small.many}`);
  }
  return parts.join(' ');
}

const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const SIGNED = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** An average rank with one decimal ("1.4"): enough to order choices, no false precision. */
export const rankWords = (meanRank: number) => ONE_DECIMAL.format(meanRank);

/** A Net Promoter Score with its sign, as it is quoted ("+32", "0", "-12.5"). */
export const scoreWords = (score: number) => SIGNED.format(score);

/** "once", "twice", "80 times". */
export function timesWords(n: number): string {
  if (n === 1) return 'once';
  if (n === 2) return 'twice';
  return `${numberWords(n)} times`;
}
