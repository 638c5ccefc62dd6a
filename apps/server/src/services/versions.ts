import type { Prisma, QuestionnaireVersion as VersionRow } from '@forms-engine/db';
import type { Definition, QuestionnaireDetail, VersionDetail, VersionSummary } from '@forms-engine/schema';
import { notFound } from '../errors/app-error.ts';
import { writeAudit } from './accounts/audit-log.ts';
import type { AuditContext } from './accounts/principal.ts';
import { sameJson } from './canonical-json.ts';
import type { Deps } from './deps.ts';
import { detailOf, findQuestionnaire, lockQuestionnaire, replaceDraft } from './questionnaires.ts';

const toSummary = (row: VersionRow): VersionSummary => ({
  versionNumber: row.versionNumber,
  note: row.note,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedById ? { id: row.publishedById, name: row.publishedByName ?? '' } : null,
});

/**
 * Freezes the draft as version currentVersion + 1. When the draft equals the latest
 * version nothing is created and the detail comes back unchanged.
 */
export async function publishQuestionnaire(
  deps: Deps,
  id: string,
  note = '',
  audit?: AuditContext,
): Promise<QuestionnaireDetail> {
  const published = await deps.prisma.$transaction(async (tx) => {
    const row = await lockQuestionnaire(tx, id);
    const latest = await tx.questionnaireVersion.findUnique({
      where: { questionnaireId_versionNumber: { questionnaireId: id, versionNumber: row.currentVersion } },
    });
    if (latest && sameJson(latest.definition, row.draft)) return row;
    const versionNumber = row.currentVersion + 1;
    const now = new Date();
    await tx.questionnaireVersion.create({
      data: {
        questionnaireId: id,
        versionNumber,
        note,
        definition: row.draft as Prisma.InputJsonValue,
        publishedAt: now,
        // Members and keys are named; the deployment's token is not a person.
        ...(audit?.actor &&
          audit.actor.type !== 'token' && {
            publishedById: audit.actor.id,
            publishedByName: audit.actor.name,
          }),
      },
    });
    await writeAudit(tx, audit, {
      action: 'questionnaire.publish',
      target: { type: 'questionnaire', id, name: row.name },
      details: { versionNumber, ...(note && { note }) },
    });
    return tx.questionnaire.update({
      where: { id },
      data: { currentVersion: versionNumber, hasUnpublishedChanges: false, updatedAt: now },
    });
  });
  deps.publicQuestionnaires.invalidate(published.id);
  return detailOf(deps, published);
}

export async function listVersions(deps: Deps, id: string): Promise<VersionSummary[]> {
  await findQuestionnaire(deps.prisma, id);
  const rows = await deps.prisma.questionnaireVersion.findMany({
    where: { questionnaireId: id },
    orderBy: { versionNumber: 'desc' },
  });
  return rows.map(toSummary);
}

async function findVersion(deps: Deps, id: string, versionNumber: number): Promise<VersionRow> {
  await findQuestionnaire(deps.prisma, id);
  const row = await deps.prisma.questionnaireVersion.findUnique({
    where: { questionnaireId_versionNumber: { questionnaireId: id, versionNumber } },
  });
  if (!row) throw notFound(`Version ${versionNumber}`);
  return row;
}

export async function getVersion(deps: Deps, id: string, versionNumber: number): Promise<VersionDetail> {
  const row = await findVersion(deps, id, versionNumber);
  return { ...toSummary(row), definition: row.definition as Definition };
}

/** Copies version n back into the draft; nothing is published. */
export async function restoreVersion(
  deps: Deps,
  id: string,
  versionNumber: number,
  audit?: AuditContext,
): Promise<QuestionnaireDetail> {
  const version = await findVersion(deps, id, versionNumber);
  return replaceDraft(deps, id, version.definition as Definition, audit, { action: 'restore', versionNumber });
}
