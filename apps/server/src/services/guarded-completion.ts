import { isUniqueViolation, type SqlQuery } from '@forms-engine/db';
import { AppError, notFound } from '../errors/app-error.ts';
import { questionnaireClosed, quotaFull } from './availability.ts';
import {
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

/** Asked to complete without counting, it found a limit or quotas: again, counting (see below). */
const COUNT_AGAIN = Symbol('count again');

/**
 * A completion that must decide something, in one transaction, in the order: the ref
 * guard (ALREADY_SUBMITTED), the schedule (QUESTIONNAIRE_CLOSED NOT_YET_OPEN / CLOSED), the limit
 * (FULL), the quotas (QUOTA_FULL), then COMPLETED with a row per matching quota. A refusal
 * changes nothing (the transaction rolls back).
 *
 * Exact under racing respondents on any number of processes: never count-then-insert across
 * transactions. A questionnaire with a limit or quotas takes a transaction-scoped advisory lock of
 * its own (`count`: as the cached settings say) before it reads the counts, so its completions
 * decide one after another, each seeing every earlier one committed; the lock goes with the
 * commit. Questionnaires without them never take it (their completions are mostly the
 * one-statement path, respondent-sql.ts `completeUnguarded`). Settings that gained a limit or
 * quotas since they were cached are found under the row lock: the transaction then ends having
 * changed nothing and runs again with the counting lock first (the lock order stays the same).
 *
 * Resolves with the questionnaire's id when this completion took the limit's last place (settings
 * cached as not FULL must be read again).
 */
export async function completeGuarded(
  deps: Deps,
  responseId: string,
  endingId: string | null,
  countIn: string | undefined,
): Promise<string | undefined> {
  const outcome = await deps.sql.transaction((tx) => decide(deps, tx, responseId, endingId, countIn));
  if (outcome !== COUNT_AGAIN) return outcome;
  const questionnaireId = (await deps.publicQuestionnaires.byResponseId(responseId))?.id;
  if (!questionnaireId) throw notFound('Response');
  const again = await deps.sql.transaction((tx) => decide(deps, tx, responseId, endingId, questionnaireId));
  return again === COUNT_AGAIN ? undefined : again;
}

/** `countIn`: the questionnaire whose counting lock to take first (undefined: do not count). */
async function decide(
  deps: Deps,
  tx: SqlQuery,
  responseId: string,
  endingId: string | null,
  countIn: string | undefined,
): Promise<string | undefined | typeof COUNT_AGAIN> {
  if (countIn) await lockCounting(tx, countIn);
  const row = await lockForCompletion(tx, responseId, countIn !== undefined);
  if (!row) throw notFound('Response');
  if (row.status === 'COMPLETED') return undefined; // repeated: 200, counted once
  const guarded = row.submission_policy === 'ONE_PER_REF' && row.external_ref !== null;
  if (guarded && (await refCompleted(tx, row.questionnaire_id, row.external_ref as string))) throw alreadySubmitted();
  if (row.not_yet_open) throw questionnaireClosed('NOT_YET_OPEN', row.opens_at_ms);
  if (row.closed) throw questionnaireClosed('CLOSED');
  const counted = row.max_completed_responses !== null || row.quotas.length > 0;
  if (counted && countIn !== row.questionnaire_id) return COUNT_AGAIN;
  const decided = counted ? await checkedAgainstCounts(deps, tx, row) : { quotaIds: [] as string[], fills: false };
  try {
    await markCompleted(tx, responseId, guarded, endingId, decided.quotaIds);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadySubmitted();
    throw error;
  }
  return decided.fills ? row.questionnaire_id : undefined;
}

/**
 * Under the counting lock: FULL when the completed responses reach the limit, QUOTA_FULL for the
 * first matching quota (in list order) that is full; else the matching quotas' ids, to be counted.
 * The quotas are matched on the pinned version's definition by the shared rule engine.
 */
async function checkedAgainstCounts(deps: Deps, tx: SqlQuery, row: LockedCompletion) {
  const limit = row.max_completed_responses;
  if (limit !== null && row.completed >= limit) throw questionnaireClosed('FULL');
  const definition =
    row.quotas.length > 0
      ? await deps.publicQuestionnaires.definition(row.questionnaire_id, row.version_number, tx)
      : undefined;
  if (row.quotas.length > 0 && !definition) throw notFound('Response');
  const matching = definition
    ? matchingQuotas(row.quotas, definition, {
        answers: row.answers,
        externalRef: row.external_ref ?? undefined,
        hidden: row.hidden,
      })
    : [];
  const full = matching.find((quota) => (row.quota_counts[quota.id] ?? 0) >= quota.limit);
  if (full) throw quotaFull(full);
  // This completion takes the last place: every process must stop taking responses (at commit).
  const fills = limit !== null && row.completed + 1 >= limit;
  if (fills) await notifyFull(tx, row.questionnaire_id);
  return { quotaIds: matching.map((quota) => quota.id), fills };
}
