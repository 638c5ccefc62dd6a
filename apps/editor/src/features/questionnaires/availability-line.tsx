import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type AvailabilityFacts, availabilityLine } from './availability-words.ts';

/** setTimeout's longest wait (about 24.8 days); a boundary further away waits for a later visit. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * The questionnaire's status as one line under its name. Not a live region: it changes on the
 * server's clock, not on anything the builder does here, and the publish line is the header's status.
 */
export function AvailabilityLine({ facts }: { facts: Partial<AvailabilityFacts> }) {
  // A server from before schedules (no `availability`) shows no line rather than a wrong one.
  if (!facts.availability) return null;
  return (
    <p className="availability-line" data-status={facts.availability.status}>
      {availabilityLine(facts as AvailabilityFacts)}
    </p>
  );
}

/**
 * Asks the server again just after the next opening or closing time, so the status line turns
 * from "Scheduled" to "Open" or from "Open" to "Closed" while the builder is looking at it.
 */
export function useRefetchAtBoundary(facts: Partial<AvailabilityFacts> | undefined, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const opensAt = facts?.opensAt ?? null;
  const closesAt = facts?.closesAt ?? null;
  // The key is rebuilt every render; the timer needs only the latest one when it fires.
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;
  useEffect(() => {
    const now = Date.now();
    const next = [opensAt, closesAt]
      .map((iso) => (iso ? Date.parse(iso) : Number.NaN))
      .filter((at) => at > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined || next - now > LONGEST_WAIT_MS) return;
    // A second late, so the server's clock has passed it too.
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: latestKey.current }),
      next - now + 1_000,
    );
    return () => clearTimeout(timer);
  }, [opensAt, closesAt, queryClient]);
}
