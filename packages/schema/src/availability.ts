import { z } from 'zod';
import { DateTime, INT32_MAX, Int32, Int64 } from './common';
import { allQuestions, type Definition } from './definition';
import { CLOSED_REASONS } from './errors';
import { Rule } from './rules';

/**
 * When a questionnaire takes responses: a schedule, a limit of completed responses and quotas.
 * Questionnaire settings, not versioned (a date or a limit changes without a publish).
 */

/** In order of precedence: SCHEDULED before `opensAt`, CLOSED after `closesAt`, FULL at the limit. */
export const AVAILABILITY_STATUSES = ['SCHEDULED', 'OPEN', 'CLOSED', 'FULL'] as const;
export const AvailabilityStatus = z.enum(AVAILABILITY_STATUSES).meta({ id: 'AvailabilityStatus' });
export type AvailabilityStatus = z.infer<typeof AvailabilityStatus>;

export const ClosedReason = z.enum(CLOSED_REASONS).meta({ id: 'ClosedReason' });
export type ClosedReason = z.infer<typeof ClosedReason>;

export const MAX_QUOTAS = 20;
export const MAX_CLOSE_GRACE_MINUTES = 1440;
export const DEFAULT_CLOSE_GRACE_MINUTES = 60;

export const QuotaId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, "_" and "-" only');

export const Quota = z
  .strictObject({
    id: QuotaId,
    name: z.string().trim().min(1, 'Give the quota a name').max(200),
    limit: Int32.min(0).describe('Completed responses this quota takes; 0: none'),
    rule: Rule.describe('Which completed responses count: answers and hidden fields, as in the definition'),
    endingId: z
      .string()
      .max(64)
      .optional()
      .describe('The ending shown to a respondent this full quota turns away; absent: a built-in sentence'),
  })
  .meta({ id: 'Quota' });
export type Quota = z.infer<typeof Quota>;

export const Quotas = z
  .array(Quota)
  .max(MAX_QUOTAS, `At most ${MAX_QUOTAS} quotas`)
  .superRefine((quotas, ctx) => {
    const seen = new Set<string>();
    quotas.forEach((quota, index) => {
      if (seen.has(quota.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Two quotas have the id “${quota.id}”` });
      }
      seen.add(quota.id);
    });
  });

export const QuotaAvailability = z
  .object({
    id: QuotaId,
    count: Int64.describe('Completed responses it counted that still exist'),
    full: z.boolean().describe('count >= limit'),
  })
  .meta({ id: 'QuotaAvailability' });
export type QuotaAvailability = z.infer<typeof QuotaAvailability>;

export const Availability = z
  .object({
    status: AvailabilityStatus,
    completed: Int64.describe('COMPLETED responses that exist'),
    quotas: z.array(QuotaAvailability),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof Availability>;

/** What respondents may know (the live document): no counts, no quota rules. */
export const PublicAvailability = z
  .object({
    status: AvailabilityStatus,
    opensAt: DateTime.nullable(),
    closesAt: DateTime.nullable(),
  })
  .meta({ id: 'PublicAvailability' });
export type PublicAvailability = z.infer<typeof PublicAvailability>;

const MaxCompleted = Int32.min(0).max(INT32_MAX);
const CloseGrace = Int32.min(0).max(MAX_CLOSE_GRACE_MINUTES);

/** The settings as QuestionnaireDetail returns them. */
export const availabilitySettingsFields = {
  opensAt: DateTime.nullable().describe('No responses are taken before; null: open from the first publish'),
  closesAt: DateTime.nullable().describe('No responses are started after; null: never closes'),
  closeGraceMinutes: CloseGrace.describe('Responses started before closesAt may still complete this long after it'),
  maxCompletedResponses: MaxCompleted.nullable().describe('FULL once this many are COMPLETED; 0: full; null: no limit'),
  quotas: z.array(Quota),
};

/** What PATCH accepts: each optional, `null` clears a date or the limit, `[]` clears the quotas. */
export const availabilitySettingsPatch = {
  opensAt: DateTime.nullable().optional(),
  closesAt: DateTime.nullable().optional(),
  closeGraceMinutes: CloseGrace.optional(),
  maxCompletedResponses: MaxCompleted.nullable().optional(),
  quotas: Quotas.optional(),
};

export interface ScheduleAndLimit {
  opensAt: string | null;
  closesAt: string | null;
  maxCompletedResponses: number | null;
}

/**
 * The status at `now` (ms since the epoch). `completed` undefined: not counted (a caller that
 * knows there is no limit, or only asks about the schedule), so never FULL.
 */
export function availabilityStatus(
  settings: ScheduleAndLimit,
  completed: number | undefined,
  now: number,
): AvailabilityStatus {
  if (settings.opensAt !== null && now < Date.parse(settings.opensAt)) return 'SCHEDULED';
  if (settings.closesAt !== null && now > Date.parse(settings.closesAt)) return 'CLOSED';
  if (
    settings.maxCompletedResponses !== null &&
    completed !== undefined &&
    completed >= settings.maxCompletedResponses
  ) {
    return 'FULL';
  }
  return 'OPEN';
}

/** The `reason` of the 409 a status that is not OPEN answers. */
export const closedReasonOf = (status: Exclude<AvailabilityStatus, 'OPEN'>): ClosedReason =>
  status === 'SCHEDULED' ? 'NOT_YET_OPEN' : status;

/** `closesAt` before `opensAt` (as they stand after a change) is not a schedule. */
export function scheduleProblem(settings: Pick<ScheduleAndLimit, 'opensAt' | 'closesAt'>): string | undefined {
  if (settings.opensAt === null || settings.closesAt === null) return undefined;
  return Date.parse(settings.closesAt) < Date.parse(settings.opensAt)
    ? 'The closing date is before the opening date: close after it opens'
    : undefined;
}

export interface QuotaIssue {
  /** From the quotas list: `[index, 'rule', 'conditions', n, 'questionCode']`. */
  path: (string | number)[];
  message: string;
}

/**
 * Quotas read the questions, hidden fields and endings of one definition (the latest published
 * version, or the draft before any publish): what they name must be there. Messages in words.
 */
export function quotaIssues(
  quotas: readonly Quota[],
  definition: Pick<Definition, 'steps' | 'tabs' | 'questions' | 'hiddenFields' | 'endings'>,
): QuotaIssue[] {
  const codes = new Set(allQuestions(definition).map((question) => question.code));
  const hiddenKeys = new Set((definition.hiddenFields ?? []).map((field) => field.key));
  const endingIds = new Set((definition.endings ?? []).map((ending) => ending.id));
  const issues: QuotaIssue[] = [];
  quotas.forEach((quota, index) => {
    quota.rule.conditions.forEach((condition, n) => {
      const at = [index, 'rule', 'conditions', n];
      if (condition.source === 'ANSWER' && condition.questionCode && !codes.has(condition.questionCode)) {
        issues.push({
          path: [...at, 'questionCode'],
          message: `The quota “${quota.name}” reads the question “${condition.questionCode}”, which the questionnaire does not have`,
        });
      }
      if (condition.source === 'HIDDEN_FIELD' && condition.key && !hiddenKeys.has(condition.key)) {
        issues.push({
          path: [...at, 'key'],
          message: `The quota “${quota.name}” reads the hidden field “${condition.key}”, which the questionnaire does not declare`,
        });
      }
    });
    if (quota.endingId !== undefined && !endingIds.has(quota.endingId)) {
      issues.push({
        path: [index, 'endingId'],
        message: `The quota “${quota.name}” shows the ending “${quota.endingId}”, which the questionnaire does not have`,
      });
    }
  });
  return issues;
}
