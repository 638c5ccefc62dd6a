import type { PageQuery, ResponseExport, ResponseFilter } from '@forms-engine/schema';
import { notFound } from '../errors/app-error.ts';
import { isId } from '../lib/ids.ts';
import { responsePrefix } from '../storage/file-storage.ts';
import { audited } from './accounts/audit-log.ts';
import type { AuditContext } from './accounts/principal.ts';
import type { Deps } from './deps.ts';
import { browsePage, type ResponseRow, responseRow } from './export-sql.ts';
import { positionOf } from './public-responses.ts';
import { findQuestionnaire } from './questionnaires.ts';

export function toResponseExport(row: ResponseRow, publicId: string): ResponseExport {
  const lastPosition = positionOf({ lastStepId: row.last_step_id, lastTabId: row.last_tab_id });
  return {
    responseId: row.id,
    ...(row.external_ref !== null && { externalRef: row.external_ref }),
    hidden: row.hidden,
    ...(row.ending_id !== null && { endingId: row.ending_id }),
    publicId,
    versionNumber: row.version_number,
    status: row.status,
    answers: row.answers,
    ...(lastPosition && { lastPosition }),
    meta: {
      ...(row.origin !== null && { origin: row.origin }),
      ...(row.user_agent !== null && { userAgent: row.user_agent }),
      language: row.language,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.completed_at !== null && { completedAt: row.completed_at }),
  };
}

/**
 * A page of the questionnaire's responses, newest createdAt first (id breaks ties, so pages never
 * overlap), and how many match. In SQL rather than Prisma, so that its filter is the one
 * `responseWhere` the CSV export and the summary use.
 */
export async function browseResponses(deps: Deps, id: string, filter: ResponseFilter, page: PageQuery) {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const { rows, total } = await browsePage(deps.sql, questionnaire.id, filter, {
    offset: page.page * page.size,
    limit: page.size,
  });
  return {
    items: rows.map((row) => toResponseExport(row, questionnaire.publicId)),
    page: page.page,
    size: page.size,
    total,
  };
}

/** One response of the questionnaire, as browse lists it. */
export async function getResponse(deps: Deps, id: string, responseId: string): Promise<ResponseExport> {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const row = isId(responseId) ? await responseRow(deps.sql, questionnaire.id, responseId) : undefined;
  if (!row) throw notFound('Response');
  return toResponseExport(row, questionnaire.publicId);
}

/** Data-subject erasure: the row goes, and with it the file rows (cascade) and their bytes. */
export async function deleteResponse(deps: Deps, id: string, responseId: string, audit?: AuditContext): Promise<void> {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  if (!isId(responseId)) throw notFound('Response');
  await audited(
    deps,
    audit,
    async (db) => {
      const { count } = await db.response.deleteMany({ where: { id: responseId, questionnaireId: id } });
      // Thrown inside the transaction: a failed erasure writes no entry.
      if (count === 0) throw notFound('Response');
    },
    () => ({
      action: 'response.erase',
      target: { type: 'response', id: responseId },
      details: { questionnaireId: id, questionnaireName: questionnaire.name },
    }),
  );
  // A completed response frees its place in the limit: every process hears it from the delete's
  // trigger (migration 20261128000000); this one must not wait for its own notification.
  deps.publicQuestionnaires.invalidate(id);
  // Rows first, then bytes: a crash in between leaves bytes without rows, which the sweeper removes.
  await deps.storage.removePrefix(responsePrefix(id.toLowerCase(), responseId.toLowerCase()));
}
