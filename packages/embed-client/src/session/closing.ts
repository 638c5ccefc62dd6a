import type { LiveQuestionnaire, Problem } from '../client/types';
import { type Closed, type Effect, emit, type SessionState, type Transition } from './state';

/**
 * Issue 24: a questionnaire that takes no responses now (scheduled, closed, full) or a completion a
 * full quota refuses. The respondent reads why; nothing is created, and nothing saved is erased.
 */

/** The live document's availability, when it is not OPEN (a server without one: open). */
export function closedByLive(live: LiveQuestionnaire): Closed | null {
  const availability = live.availability;
  if (!availability || availability.status === 'OPEN') return null;
  if (availability.status === 'SCHEDULED')
    return { reason: 'NOT_YET_OPEN', opensAt: availability.opensAt ?? undefined };
  return { reason: availability.status };
}

/** A 409 that turns the respondent away: `QUESTIONNAIRE_CLOSED` (by its `reason`) or `QUOTA_FULL`. */
export function closedByProblem(problem: Problem): Closed | null {
  if (problem.code === 'QUOTA_FULL') return { reason: 'QUOTA_FULL', endingId: problem.endingId };
  if (problem.code !== 'QUESTIONNAIRE_CLOSED') return null;
  return { reason: problem.reason ?? 'CLOSED', opensAt: problem.opensAt };
}

/**
 * Says why before anything is asked: no form, no response. The host hears `ready` with status CLOSED,
 * once. A scheduled questionnaire is asked for again at its opening, so it opens without a reload
 * (nothing is typed on this screen, so nothing is lost when the form replaces it).
 */
export function closeOnArrival(state: SessionState, closed: Closed): Transition {
  const versionNumber = state.questionnaire?.versionNumber ?? 0;
  const reason = closed.reason === 'QUOTA_FULL' ? undefined : closed.reason;
  const effects: Effect[] =
    state.phase === 'closed' ? [] : [emit({ name: 'ready', detail: { versionNumber, status: 'CLOSED', reason } })];
  if (closed.opensAt) effects.push({ type: 'open-at', at: closed.opensAt });
  return { state: { ...state, phase: 'closed', closed }, effects };
}
