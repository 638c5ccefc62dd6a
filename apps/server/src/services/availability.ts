import {
  type AvailabilityStatus,
  availabilityStatus,
  type ClosedReason,
  closedReasonOf,
  type PublicAvailability,
  type ScheduleAndLimit,
} from '@forms-engine/schema';
import type { PublicSettings } from '../cache/public-questionnaires.ts';
import { AppError } from '../errors/app-error.ts';
import { utcIso } from '../lib/utc-time.ts';

/**
 * Whether a questionnaire takes responses now, as the public side sees it: from the cached
 * settings and this process's clock. The refusals respondents get carry what the embed needs to
 * say why (problem body members `reason`, `opensAt`, `quotaId`, `endingId`).
 */

const CLOSED_DETAIL: Record<ClosedReason, string> = {
  NOT_YET_OPEN: 'This questionnaire does not take responses yet (see opensAt)',
  CLOSED: 'This questionnaire is closed',
  FULL: 'This questionnaire has all the completed responses it takes',
};

/** 409 QUESTIONNAIRE_CLOSED; `opensAt` (UTC) goes with NOT_YET_OPEN. */
export function questionnaireClosed(reason: ClosedReason, opensAt?: number | null): AppError {
  const extras = reason === 'NOT_YET_OPEN' && opensAt != null ? { reason, opensAt: utcIso(opensAt) } : { reason };
  return new AppError('QUESTIONNAIRE_CLOSED', CLOSED_DETAIL[reason], undefined, extras);
}

/** 409 QUOTA_FULL naming the quota, and its ending when it has one. */
export const quotaFull = (quota: { id: string; name: string; endingId?: string | undefined }): AppError =>
  new AppError(
    'QUOTA_FULL',
    `The quota “${quota.name}” has all the completed responses it takes`,
    undefined,
    quota.endingId === undefined ? { quotaId: quota.id } : { quotaId: quota.id, endingId: quota.endingId },
  );

export const scheduleOf = (settings: PublicSettings): ScheduleAndLimit => ({
  opensAt: settings.opensAt === null ? null : utcIso(settings.opensAt),
  closesAt: settings.closesAt === null ? null : utcIso(settings.closesAt),
  maxCompletedResponses: settings.maxCompletedResponses,
});

export const statusNow = (settings: PublicSettings, now = Date.now()): AvailabilityStatus =>
  availabilityStatus(scheduleOf(settings), settings.completed, now);

/** New responses only while OPEN; else 409 QUESTIONNAIRE_CLOSED, and nothing is created. */
export function refuseUnlessOpen(settings: PublicSettings, now = Date.now()): void {
  const status = statusNow(settings, now);
  if (status !== 'OPEN') throw questionnaireClosed(closedReasonOf(status), settings.opensAt);
}

/** `live`'s availability, and from when the clock alone changes it (the live document's end). */
export function publicAvailability(
  settings: PublicSettings,
  now = Date.now(),
): { availability: PublicAvailability; staleFrom: number | undefined } {
  const schedule = scheduleOf(settings);
  // SCHEDULED until opensAt; CLOSED from the first millisecond after closesAt.
  const boundaries = [settings.opensAt, settings.closesAt === null ? null : settings.closesAt + 1].filter(
    (at): at is number => at !== null && at > now,
  );
  return {
    availability: {
      status: availabilityStatus(schedule, settings.completed, now),
      opensAt: schedule.opensAt,
      closesAt: schedule.closesAt,
    },
    staleFrom: boundaries.length > 0 ? Math.min(...boundaries) : undefined,
  };
}
