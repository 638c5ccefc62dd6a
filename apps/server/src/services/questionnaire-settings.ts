import type { Prisma, Questionnaire as QuestionnaireRow } from '@forms-engine/db';
import {
  type Availability,
  availabilityStatus,
  type Definition,
  type PatchQuestionnaireRequest,
  type Quota,
  quotaIssues,
  type ScheduleAndLimit,
  scheduleProblem,
} from '@forms-engine/schema';
import { validationFailed } from '../errors/app-error.ts';
import { utcIso } from '../lib/utc-time.ts';
import { type AvailabilityCounts, availabilityCounts, completedCounts } from './availability-sql.ts';
import { COUNTING_LOCK } from './completion-sql.ts';
import type { Deps } from './deps.ts';

/**
 * A questionnaire's availability settings (schedule, limit, quotas) as the management API reads
 * and writes them: checked before anything is written, shown with the counts they are held to.
 */

type Db = Deps['prisma'] | Prisma.TransactionClient;

const quotasOf = (row: QuestionnaireRow) => row.quotas as Quota[];

const scheduleOf = (row: QuestionnaireRow): ScheduleAndLimit => ({
  opensAt: row.opensAt ? utcIso(row.opensAt) : null,
  closesAt: row.closesAt ? utcIso(row.closesAt) : null,
  maxCompletedResponses: row.maxCompletedResponses,
});

/** The settings members of QuestionnaireDetail. */
export const settingsOf = (row: QuestionnaireRow) => ({
  ...scheduleOf(row),
  closeGraceMinutes: row.closeGraceMinutes,
  quotas: quotasOf(row),
});

function availabilityFrom(row: QuestionnaireRow, counts: AvailabilityCounts, now: number): Availability {
  return {
    status: availabilityStatus(scheduleOf(row), counts.completed, now),
    completed: counts.completed,
    quotas: quotasOf(row).map((quota) => {
      const count = counts.quotas[quota.id] ?? 0;
      return { id: quota.id, count, full: count >= quota.limit };
    }),
  };
}

export async function availabilityOf(deps: Deps, row: QuestionnaireRow): Promise<Availability> {
  return availabilityFrom(row, await availabilityCounts(deps.sql, row.id), Date.now());
}

/**
 * What a list page says of each questionnaire's availability: the schedule, the limit and the
 * status, with the completed count of those that have a limit (the only ones counted).
 */
export async function listAvailabilityOf(deps: Deps, rows: QuestionnaireRow[]) {
  const limited = rows.filter((row) => row.maxCompletedResponses !== null).map((row) => row.id);
  const completed = await completedCounts(deps.sql, limited);
  const now = Date.now();
  return (row: QuestionnaireRow) => {
    const schedule = scheduleOf(row);
    const counted = completed.get(row.id);
    const status = availabilityStatus(schedule, counted, now);
    return { ...schedule, availability: { status, ...(counted !== undefined && { completed: counted }) } };
  };
}

type SettingsPatch = Pick<
  PatchQuestionnaireRequest,
  'opensAt' | 'closesAt' | 'closeGraceMinutes' | 'maxCompletedResponses' | 'quotas'
>;

/** The columns a PATCH writes for its settings members (only those it sends). */
export function settingsData(patch: SettingsPatch) {
  const date = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : new Date(value);
  return {
    ...(patch.opensAt !== undefined && { opensAt: date(patch.opensAt) }),
    ...(patch.closesAt !== undefined && { closesAt: date(patch.closesAt) }),
    ...(patch.closeGraceMinutes !== undefined && { closeGraceMinutes: patch.closeGraceMinutes }),
    ...(patch.maxCompletedResponses !== undefined && { maxCompletedResponses: patch.maxCompletedResponses }),
    ...(patch.quotas !== undefined && { quotas: patch.quotas as Prisma.InputJsonValue }),
  };
}

/**
 * 400 when the settings as they would stand after the PATCH are not a schedule (closesAt before
 * opensAt), or when a quota names a question, hidden field or ending that the latest published
 * version (the draft before any publish) does not have. Nothing is written then.
 */
export async function checkSettings(db: Db, current: QuestionnaireRow, patch: SettingsPatch): Promise<void> {
  const after = (sent: string | null | undefined, stored: Date | null) =>
    sent !== undefined ? sent : (stored?.toISOString() ?? null);
  const problem = scheduleProblem({
    opensAt: after(patch.opensAt, current.opensAt),
    closesAt: after(patch.closesAt, current.closesAt),
  });
  if (problem) throw validationFailed('The schedule is not valid', [{ path: 'closesAt', message: problem }]);
  if (!patch.quotas?.length) return;
  const issues = quotaIssues(patch.quotas, await quotaDefinition(db, current));
  if (issues.length > 0) {
    throw validationFailed(
      'The quotas name what the questionnaire does not have',
      issues.map((issue) => ({ path: ['quotas', ...issue.path].join('.'), message: issue.message })),
    );
  }
}

/** What quotas read: the latest published version, or the draft before any publish. */
async function quotaDefinition(db: Db, row: QuestionnaireRow): Promise<Definition> {
  if (row.currentVersion === 0) return row.draft as Definition;
  const latest = await db.questionnaireVersion.findUnique({
    where: { questionnaireId_versionNumber: { questionnaireId: row.id, versionNumber: row.currentVersion } },
    select: { definition: true },
  });
  return (latest?.definition ?? row.draft) as Definition;
}

/**
 * A quota whose id leaves the list takes its counted rows with it (a quota counts from when it is
 * saved; one that keeps its id keeps its count). Under the completions' counting lock, in the
 * PATCH's transaction: no completion counts for a quota this removes, and none checks quotas that
 * are half changed.
 */
export async function dropRemovedQuotaCounts(tx: Prisma.TransactionClient, id: string, quotas: Quota[]) {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${COUNTING_LOCK}::int, hashtext(${id}))) x`;
  await tx.responseQuota.deleteMany({
    where: { questionnaireId: id, quotaId: { notIn: quotas.map((quota) => quota.id) } },
  });
}
