import type { Prisma, Questionnaire as QuestionnaireRow } from '@forms-engine/db';
import {
  type CreateQuestionnaireRequest,
  type Definition,
  EXPORT_FORMAT,
  emptyDefinition,
  type PageQuery,
  type PageResultQuestionnaireSummary,
  type PatchQuestionnaireRequest,
  type QuestionnaireDetail,
  type QuestionnaireExport,
  type QuestionnaireImportRequest,
} from '@forms-engine/schema';
import { notFound } from '../errors/app-error.ts';
import { isId, newId, newPublicId } from '../lib/ids.ts';
import { sameJson } from './canonical-json.ts';
import type { Deps } from './deps.ts';

type Db = Deps['prisma'] | Prisma.TransactionClient;

export function toDetail(row: QuestionnaireRow): QuestionnaireDetail {
  return {
    id: row.id,
    publicId: row.publicId,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    submissionPolicy: row.submissionPolicy,
    currentVersion: row.currentVersion,
    hasUnpublishedChanges: row.hasUnpublishedChanges,
    draft: row.draft as Definition,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The questionnaire row, or NOT_FOUND for unknown and malformed ids alike. */
export async function findQuestionnaire(db: Db, id: string): Promise<QuestionnaireRow> {
  const row = isId(id) ? await db.questionnaire.findUnique({ where: { id } }) : null;
  if (!row) throw notFound('Questionnaire');
  return row;
}

/** True when nothing was published yet, or the draft differs from the latest version. */
async function draftDiffersFromLatest(db: Db, id: string, draft: Definition): Promise<boolean> {
  const latest = await db.questionnaireVersion.findFirst({
    where: { questionnaireId: id },
    orderBy: { versionNumber: 'desc' },
    select: { definition: true },
  });
  return !latest || !sameJson(latest.definition, draft);
}

export async function listQuestionnaires(deps: Deps, query: PageQuery): Promise<PageResultQuestionnaireSummary> {
  const [rows, total] = await Promise.all([
    deps.prisma.questionnaire.findMany({
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      skip: query.page * query.size,
      take: query.size,
      include: { _count: { select: { responses: true } } },
    }),
    deps.prisma.questionnaire.count(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      name: row.name,
      currentVersion: row.currentVersion,
      hasUnpublishedChanges: row.hasUnpublishedChanges,
      updatedAt: row.updatedAt.toISOString(),
      responseCount: row._count.responses,
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

interface NewQuestionnaire {
  name: string;
  draft: Definition;
  allowedOrigins?: string[];
  submissionPolicy?: QuestionnaireRow['submissionPolicy'];
}

async function insertQuestionnaire(deps: Deps, fields: NewQuestionnaire): Promise<QuestionnaireDetail> {
  const row = await deps.prisma.questionnaire.create({
    data: {
      id: newId(),
      publicId: newPublicId(),
      name: fields.name,
      draft: fields.draft,
      allowedOrigins: fields.allowedOrigins ?? [],
      submissionPolicy: fields.submissionPolicy ?? 'MULTIPLE',
      hasUnpublishedChanges: true,
    },
  });
  return toDetail(row);
}

export const createQuestionnaire = (deps: Deps, input: CreateQuestionnaireRequest) =>
  insertQuestionnaire(deps, { name: input.name, draft: emptyDefinition() });

export async function getQuestionnaire(deps: Deps, id: string): Promise<QuestionnaireDetail> {
  return toDetail(await findQuestionnaire(deps.prisma, id));
}

export async function patchQuestionnaire(
  deps: Deps,
  id: string,
  patch: PatchQuestionnaireRequest,
): Promise<QuestionnaireDetail> {
  const current = await findQuestionnaire(deps.prisma, id);
  const data = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(data).length === 0) return toDetail(current);
  const row = await deps.prisma.questionnaire.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
  // Other processes hear of it by NOTIFY; this one must not wait for its own notification.
  deps.publicQuestionnaires.invalidate(id);
  return toDetail(row);
}

/** Hard delete: versions, responses and file rows go with it (ON DELETE CASCADE). */
export async function deleteQuestionnaire(deps: Deps, id: string): Promise<void> {
  await findQuestionnaire(deps.prisma, id);
  await deps.prisma.questionnaire.deleteMany({ where: { id } });
  deps.publicQuestionnaires.invalidate(id);
  // Rows first, then bytes: a crash in between leaves bytes without rows, which the sweeper removes.
  await deps.storage.removePrefix(id.toLowerCase());
}

/** Stores a new draft and recomputes hasUnpublishedChanges against the latest version. */
export async function replaceDraft(deps: Deps, id: string, draft: Definition): Promise<QuestionnaireDetail> {
  return deps.prisma.$transaction(async (tx) => {
    await lockQuestionnaire(tx, id);
    const hasUnpublishedChanges = await draftDiffersFromLatest(tx, id, draft);
    const row = await tx.questionnaire.update({
      where: { id },
      data: { draft, hasUnpublishedChanges, updatedAt: new Date() },
    });
    return toDetail(row);
  });
}

const COPY_SUFFIX = ' (copy)';

/** A new questionnaire with the same draft and settings, a new publicId, and nothing published. */
export async function duplicateQuestionnaire(deps: Deps, id: string): Promise<QuestionnaireDetail> {
  const source = await findQuestionnaire(deps.prisma, id);
  return insertQuestionnaire(deps, {
    name: source.name.slice(0, 200 - COPY_SUFFIX.length) + COPY_SUFFIX,
    draft: source.draft as Definition,
    allowedOrigins: source.allowedOrigins,
    submissionPolicy: source.submissionPolicy,
  });
}

export async function exportQuestionnaire(deps: Deps, id: string): Promise<QuestionnaireExport> {
  const row = await findQuestionnaire(deps.prisma, id);
  return {
    formsEngineExport: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    name: row.name,
    definition: row.draft as Definition,
  };
}

export const importQuestionnaire = (deps: Deps, input: QuestionnaireImportRequest) =>
  insertQuestionnaire(deps, { name: input.name, draft: input.definition });

/**
 * Row lock for the rest of the transaction, so concurrent publishes and draft writes on one
 * questionnaire queue up instead of racing for the next version number.
 */
export async function lockQuestionnaire(tx: Prisma.TransactionClient, id: string): Promise<QuestionnaireRow> {
  if (!isId(id)) throw notFound('Questionnaire');
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM questionnaire WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound('Questionnaire');
  return findQuestionnaire(tx, id);
}
