import type { Prisma, Response as ResponseRow } from '@forms-engine/db';
import type { PageQuery, ResponseExport, ResponseFilter } from '@forms-engine/schema';
import { notFound } from '../errors/app-error.ts';
import { responsePrefix } from '../storage/file-storage.ts';
import type { Deps } from './deps.ts';
import { isId } from './ids.ts';
import { positionOf } from './public-responses.ts';
import { findQuestionnaire } from './questionnaires.ts';

function responseWhere(questionnaireId: string, filter: ResponseFilter): Prisma.ResponseWhereInput {
  return {
    questionnaireId,
    ...(filter.status && { status: filter.status }),
    ...(filter.versionNumber !== undefined && { versionNumber: filter.versionNumber }),
    ...(filter.externalRef !== undefined && { externalRef: filter.externalRef }),
  };
}

export function toResponseExport(row: ResponseRow, publicId: string): ResponseExport {
  const lastPosition = positionOf(row);
  return {
    responseId: row.id,
    ...(row.externalRef !== null && { externalRef: row.externalRef }),
    publicId,
    versionNumber: row.versionNumber,
    status: row.status,
    answers: row.answers as Record<string, unknown>,
    ...(lastPosition && { lastPosition }),
    meta: {
      ...(row.origin !== null && { origin: row.origin }),
      ...(row.userAgent !== null && { userAgent: row.userAgent }),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.completedAt && { completedAt: row.completedAt.toISOString() }),
  };
}

/** Newest createdAt first, id as tie-breaker so pages never overlap. */
const RESPONSE_ORDER: Prisma.ResponseOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

export async function browseResponses(deps: Deps, id: string, filter: ResponseFilter, page: PageQuery) {
  const questionnaire = await findQuestionnaire(deps.prisma, id);
  const where = responseWhere(id, filter);
  const [rows, total] = await Promise.all([
    deps.prisma.response.findMany({ where, orderBy: RESPONSE_ORDER, skip: page.page * page.size, take: page.size }),
    deps.prisma.response.count({ where }),
  ]);
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
  const row = isId(responseId)
    ? await deps.prisma.response.findFirst({ where: { id: responseId, questionnaireId: id } })
    : null;
  if (!row) throw notFound('Response');
  return toResponseExport(row, questionnaire.publicId);
}

/** Data-subject erasure: the row goes, and with it the file rows (cascade) and their bytes. */
export async function deleteResponse(deps: Deps, id: string, responseId: string): Promise<void> {
  await findQuestionnaire(deps.prisma, id);
  const { count } = isId(responseId)
    ? await deps.prisma.response.deleteMany({ where: { id: responseId, questionnaireId: id } })
    : { count: 0 };
  if (count === 0) throw notFound('Response');
  // Rows first, then bytes: a crash in between leaves bytes without rows, which the sweeper removes.
  await deps.storage.removePrefix(responsePrefix(id.toLowerCase(), responseId.toLowerCase()));
}
