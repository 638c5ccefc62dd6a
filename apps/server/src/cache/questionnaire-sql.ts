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
}

const SETTINGS_COLUMNS = `q.id::text, q.public_id, q.name, q.allowed_origins, q.submission_policy::text, q.current_version`;

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
