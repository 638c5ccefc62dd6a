/**
 * An instant as the API writes it: UTC, `2026-12-01T08:00:00Z`, with the milliseconds only when
 * there are some (`toISOString()` otherwise). Stored times are timestamptz (instants), so the
 * zone a builder typed them in is never kept; every reader shows them in its own.
 */
export function utcIso(instant: Date | number): string {
  const iso = new Date(instant).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
