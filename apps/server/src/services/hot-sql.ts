import type { SqlQuery } from '@forms-engine/db';
import type { Answers, Position, ResponseFilter, SubmissionPolicy } from '@forms-engine/schema';

/**
 * The hot paths' statements, written as SQL rather than through the ORM: the respondent's page
 * views and saves, and the CSV export's batches. Prisma's query machinery cost more than the
 * queries did (see docs/performance.md). Each is one statement; everything else stays on Prisma.
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

export async function insertResponse(
  sql: SqlQuery,
  row: {
    id: string;
    questionnaireId: string;
    versionNumber: number;
    externalRef: string | null;
    origin: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, external_ref, origin, user_agent)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6)`,
    [row.id, row.questionnaireId, row.versionNumber, row.externalRef, row.origin, row.userAgent],
    'insert-response',
  );
}

/** Replaces answers and position of an IN_PROGRESS response; false when none was updated. */
export async function updateAnswers(
  sql: SqlQuery,
  responseId: string,
  answersJson: string,
  position: Position | undefined,
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE response SET answers = $2::jsonb, last_step_id = $3, last_tab_id = $4, updated_at = now()
     WHERE id = $1::uuid AND status = 'IN_PROGRESS' RETURNING 1`,
    [responseId, answersJson, position?.stepId ?? null, position?.tabId ?? null],
    'update-answers',
  );
  return rows.length > 0;
}

/** Several saves in one statement (see answer-writes.ts); returns the ids it updated. */
export async function updateAnswersBatch(
  sql: SqlQuery,
  writes: { responseId: string; answersJson: string; position: Position | undefined }[],
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `UPDATE response AS r
     SET answers = v.answers::jsonb, last_step_id = v.step_id, last_tab_id = v.tab_id, updated_at = now()
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS v(id, answers, step_id, tab_id)
     WHERE r.id = v.id AND r.status = 'IN_PROGRESS'
     RETURNING r.id::text`,
    [
      writes.map((write) => write.responseId),
      writes.map((write) => write.answersJson),
      writes.map((write) => write.position?.stepId ?? null),
      writes.map((write) => write.position?.tabId ?? null),
    ],
    'update-answers-batch',
  );
  return rows.map((row) => row.id);
}

export async function countCompleted(sql: SqlQuery, questionnaireId: string, externalRef: string): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM response
     WHERE questionnaire_id = $1::uuid AND external_ref = $2 AND status = 'COMPLETED'`,
    [questionnaireId, externalRef],
    'count-completed',
  );
  return rows[0]?.n ?? 0;
}

export interface CompletionRow {
  status: 'IN_PROGRESS' | 'COMPLETED';
  external_ref: string | null;
  questionnaire_id: string;
  submission_policy: SubmissionPolicy;
}

/** What completion needs to know about a response, in one read. */
export async function completionFacts(sql: SqlQuery, responseId: string): Promise<CompletionRow | undefined> {
  const rows = await sql.query<CompletionRow>(
    `SELECT r.status::text, r.external_ref, r.questionnaire_id::text, q.submission_policy::text
     FROM response r JOIN questionnaire q ON q.id = r.questionnaire_id WHERE r.id = $1::uuid`,
    [responseId],
    'completion-facts',
  );
  return rows[0];
}

/**
 * IN_PROGRESS -> COMPLETED in one statement when no ref guard is involved (no externalRef, or a
 * MULTIPLE questionnaire): the common case. False when it did not apply; the caller then reads.
 */
export async function completeUnguarded(sql: SqlQuery, responseId: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE response r SET status = 'COMPLETED', completed_at = now(), updated_at = now()
     WHERE r.id = $1::uuid AND r.status = 'IN_PROGRESS'
       AND (r.external_ref IS NULL OR NOT EXISTS (
         SELECT 1 FROM questionnaire q WHERE q.id = r.questionnaire_id AND q.submission_policy = 'ONE_PER_REF'))
     RETURNING 1`,
    [responseId],
    'complete-unguarded',
  );
  return rows.length > 0;
}

/** IN_PROGRESS -> COMPLETED, taking the ref guard when asked; may throw a unique violation. */
export async function markCompleted(sql: SqlQuery, responseId: string, refGuard: boolean): Promise<void> {
  await sql.query(
    `UPDATE response SET status = 'COMPLETED', completed_at = now(), updated_at = now(), ref_guard = $2
     WHERE id = $1::uuid AND status = 'IN_PROGRESS'`,
    [responseId, refGuard],
    'mark-completed',
  );
}

export interface RehydrationRow {
  status: 'IN_PROGRESS' | 'COMPLETED';
  version_number: number;
  answers: Record<string, unknown>;
  last_step_id: string | null;
  last_tab_id: string | null;
  questionnaire_id: string;
}

export async function rehydrationRow(sql: SqlQuery, responseId: string): Promise<RehydrationRow | undefined> {
  const rows = await sql.query<RehydrationRow>(
    `SELECT status::text, version_number, answers, last_step_id, last_tab_id, questionnaire_id::text
     FROM response WHERE id = $1::uuid`,
    [responseId],
    'rehydration-row',
  );
  return rows[0];
}

export async function responseStatus(sql: SqlQuery, responseId: string) {
  const rows = await sql.query<{ status: 'IN_PROGRESS' | 'COMPLETED' }>(
    'SELECT status::text FROM response WHERE id = $1::uuid',
    [responseId],
    'response-status',
  );
  return rows[0]?.status;
}

export const answersJsonOf = (answers: Answers) => JSON.stringify(answers);

const isoUtc = (column: string) => `to_char(r.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface CsvRow {
  id: string;
  external_ref: string | null;
  status: string;
  version_number: number;
  /** ISO 8601 in UTC with milliseconds, formatted by Postgres (no Date round trip per cell). */
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  origin: string | null;
  user_agent: string | null;
  answers: Record<string, unknown>;
}

/**
 * One batch of the CSV export: newest first, after the keyset cursor `after`, on the
 * (questionnaire_id, created_at DESC, id DESC) index.
 */
export async function csvBatch(
  sql: SqlQuery,
  questionnaireId: string,
  filter: ResponseFilter,
  after: Pick<CsvRow, 'created_at' | 'id'> | undefined,
  limit: number,
): Promise<CsvRow[]> {
  const params: unknown[] = [questionnaireId];
  // Columns qualified: the output names the timestamps as text, and ORDER BY would pick those.
  const where = ['r.questionnaire_id = $1::uuid'];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    where.push(condition.replace('?', `$${params.length}`));
  };
  if (filter.status) add('r.status = ?::"ResponseStatus"', filter.status);
  if (filter.versionNumber !== undefined) add('r.version_number = ?', filter.versionNumber);
  if (filter.externalRef !== undefined) add('r.external_ref = ?', filter.externalRef);
  if (after) {
    params.push(after.created_at, after.id);
    where.push(`(r.created_at, r.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit);
  // One prepared statement per shape of filter.
  const name = `csv-batch-${filter.status ? 's' : ''}${filter.versionNumber !== undefined ? 'v' : ''}${filter.externalRef !== undefined ? 'r' : ''}${after ? 'a' : ''}`;
  return sql.query<CsvRow>(
    `SELECT r.id::text, r.external_ref, r.status::text, r.version_number,
            ${isoUtc('created_at')} AS created_at, ${isoUtc('updated_at')} AS updated_at,
            ${isoUtc('completed_at')} AS completed_at, r.origin, r.user_agent, r.answers
     FROM response r WHERE ${where.join(' AND ')}
     ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.length}`,
    params,
    name,
  );
}
