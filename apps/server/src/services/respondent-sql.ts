import type { SqlQuery } from '@forms-engine/db';
import type { Answers, Position } from '@forms-engine/schema';

/**
 * The respondent's statements (create, save, complete, rehydrate, status), written as SQL rather
 * than through the ORM: Prisma's query machinery cost more than the queries did (see
 * docs/performance.md). Each is one prepared statement. The management side's reads of responses
 * are in export-sql.ts (browse, get one, CSV) and response-summary-sql.ts, filtered by
 * response-where.ts; webhook deliveries in webhooks/delivery-sql.ts; a completion that decides
 * something (ref guard, schedule, limit, quotas) in completion-sql.ts. The rest of the management API uses
 * Prisma.
 */

export async function insertResponse(
  sql: SqlQuery,
  row: {
    id: string;
    questionnaireId: string;
    versionNumber: number;
    externalRef: string | null;
    origin: string | null;
    userAgent: string | null;
    language: string;
    /** The declared hidden values, as JSON text. */
    hiddenJson: string;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, external_ref, origin, user_agent, language, hidden)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      row.id,
      row.questionnaireId,
      row.versionNumber,
      row.externalRef,
      row.origin,
      row.userAgent,
      row.language,
      row.hiddenJson,
    ],
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

/**
 * A save that also records the language the respondent switched to: its own statement, so the
 * common saves above keep `language` out of their SET list and never wake the counts' trigger.
 */
export async function updateAnswersAndLanguage(
  sql: SqlQuery,
  responseId: string,
  answersJson: string,
  position: Position | undefined,
  language: string,
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE response SET answers = $2::jsonb, last_step_id = $3, last_tab_id = $4, language = $5, updated_at = now()
     WHERE id = $1::uuid AND status = 'IN_PROGRESS' RETURNING 1`,
    [responseId, answersJson, position?.stepId ?? null, position?.tabId ?? null, language],
    'update-answers-language',
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

/**
 * IN_PROGRESS -> COMPLETED in one statement when nothing needs deciding: no ref guard (no
 * externalRef, or a MULTIPLE questionnaire), no limit, no quotas, and the schedule allows it (open,
 * the response started by closesAt, and now within closesAt plus the grace; the database's clock).
 * The common case. False when it did not apply; the caller then completes it in a transaction
 * (guarded-completion.ts). The ending (checked by the caller) is written only by this transition,
 * so the first one stays.
 */
export async function completeUnguarded(sql: SqlQuery, responseId: string, endingId: string | null): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE response r SET status = 'COMPLETED', completed_at = now(), updated_at = now(), ending_id = $2
     WHERE r.id = $1::uuid AND r.status = 'IN_PROGRESS'
       AND EXISTS (
         SELECT 1 FROM questionnaire q WHERE q.id = r.questionnaire_id
           AND (r.external_ref IS NULL OR q.submission_policy <> 'ONE_PER_REF')
           AND q.max_completed_responses IS NULL AND q.quotas = '[]'::jsonb
           AND (q.opens_at IS NULL OR q.opens_at <= now())
           AND (q.closes_at IS NULL
                OR (r.created_at <= q.closes_at AND now() <= q.closes_at + q.close_grace_minutes * interval '1 minute')))
     RETURNING 1`,
    [responseId, endingId],
    'complete-unguarded-scheduled',
  );
  return rows.length > 0;
}

export interface RehydrationRow {
  status: 'IN_PROGRESS' | 'COMPLETED';
  version_number: number;
  answers: Record<string, unknown>;
  last_step_id: string | null;
  last_tab_id: string | null;
  questionnaire_id: string;
  language: string;
  hidden: Record<string, string>;
}

export async function rehydrationRow(sql: SqlQuery, responseId: string): Promise<RehydrationRow | undefined> {
  const rows = await sql.query<RehydrationRow>(
    `SELECT status::text, version_number, answers, last_step_id, last_tab_id, questionnaire_id::text, language, hidden
     FROM response WHERE id = $1::uuid`,
    [responseId],
    'rehydration-row',
  );
  return rows[0];
}

/**
 * The questionnaire and version a response is pinned to (a language switch and an ending are
 * matched against it), and its status.
 */
export async function pinnedVersion(sql: SqlQuery, responseId: string) {
  const rows = await sql.query<{
    questionnaire_id: string;
    version_number: number;
    status: 'IN_PROGRESS' | 'COMPLETED';
  }>(
    'SELECT questionnaire_id::text, version_number, status::text FROM response WHERE id = $1::uuid',
    [responseId],
    'pinned-version',
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
