/**
 * The two clock formats of DATE_TIME and TIME answers. A date-time is the respondent's wall-clock
 * time with the offset of their zone at that moment (`2026-03-29T02:30+02:00`), so it reads as they
 * chose it and still orders as an instant; a time of day has no zone (`14:30`).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** Year, month (1-12), day, hours and minutes. */
type DateTimeFields = [number, number, number, number, number];

/** Minutes since midnight of a valid `HH:mm`, else undefined. */
export function minutesOfTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME.exec(value);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : undefined;
}

export const isTimeOfDay = (value: unknown): value is string => minutesOfTime(value) !== undefined;

/** The instant (epoch milliseconds) of a valid `YYYY-MM-DDTHH:mm±hh:mm`, else undefined. */
export function instantOfDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = [1, 2, 3, 4, 5].map((i) => Number(match[i])) as DateTimeFields;
  const [offsetHours, offsetMinutes] = [Number(match[7]), Number(match[8])];
  if (hours > 23 || minutes > 59 || offsetHours > 14 || offsetMinutes > 59) return undefined;
  const wallClock = Date.UTC(year, month - 1, day, hours, minutes);
  const check = new Date(wallClock);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  const offset = (match[6] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return wallClock - offset * 60_000;
}

export const isDateTime = (value: unknown): value is string => instantOfDateTime(value) !== undefined;

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A moment written as a DATE_TIME answer in a time zone: the wall-clock time there and that
 * zone's offset at that moment (summer time included). `timeZone` absent: the runtime's own.
 */
export function dateTimeInZone(instant: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const fields = (['year', 'month', 'day', 'hour', 'minute'] as const).map((type) =>
    Number(parts.find((part) => part.type === type)?.value),
  ) as DateTimeFields;
  const [year, month, day, hours, minutes] = fields;
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const offset = Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
  return writeDateTime(fields, offset);
}

/**
 * A `datetime-local` value (`YYYY-MM-DDTHH:mm`) as a DATE_TIME answer in the runtime's own zone: the
 * offset is the zone's at that moment. A time that summer time skips moves forward as the clock does.
 * Undefined for anything else.
 */
export function withLocalOffset(wallClock: string): string | undefined {
  // Checked as a calendar date and clock time first, with any offset: only the wall clock matters here.
  if (!isDateTime(`${wallClock}+00:00`)) return undefined;
  const [year, month, day, hours, minutes] = wallClock.split(/[-T:]/).map(Number) as DateTimeFields;
  return dateTimeOfLocal(new Date(year, month - 1, day, hours, minutes));
}

function dateTimeOfLocal(local: Date): string {
  const fields: DateTimeFields = [
    local.getFullYear(),
    local.getMonth() + 1,
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
  ];
  return writeDateTime(fields, -local.getTimezoneOffset());
}

/** [year, month, day, hours, minutes] and an offset in minutes, written `YYYY-MM-DDTHH:mm±hh:mm`. */
function writeDateTime([year, month, day, hours, minutes]: DateTimeFields, offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}${zone}`;
}

/** The wall-clock part of a DATE_TIME answer (`YYYY-MM-DDTHH:mm`), as a `datetime-local` input shows it. */
export const wallClockOf = (dateTime: string): string => dateTime.slice(0, 16);
