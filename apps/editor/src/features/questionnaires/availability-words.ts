import type { AvailabilityStatus } from '@forms-engine/schema';
import { briefWhen, type ClockOptions, count } from '../../ui/format.ts';

/**
 * What the header and the list know about whether a questionnaire takes responses. The detail
 * has it all; a list item the schedule, the limit and, when there is a limit, the completed count.
 */
export interface AvailabilityFacts {
  availability: { status: AvailabilityStatus; completed?: number };
  opensAt?: string | null;
  closesAt?: string | null;
  maxCompletedResponses?: number | null;
}

const STATUS_WORDS: Record<AvailabilityStatus, string> = {
  OPEN: 'Open',
  SCHEDULED: 'Scheduled',
  FULL: 'Full',
  CLOSED: 'Closed',
};

/**
 * The status in one line: "Open · closes Fri 18:00", "Full · 200 of 200", "Scheduled · opens Mon
 * 08:00", "Closed", or the status alone when there is nothing more to say. The server decides
 * the status (its clock, its count); this only words it, so the editor never contradicts it.
 */
export function availabilityLine(facts: AvailabilityFacts, now = Date.now(), clock: ClockOptions = {}): string {
  const { status, completed } = facts.availability;
  const word = STATUS_WORDS[status] ?? 'Open';
  if (status === 'OPEN' && facts.closesAt) return `${word} · closes ${briefWhen(facts.closesAt, now, clock)}`;
  if (status === 'SCHEDULED' && facts.opensAt) return `${word} · opens ${briefWhen(facts.opensAt, now, clock)}`;
  if (status === 'FULL' && completed !== undefined && typeof facts.maxCompletedResponses === 'number') {
    return `${word} · ${count(completed, clock.locale)} of ${count(facts.maxCompletedResponses, clock.locale)}`;
  }
  return word;
}
