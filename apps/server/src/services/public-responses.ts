import { isUniqueViolation, type Response as ResponseRow } from '@forms-engine/db';
import type {
  Definition,
  LiveQuestionnaire,
  PatchResponseRequest,
  Position,
  RefStatus,
  ResponseRehydration,
} from '@forms-engine/schema';
import { AppError, notFound } from '../errors/app-error.ts';
import { checkAnswers } from './answer-limits.ts';
import type { Deps } from './deps.ts';
import { isId, newId } from './ids.ts';

const alreadySubmitted = () =>
  new AppError('ALREADY_SUBMITTED', 'A response with this external reference was already submitted');

export const responseCompleted = () =>
  new AppError('RESPONSE_COMPLETED', 'The response is completed and can no longer change');

async function findByPublicId(deps: Deps, publicId: string) {
  const row = await deps.prisma.questionnaire.findUnique({ where: { publicId } });
  if (!row) throw notFound('Questionnaire');
  return row;
}

/** The response row, or NOT_FOUND (unknown, malformed, deleted, or its questionnaire deleted). */
export async function findResponse(deps: Deps, responseId: string): Promise<ResponseRow> {
  const row = isId(responseId) ? await deps.prisma.response.findUnique({ where: { id: responseId } }) : null;
  if (!row) throw notFound('Response');
  return row;
}

export const positionOf = (row: Pick<ResponseRow, 'lastStepId' | 'lastTabId'>): Position | undefined =>
  row.lastStepId || row.lastTabId
    ? { ...(row.lastStepId && { stepId: row.lastStepId }), ...(row.lastTabId && { tabId: row.lastTabId }) }
    : undefined;

/** The latest published version; NOT_PUBLISHED until the first publish. */
export async function getLive(deps: Deps, publicId: string): Promise<LiveQuestionnaire> {
  const questionnaire = await findByPublicId(deps, publicId);
  if (questionnaire.currentVersion === 0) {
    throw new AppError('NOT_PUBLISHED', 'This questionnaire has not been published yet');
  }
  const version = await deps.prisma.questionnaireVersion.findUniqueOrThrow({
    where: {
      questionnaireId_versionNumber: { questionnaireId: questionnaire.id, versionNumber: questionnaire.currentVersion },
    },
  });
  return {
    publicId: questionnaire.publicId,
    name: questionnaire.name,
    versionNumber: version.versionNumber,
    definition: version.definition as Definition,
    submissionPolicy: questionnaire.submissionPolicy,
  };
}

export interface CreateResponseInput {
  versionNumber: number;
  externalRef?: string | undefined;
  origin?: string | undefined;
  userAgent?: string | undefined;
}

export async function createResponse(deps: Deps, publicId: string, input: CreateResponseInput) {
  const questionnaire = await findByPublicId(deps, publicId);
  const version = await deps.prisma.questionnaireVersion.findUnique({
    where: { questionnaireId_versionNumber: { questionnaireId: questionnaire.id, versionNumber: input.versionNumber } },
    select: { versionNumber: true },
  });
  if (!version) {
    throw new AppError('UNKNOWN_VERSION', `Version ${input.versionNumber} of this questionnaire is not published`);
  }
  if (questionnaire.submissionPolicy === 'ONE_PER_REF') {
    if (!input.externalRef) {
      throw new AppError('EXTERNAL_REF_REQUIRED', 'This questionnaire takes one response per externalRef');
    }
    const completed = await deps.prisma.response.count({
      where: { questionnaireId: questionnaire.id, externalRef: input.externalRef, status: 'COMPLETED' },
    });
    if (completed > 0) throw alreadySubmitted();
  }
  const row = await deps.prisma.response.create({
    data: {
      id: newId(),
      questionnaireId: questionnaire.id,
      versionNumber: input.versionNumber,
      externalRef: input.externalRef ?? null,
      origin: input.origin?.slice(0, 500) ?? null,
      userAgent: input.userAgent?.slice(0, 1000) ?? null,
    },
  });
  return { responseId: row.id };
}

export async function rehydrateResponse(deps: Deps, responseId: string): Promise<ResponseRehydration> {
  const row = isId(responseId)
    ? await deps.prisma.response.findUnique({
        where: { id: responseId },
        include: {
          version: { select: { definition: true } },
          questionnaire: { select: { submissionPolicy: true } },
        },
      })
    : null;
  if (!row) throw notFound('Response');
  const lastPosition = positionOf(row);
  return {
    status: row.status,
    versionNumber: row.versionNumber,
    answers: row.answers as Record<string, unknown>,
    ...(lastPosition && { lastPosition }),
    definition: row.version.definition as Definition,
    submissionPolicy: row.questionnaire.submissionPolicy,
  };
}

/** Replaces the whole answers map and position (not a merge); only while IN_PROGRESS. */
export async function patchResponse(deps: Deps, responseId: string, input: PatchResponseRequest): Promise<void> {
  checkAnswers(input.answers, deps.config.answers);
  const { count } = isId(responseId)
    ? await deps.prisma.response.updateMany({
        where: { id: responseId, status: 'IN_PROGRESS' },
        data: {
          answers: input.answers as object,
          lastStepId: input.lastPosition?.stepId ?? null,
          lastTabId: input.lastPosition?.tabId ?? null,
          updatedAt: new Date(),
        },
      })
    : { count: 0 };
  if (count === 0) {
    await findResponse(deps, responseId);
    throw responseCompleted();
  }
}

/**
 * IN_PROGRESS -> COMPLETED, idempotent. Under ONE_PER_REF the row also takes the ref guard;
 * a partial unique index lets only one guarded row per (questionnaire, ref) exist, so racing
 * completions across any number of processes end with exactly one winner.
 */
export async function completeResponse(deps: Deps, responseId: string): Promise<void> {
  const row = isId(responseId)
    ? await deps.prisma.response.findUnique({
        where: { id: responseId },
        include: { questionnaire: { select: { submissionPolicy: true } } },
      })
    : null;
  if (!row) throw notFound('Response');
  if (row.status === 'COMPLETED') return;
  const guarded = row.questionnaire.submissionPolicy === 'ONE_PER_REF' && row.externalRef !== null;
  if (guarded) {
    // Completions from before the policy switched to ONE_PER_REF hold no guard; count them too.
    const earlier = await deps.prisma.response.count({
      where: { questionnaireId: row.questionnaireId, externalRef: row.externalRef, status: 'COMPLETED' },
    });
    if (earlier > 0) throw alreadySubmitted();
  }
  const now = new Date();
  try {
    await deps.prisma.response.updateMany({
      where: { id: responseId, status: 'IN_PROGRESS' },
      data: { status: 'COMPLETED', completedAt: now, updatedAt: now, refGuard: guarded },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadySubmitted();
    throw error;
  }
}

export async function refStatus(deps: Deps, publicId: string, ref: string): Promise<RefStatus> {
  const questionnaire = await findByPublicId(deps, publicId);
  const rows = await deps.prisma.response.groupBy({
    by: ['status'],
    where: { questionnaireId: questionnaire.id, externalRef: ref },
    _count: true,
  });
  const statuses = new Set(rows.map((row) => row.status));
  if (statuses.has('COMPLETED')) return { status: 'COMPLETED' };
  return { status: statuses.has('IN_PROGRESS') ? 'IN_PROGRESS' : 'NONE' };
}
