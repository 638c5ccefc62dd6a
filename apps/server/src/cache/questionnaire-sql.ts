import type { SqlQuery } from '@forms-engine/db';
import type { SubmissionPolicy } from '@forms-engine/schema';

/**
 * The public API's reads of a questionnaire's settings and of a version's definition, behind
 * the cache (public-questionnaires.ts). Plain SQL, prepared: they run on every cache miss of the
 * respondent's hot path, where Prisma's query machinery cost more than the queries did
 * (docs/performance.md).
 */

export interface QuestionnaireSettingsRow {
  id: string;
  public_id: string;
  name: string;
  allowed_origins: string[] | null;
  submission_policy: SubmissionPolicy;
  current_version: number;
  /** Milliseconds since the epoch. */
  opens_at_ms: number | null;
  closes_at_ms: number | null;
  close_grace_minutes: number;
  max_completed_responses: number | null;
  has_quotas: boolean;
  /** The COMPLETED responses, counted only when there is a limit (null otherwise). */
  completed: number | null;
}

/**
 * The COMPLETED responses of the questionnaire whose id is `questionnaireId` (an SQL expression):
 * the folded counts plus the changes not folded yet (migration 20261126000000_response_counts),
 * read in one statement so that a fold committing meanwhile is seen whole or not at all. A few
 * rows per day of responses, however many responses there are; exact, as the rows it counts.
 */
export const completedCountSql = (questionnaireId: string) =>
  `((SELECT coalesce(sum(d.n), 0) FROM response_count_by_day d
      WHERE d.questionnaire_id = ${questionnaireId} AND d.status = 'COMPLETED')
  + (SELECT coalesce(sum(c.n), 0) FROM response_count_change c
      WHERE c.questionnaire_id = ${questionnaireId} AND c.status = 'COMPLETED'))::float8`;

const SETTINGS_COLUMNS = `q.id::text, q.public_id, q.name, q.allowed_origins, q.submission_policy::text, q.current_version,
  (extract(epoch FROM q.opens_at) * 1000)::float8 AS opens_at_ms,
  (extract(epoch FROM q.closes_at) * 1000)::float8 AS closes_at_ms,
  q.close_grace_minutes, q.max_completed_responses, q.quotas <> '[]'::jsonb AS has_quotas,
  CASE WHEN q.max_completed_responses IS NULL THEN NULL ELSE ${completedCountSql('q.id')} END AS completed`;

export async function settingsByPublicId(sql: SqlQuery, publicId: string) {
  const rows = await sql.query<QuestionnaireSettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM questionnaire q WHERE q.public_id = $1`,
    [publicId],
    'settings-by-public-id',
  );
  return rows[0];
}

/** The settings of the questionnaire a response belongs to (ids must be UUIDs). */
export async function settingsByResponseId(sql: SqlQuery, responseId: string) {
  const rows = await sql.query<QuestionnaireSettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM response r JOIN questionnaire q ON q.id = r.questionnaire_id WHERE r.id = $1::uuid`,
    [responseId],
    'settings-by-response-id',
  );
  return rows[0];
}

export async function versionDefinition(sql: SqlQuery, questionnaireId: string, versionNumber: number) {
  const rows = await sql.query<{ definition: unknown }>(
    'SELECT definition FROM questionnaire_version WHERE questionnaire_id = $1::uuid AND version_number = $2',
    [questionnaireId, versionNumber],
    'version-definition',
  );
  return rows[0]?.definition;
}
