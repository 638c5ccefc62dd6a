import type { SqlQuery } from '@forms-engine/db';
import { completedCountSql } from '../cache/questionnaire-sql.ts';

/**
 * The management side's counts for availability (questionnaire detail and list): the COMPLETED
 * responses that exist and each quota's count of the ones it counted that exist. Live counts of
 * rows, so an erased response frees its place at once. The completion's own reads, under its lock,
 * are in completion-sql.ts.
 */

export interface AvailabilityCounts {
  completed: number;
  /** Quota id -> its count; quotas with none are absent. */
  quotas: Record<string, number>;
}

export async function availabilityCounts(sql: SqlQuery, questionnaireId: string): Promise<AvailabilityCounts> {
  const rows = await sql.query<AvailabilityCounts>(
    `SELECT ${completedCountSql('$1::uuid')} AS completed,
       coalesce((SELECT json_object_agg(x.quota_id, x.n) FROM (
         SELECT rq.quota_id, count(*)::int AS n FROM response_quota rq
         WHERE rq.questionnaire_id = $1::uuid GROUP BY rq.quota_id) x), '{}'::json) AS quotas`,
    [questionnaireId],
    'availability-counts',
  );
  return rows[0] ?? { completed: 0, quotas: {} };
}

/** The COMPLETED responses of each questionnaire named (a list page's, those with a limit). */
export async function completedCounts(sql: SqlQuery, questionnaireIds: string[]): Promise<Map<string, number>> {
  if (questionnaireIds.length === 0) return new Map();
  const rows = await sql.query<{ id: string; completed: number }>(
    `SELECT q.id::text, ${completedCountSql('q.id')} AS completed FROM questionnaire q WHERE q.id = ANY ($1::uuid[])`,
    [questionnaireIds],
    'completed-counts',
  );
  return new Map(rows.map((row) => [row.id, row.completed]));
}
