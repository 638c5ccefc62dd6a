/** Numbers and instants as a person reads them, for any screen. */

/** An instant in the builder's own locale and time zone; nothing as a dash. */
export const dateTime = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface ClockOptions {
  /** The builder's locale and time zone unless a test says otherwise. */
  locale?: string | undefined;
  timeZone?: string | undefined;
}

/**
 * An instant said briefly for a status line: the short weekday and the time within a week of
 * `now` either way ("Fri 18:00"), else the date and time ("5 Dec, 18:00", with the year when it
 * is not this year's). Times on the 24-hour clock, as the issue writes them, whatever the locale's habit:
 * "Fri 6:00 PM" beside "Mon 08:00" on another screen would read as two conventions.
 */
export function briefWhen(iso: string, now: number, { locale, timeZone }: ClockOptions = {}): string {
  const at = Date.parse(iso);
  if (Math.abs(at - now) < WEEK_MS) {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(at);
  }
  const year = (ms: number) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(ms);
  // Further away the date leads, and the time stays: a closing on 4 Dec at 18:00 is not at midnight.
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/**
 * A day and time a person compares with a calendar: "December 4, 2026 at 1:42 PM", written out
 * the locale's way (an invitation's end, which is 7 days to the minute after it was made).
 */
export function dayAndTime(iso: string, { locale, timeZone }: ClockOptions = {}): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(Date.parse(iso));
}

/** A count as the locale writes numbers ("1,234"). */
export const count = (n: number, locale?: string) => new Intl.NumberFormat(locale).format(n);

/** A size in bytes, KB, MB or GB (1024 each), one decimal from KB on. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
