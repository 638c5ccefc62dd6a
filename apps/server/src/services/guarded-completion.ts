import { isUniqueViolation, type SqlQuery } from '@forms-engine/db';
import type { Definition, Quota } from '@forms-engine/schema';
import { AppError, notFound } from '../errors/app-error.ts';
import { questionnaireClosed, quotaFull } from './availability.ts';
import {
  type CountsUnderLock,
  countsUnderLock,
  type LockedCompletion,
  lockCounting,
  lockForCompletion,
  markCompleted,
  notifyFull,
  refCompleted,
} from './completion-sql.ts';
import type { Deps } from './deps.ts';
import { matchingQuotas } from './quota-matching.ts';

export const alreadySubmitted = () =>
  new AppError('ALREADY_SUBMITTED', 'A response with this external reference was already submitted');

/**
 * A completion that must decide something, in one transaction, in the order: the ref
 * guard (ALREADY_SUBMITTED), the schedule (QUESTIONNAIRE_CLOSED NOT_YET_OPEN / CLOSED), the limit
 * (FULL), the quotas (QUOTA_FULL), then COMPLETED with a row per matching quota. A refusal
 * changes nothing (the transaction rolls back).
 *
 * Exact under racing respondents on any number of processes: never count-then-insert across
 * transactions. A questionnaire with a limit or quotas takes a transaction-scoped advisory lock of
 * its own before counting, so its completions decide one after another, each seeing every earlier
 * one committed; the lock goes with the commit. Questionnaires without them never take it (their
 * completions take the one-statement path, respondent-sql.ts `completeUnguarded`).
 *
 * `definition` is the pinned version's, read before the transaction (from the cache: on PGlite a
 * read on the pool would wait for this transaction). Resolves with the questionnaire's id when
 * this completion took the limit's last place (settings cached as not FULL must be read again).
 */
export async function completeGuarded(
  deps: Deps,
  responseId: string,
  endingId: string | null,
  definition: Definition,
): Promise<string | undefined> {
  return deps.sql.transaction(async (tx) => {
    const row = await lockForCompletion(tx, responseId);
    if (!row) throw notFound('Response');
    if (row.status === 'COMPLETED') return undefined; // repeated: 200, counted once
    const guarded = row.submission_policy === 'ONE_PER_REF' && row.external_ref !== null;
    if (guarded && (await refCompleted(tx, row.questionnaire_id, row.external_ref as string))) throw alreadySubmitted();
    if (row.not_yet_open) throw questionnaireClosed('NOT_YET_OPEN', row.opens_at_ms);
    if (row.closed) throw questionnaireClosed('CLOSED');
    const counted = row.max_completed_responses !== null || row.quotas.length > 0;
    const decided = counted
      ? await checkedAgainstCounts(tx, row, definition)
      : { quotaIds: [] as string[], fills: false };
    try {
      await markCompleted(tx, responseId, guarded, endingId, decided.quotaIds);
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadySubmitted();
      throw error;
    }
    return decided.fills ? row.questionnaire_id : undefined;
  });
}

/**
 * Under the counting lock: FULL when the completed responses reach the limit, QUOTA_FULL for the
 * first matching quota that is full; else the matching quotas' ids, to be counted. The settings
 * are read again under the lock (a PATCH changes quotas under the same lock), so what is checked
 * is what is in force.
 */
async function checkedAgainstCounts(tx: SqlQuery, row: LockedCompletion, definition: Definition) {
  const context = { answers: row.answers, externalRef: row.external_ref ?? undefined, hidden: row.hidden };
  let matching = matchingQuotas(row.quotas, definition, context);
  await lockCounting(tx, row.questionnaire_id);
  let counts = await countsUnderLock(tx, row.questionnaire_id, ids(matching));
  if (!counts) throw notFound('Response'); // the questionnaire was deleted meanwhile
  if (JSON.stringify(counts.quotas) !== JSON.stringify(row.quotas)) {
    matching = matchingQuotas(counts.quotas, definition, context);
    counts = await countsUnderLock(tx, row.questionnaire_id, ids(matching));
    if (!counts) throw notFound('Response');
  }
  const limit = counts.max_completed_responses;
  if (limit !== null && counts.completed >= limit) throw questionnaireClosed('FULL');
  const full = matching.find((quota) => quotaCount(counts, quota) >= quota.limit);
  if (full) throw quotaFull(full);
  // This completion takes the last place: every process must stop taking responses (at commit).
  const fills = limit !== null && counts.completed + 1 >= limit;
  if (fills) await notifyFull(tx, row.questionnaire_id);
  return { quotaIds: ids(matching), fills };
}

const ids = (quotas: Quota[]) => quotas.map((quota) => quota.id);
const quotaCount = (counts: CountsUnderLock, quota: Quota) => counts.quota_counts[quota.id] ?? 0;
