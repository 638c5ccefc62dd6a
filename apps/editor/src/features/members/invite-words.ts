import type { ClockOptions } from '../../ui/format.ts';

/**
 * When an invitation stops working, in words: "expires 4 December 2026 at 10:00" (the date
 * written out the locale's way, since a person compares it with a calendar, and the time, since
 * the link ends 7 days to the minute after it was made).
 */
export function expiryWords(iso: string, { locale, timeZone }: ClockOptions = {}): string {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    Date.parse(iso),
  );
  return `expires ${when}`;
}
