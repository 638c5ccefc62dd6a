import type { Prisma, Questionnaire as QuestionnaireRow } from '@forms-engine/db';
import {
  type Availability,
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
import { type AuditRecord, audited, draftSaveRecordedLately, writeAudit } from './accounts/audit-log.ts';
import type { AuditContext } from './accounts/principal.ts';
import { sameJson } from './canonical-json.ts';
import type { Deps } from './deps.ts';
import {
  availabilityOf,
  checkSettings,
  dropRemovedQuotaCounts,
  listAvailabilityOf,
  settingsData,
  settingsOf,
} from './questionnaire-settings.ts';

type Db = Deps['prisma'] | Prisma.TransactionClient;

export function toDetail(row: QuestionnaireRow, availability: Availability): QuestionnaireDetail {
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
    ...settingsOf(row),
    availability,
  };
}

/** The detail with its availability counted now. */
export const detailOf = async (deps: Deps, row: QuestionnaireRow): Promise<QuestionnaireDetail> =>
  toDetail(row, await availabilityOf(deps, row));

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
  const availabilityOfRow = await listAvailabilityOf(deps, rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      name: row.name,
      currentVersion: row.currentVersion,
      hasUnpublishedChanges: row.hasUnpublishedChanges,
      updatedAt: row.updatedAt.toISOString(),
      responseCount: row._count.responses,
      ...availabilityOfRow(row),
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
  /** A duplicate's schedule, limit and quotas (its quotas count from zero). */
  availability?: Pick<QuestionnaireRow, 'opensAt' | 'closesAt' | 'closeGraceMinutes' | 'maxCompletedResponses'> & {
    quotas: Prisma.InputJsonValue;
  };
}

async function insertQuestionnaire(
  deps: Deps,
  fields: NewQuestionnaire,
  audit?: AuditContext,
  record?: (row: QuestionnaireRow) => AuditRecord,
): Promise<QuestionnaireDetail> {
  const create = (db: Prisma.TransactionClient) =>
    db.questionnaire.create({
      data: {
        id: newId(),
        publicId: newPublicId(),
        name: fields.name,
        draft: fields.draft,
        allowedOrigins: fields.allowedOrigins ?? [],
        submissionPolicy: fields.submissionPolicy ?? 'MULTIPLE',
        hasUnpublishedChanges: true,
        ...fields.availability,
      },
    });
  const made = (row: QuestionnaireRow): AuditRecord => ({
    action: 'questionnaire.create',
    target: { type: 'questionnaire', id: row.id, name: row.name },
  });
  const row = await audited(deps, audit, create, record ?? made);
  return detailOf(deps, row);
}

export const createQuestionnaire = (deps: Deps, input: CreateQuestionnaireRequest, audit?: AuditContext) =>
  insertQuestionnaire(deps, { name: input.name, draft: emptyDefinition() }, audit);

export async function getQuestionnaire(deps: Deps, id: string): Promise<QuestionnaireDetail> {
  return detailOf(deps, await findQuestionnaire(deps.prisma, id));
}

export async function patchQuestionnaire(
  deps: Deps,
  id: string,
  patch: PatchQuestionnaireRequest,
  audit?: AuditContext,
): Promise<QuestionnaireDetail> {
  const current = await findQuestionnaire(deps.prisma, id);
  const { opensAt, closesAt, closeGraceMinutes, maxCompletedResponses, quotas, ...plain } = patch;
  const settings = { opensAt, closesAt, closeGraceMinutes, maxCompletedResponses, quotas };
  const data = {
    ...Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)),
    ...settingsData(settings),
  };
  if (Object.keys(data).length === 0) return detailOf(deps, current);
  await checkSettings(deps.prisma, current, settings);
  const row = await deps.prisma.$transaction(async (tx) => {
    if (quotas !== undefined) await dropRemovedQuotaCounts(tx, id, quotas);
    const updated = await tx.questionnaire.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
    await auditPatch(tx, audit, current, updated, Object.keys(data));
    return updated;
  });
  // Other processes hear of it by NOTIFY; this one must not wait for its own notification.
  deps.publicQuestionnaires.invalidate(id);
  return detailOf(deps, row);
}

/** A rename and a change of settings are two entries: "renamed" reads differently from "changed settings". */
async function auditPatch(
  tx: Prisma.TransactionClient,
  audit: AuditContext | undefined,
  before: QuestionnaireRow,
  after: QuestionnaireRow,
  changed: string[],
) {
  const target = { type: 'questionnaire', id: after.id, name: after.name };
  if (changed.includes('name') && before.name !== after.name) {
    await writeAudit(tx, audit, {
      action: 'questionnaire.rename',
      target,
      details: { from: before.name, to: after.name },
    });
  }
  const settings = changed.filter((key) => key !== 'name' && key !== 'updatedAt');
  if (settings.length > 0)
    await writeAudit(tx, audit, { action: 'questionnaire.settings', target, details: { changed: settings } });
}

/** Hard delete: versions, responses and file rows go with it (ON DELETE CASCADE). */
export async function deleteQuestionnaire(deps: Deps, id: string, audit?: AuditContext): Promise<void> {
  const row = await findQuestionnaire(deps.prisma, id);
  await audited(
    deps,
    audit,
    (db) => db.questionnaire.deleteMany({ where: { id } }),
    () => ({ action: 'questionnaire.delete', target: { type: 'questionnaire', id, name: row.name } }),
  );
  deps.publicQuestionnaires.invalidate(id);
  // Rows first, then bytes: a crash in between leaves bytes without rows, which the sweeper removes.
  await deps.storage.removePrefix(id.toLowerCase());
}

/** What a draft write is, for the audit log: a save (recorded once per 10 minutes) or a restore. */
export type DraftWrite = { action: 'save' } | { action: 'restore'; versionNumber: number };

/** Stores a new draft and recomputes hasUnpublishedChanges against the latest version. */
export async function replaceDraft(
  deps: Deps,
  id: string,
  draft: Definition,
  audit?: AuditContext,
  write: DraftWrite = { action: 'save' },
): Promise<QuestionnaireDetail> {
  const row = await deps.prisma.$transaction(async (tx) => {
    await lockQuestionnaire(tx, id);
    const hasUnpublishedChanges = await draftDiffersFromLatest(tx, id, draft);
    const updated = await tx.questionnaire.update({
      where: { id },
      data: { draft, hasUnpublishedChanges, updatedAt: new Date() },
    });
    await auditDraftWrite(tx, audit, updated, write);
    return updated;
  });
  return detailOf(deps, row);
}

async function auditDraftWrite(
  tx: Prisma.TransactionClient,
  audit: AuditContext | undefined,
  row: QuestionnaireRow,
  write: DraftWrite,
) {
  if (!audit) return;
  const target = { type: 'questionnaire', id: row.id, name: row.name };
  if (write.action === 'restore') {
    await writeAudit(tx, audit, {
      action: 'questionnaire.restore',
      target,
      details: { versionNumber: write.versionNumber },
    });
  } else if (!(await draftSaveRecordedLately(tx, audit, row.id))) {
    await writeAudit(tx, audit, { action: 'questionnaire.draft_save', target });
  }
}

const COPY_SUFFIX = ' (copy)';

/** A new questionnaire with the same draft and settings, a new publicId, and nothing published. */
export async function duplicateQuestionnaire(
  deps: Deps,
  id: string,
  audit?: AuditContext,
): Promise<QuestionnaireDetail> {
  const source = await findQuestionnaire(deps.prisma, id);
  const record = (row: QuestionnaireRow): AuditRecord => ({
    action: 'questionnaire.duplicate',
    target: { type: 'questionnaire', id: row.id, name: row.name },
    details: { sourceId: source.id, sourceName: source.name },
  });
  return insertQuestionnaire(
    deps,
    {
      name: source.name.slice(0, 200 - COPY_SUFFIX.length) + COPY_SUFFIX,
      draft: source.draft as Definition,
      allowedOrigins: source.allowedOrigins,
      submissionPolicy: source.submissionPolicy,
      availability: {
        opensAt: source.opensAt,
        closesAt: source.closesAt,
        closeGraceMinutes: source.closeGraceMinutes,
        maxCompletedResponses: source.maxCompletedResponses,
        quotas: source.quotas as Prisma.InputJsonValue,
      },
    },
    audit,
    record,
  );
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

export const importQuestionnaire = (deps: Deps, input: QuestionnaireImportRequest, audit?: AuditContext) =>
  insertQuestionnaire(deps, { name: input.name, draft: input.definition }, audit, (row) => ({
    action: 'questionnaire.import',
    target: { type: 'questionnaire', id: row.id, name: row.name },
  }));

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
