import { instantOfDateTime } from '@forms-engine/schema/rules';

/*
 * DATE_TIME answers as a builder reads them (a TIME answer, `HH:mm`, already reads as a time). A
 * date-time shows on the respondent's own wall clock, as they chose it, with their offset named:
 * converted into the builder's zone it would show an appointment at a time the respondent never
 * picked. Times on the 24-hour clock, as the rest of the editor writes them.
 */

const WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  // The wall clock is read as if it were UTC, so nothing shifts it.
  timeZone: 'UTC',
});

/** "2026-12-01T09:30+01:00" → "1 Dec 2026, 09:30 (UTC+01:00)"; anything else stays as it is. */
export function dateTimeWords(value: string): string {
  if (instantOfDateTime(value) === undefined) return value;
  const wallClock = Date.parse(`${value.slice(0, 16)}Z`);
  return `${WALL_CLOCK.format(wallClock)} (UTC${value.slice(16)})`;
}
