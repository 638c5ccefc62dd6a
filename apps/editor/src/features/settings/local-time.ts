/**
 * Dates as a builder types them: `<input type="datetime-local">` holds a wall-clock time with no
 * zone, read in the builder's own time zone (the browser's); the API stores the instant in UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The builder's time zone by its name ("Europe/Berlin"). */
export const builderTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "UTC+01:00": the zone's offset at that instant (summer time changes it). */
export function utcOffset(ms: number): string {
  const minutes = -new Date(ms).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "Europe/Berlin (UTC+01:00)", at `iso` when one is set (its own summer or winter time), else now. */
export function zoneLabel(iso: string | null, now = Date.now()): string {
  const at = iso ? Date.parse(iso) : now;
  return `${builderTimeZone()} (${utcOffset(Number.isNaN(at) ? now : at)})`;
}

/** An instant as the input shows it in the builder's zone: `2026-12-01T09:00` (seconds only when set). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const seconds = date.getSeconds() ? `:${pad(date.getSeconds())}` : '';
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

/**
 * The input's wall-clock time as an instant in UTC, written as the API writes them
 * (`2026-12-01T08:00:00Z`, no milliseconds), so what is sent reads like what comes back.
 * `undefined` for text that is not a date and time.
 */
export function fromLocalInput(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, s || 0);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace('.000Z', 'Z');
}
