import type { SqlQuery } from '@forms-engine/db';
import type { Quota, SubmissionPolicy } from '@forms-engine/schema';
import { completedCountSql } from '../cache/questionnaire-sql.ts';

/**
 * The statements of a completion that decides something (guarded-completion.ts): the ref guard,
 * the schedule, the limit and the quotas. Each runs inside the completing transaction (`tx`), so
 * the decision and the write are one. Prepared, like the respondent's other statements.
 */

export interface LockedCompletion {
  status: 'IN_PROGRESS' | 'COMPLETED';
  external_ref: string | null;
  questionnaire_id: string;
  version_number: number;
  answers: Record<string, unknown>;
  hidden: Record<string, string>;
  submission_policy: SubmissionPolicy;
  opens_at_ms: number | null;
  /** Before opensAt, by the database's clock. */
  not_yet_open: boolean;
  /** Started after closesAt, or now after closesAt plus the grace. */
  closed: boolean;
  max_completed_responses: number | null;
  quotas: Quota[];
  /** The COMPLETED responses; read only when asked to count (else 0). */
  completed: number;
  /** Quota id -> the completed responses it counted; read only when asked to count (else {}). */
  quota_counts: Record<string, number>;
}

/**
 * The response, locked until the transaction ends (a repeated completion or a save of the same
 * response waits), with what its questionnaire says about completing now; with `count`, also the
 * counts the limit and the quotas are checked against. Counts are exact only under the counting
 * lock, taken before this statement: its snapshot then sees every completion that held the lock
 * before. Each quota's count reads its rows (an index-only scan: a quota holds at most its limit).
 */
export async function lockForCompletion(
  tx: SqlQuery,
  responseId: string,
  count: boolean,
): Promise<LockedCompletion | undefined> {
  const rows = await tx.query<LockedCompletion>(
    `SELECT r.status::text, r.external_ref, r.questionnaire_id::text, r.version_number, r.answers, r.hidden,
       q.submission_policy::text, (extract(epoch FROM q.opens_at) * 1000)::float8 AS opens_at_ms,
       coalesce(now() < q.opens_at, false) AS not_yet_open,
       coalesce(r.created_at > q.closes_at OR now() > q.closes_at + q.close_grace_minutes * interval '1 minute', false) AS closed,
       q.max_completed_responses, q.quotas,
       CASE WHEN $2::boolean THEN ${completedCountSql('q.id')} ELSE 0 END AS completed,
       CASE WHEN $2::boolean AND q.quotas <> '[]'::jsonb THEN coalesce((SELECT json_object_agg(x.quota_id, x.n) FROM (
         SELECT rq.quota_id, count(*)::int AS n FROM response_quota rq
         WHERE rq.questionnaire_id = q.id GROUP BY rq.quota_id) x), '{}'::json) ELSE '{}'::json END AS quota_counts
     FROM response r JOIN questionnaire q ON q.id = r.questionnaire_id
     WHERE r.id = $1::uuid FOR UPDATE OF r`,
    [responseId, count],
    'lock-for-completion',
  );
  return rows[0];
}

/** Completions of one reference that hold no guard (from before the policy was ONE_PER_REF) count too. */
export async function refCompleted(tx: SqlQuery, questionnaireId: string, externalRef: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM response WHERE questionnaire_id = $1::uuid AND external_ref = $2 AND status = 'COMPLETED' LIMIT 1`,
    [questionnaireId, externalRef],
    'ref-completed',
  );
  return rows.length > 0;
}

/** Key space of the per-questionnaire counting lock (72707369: migrations, 72707370: count folds). */
export const COUNTING_LOCK = 72707371;

/**
 * One completion at a time per questionnaire among those that count (a limit or quotas), until
 * the transaction ends: the count it reads next is then exact, and stays so until it commits.
 * Taken before the response's row lock, always (the same order everywhere: no deadlock).
 */
export async function lockCounting(tx: SqlQuery, questionnaireId: string): Promise<void> {
  await tx.query(
    'SELECT pg_advisory_xact_lock($1::int, hashtext($2))',
    [COUNTING_LOCK, questionnaireId],
    'lock-counting',
  );
}

/**
 * IN_PROGRESS -> COMPLETED, taking the ref guard when asked (may throw a unique violation), and
 * counted by the quotas named, in one statement.
 */
export async function markCompleted(
  tx: SqlQuery,
  responseId: string,
  refGuard: boolean,
  endingId: string | null,
  quotaIds: string[],
): Promise<void> {
  await tx.query(
    `WITH completed AS (
       UPDATE response SET status = 'COMPLETED', completed_at = now(), updated_at = now(), ref_guard = $2, ending_id = $3
       WHERE id = $1::uuid AND status = 'IN_PROGRESS' RETURNING id, questionnaire_id)
     INSERT INTO response_quota (response_id, questionnaire_id, quota_id)
     SELECT c.id, c.questionnaire_id, x.quota_id FROM completed c, unnest($4::text[]) AS x(quota_id)`,
    [responseId, refGuard, endingId, quotaIds],
    'mark-completed-counted',
  );
}

/** Every process's cached settings must learn that the questionnaire is FULL now (at commit). */
export async function notifyFull(tx: SqlQuery, questionnaireId: string): Promise<void> {
  await tx.query(`SELECT pg_notify('questionnaire_changed', $1)`, [questionnaireId], 'notify-full');
}
