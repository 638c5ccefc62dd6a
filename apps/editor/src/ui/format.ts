/** Numbers and instants as a person reads them, for any screen. */

/** An instant in the builder's own locale and time zone; nothing as a dash. */
export const dateTime = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** A size in bytes, KB, MB or GB (1024 each), one decimal from KB on. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
