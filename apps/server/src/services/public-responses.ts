import { createHash } from 'node:crypto';
import type {
  LiveQuestionnaire,
  PatchResponseRequest,
  Position,
  RefStatus,
  ResponseRehydration,
} from '@forms-engine/schema';
import type { LiveDocument, PublicSettings } from '../cache/public-questionnaires.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { isId, newId } from '../lib/ids.ts';
import { checkAnswers } from './answer-limits.ts';
import { publicAvailability, refuseUnlessOpen } from './availability.ts';
import type { Deps } from './deps.ts';
import { alreadySubmitted, completeGuarded } from './guarded-completion.ts';
import { checkEnding, declaredHidden } from './hidden-and-endings.ts';
import { labelTablesOf, languageOfNewResponse, matchLanguage } from './respondent-language.ts';
import {
  completeUnguarded,
  countCompleted,
  insertResponse,
  pinnedVersion,
  rehydrationRow,
  responseStatus,
} from './respondent-sql.ts';

export const responseCompleted = () =>
  new AppError('RESPONSE_COMPLETED', 'The response is completed and can no longer change');

async function settingsOf(deps: Deps, publicId: string): Promise<PublicSettings> {
  const settings = await deps.publicQuestionnaires.byPublicId(publicId);
  if (!settings) throw notFound('Questionnaire');
  return settings;
}

export const positionOf = (row: { lastStepId: string | null; lastTabId: string | null }): Position | undefined =>
  row.lastStepId || row.lastTabId
    ? { ...(row.lastStepId && { stepId: row.lastStepId }), ...(row.lastTabId && { tabId: row.lastTabId }) }
    : undefined;

/** The latest published version and its availability now; NOT_PUBLISHED until the first publish. */
async function liveOf(deps: Deps, settings: PublicSettings, now: number) {
  if (settings.currentVersion === 0)
    throw new AppError('NOT_PUBLISHED', 'This questionnaire has not been published yet');
  const definition = await deps.publicQuestionnaires.definition(settings.id, settings.currentVersion);
  if (!definition) throw notFound('Questionnaire'); // deleted between the two reads
  const { availability, staleFrom } = publicAvailability(settings, now);
  const live: LiveQuestionnaire = {
    publicId: settings.publicId,
    name: settings.name,
    versionNumber: settings.currentVersion,
    definition,
    submissionPolicy: settings.submissionPolicy,
    labels: labelTablesOf(definition),
    availability,
  };
  return { live, staleFrom };
}

export async function getLive(deps: Deps, publicId: string): Promise<LiveQuestionnaire> {
  return (await liveOf(deps, await settingsOf(deps, publicId), Date.now())).live;
}

/**
 * `live` serialised once per change of the questionnaire, with a strong ETag (a SHA-256 of the
 * exact body, so a rename or a policy change changes it too). Its availability changes with the
 * clock too: the document ends at the next opensAt or closesAt (`staleFrom`), and a change to or
 * from FULL comes as a change of the questionnaire (NOTIFY).
 */
export async function liveDocument(deps: Deps, publicId: string): Promise<LiveDocument> {
  const settings = await settingsOf(deps, publicId);
  return deps.publicQuestionnaires.liveDocument(settings, async () => {
    const { live, staleFrom } = await liveOf(deps, settings, Date.now());
    const body = Buffer.from(JSON.stringify(live));
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"`, staleFrom };
  });
}

export interface CreateResponseInput {
  versionNumber: number;
  externalRef?: string | undefined;
  /** The language asked for; matched to one of the version's, absent records its default. */
  language?: string | undefined;
  /** Hidden values sent by the host page; only the version's declared keys are stored. */
  hidden?: Record<string, string> | undefined;
  origin?: string | undefined;
  userAgent?: string | undefined;
}

export async function createResponse(deps: Deps, publicId: string, input: CreateResponseInput) {
  const settings = await settingsOf(deps, publicId);
  // Versions are numbered 1..currentVersion without gaps and never deleted.
  if (input.versionNumber > settings.currentVersion) {
    throw new AppError('UNKNOWN_VERSION', `Version ${input.versionNumber} of this questionnaire is not published`);
  }
  refuseUnlessOpen(settings);
  if (settings.submissionPolicy === 'ONE_PER_REF') {
    if (!input.externalRef) {
      throw new AppError('EXTERNAL_REF_REQUIRED', 'This questionnaire takes one response per externalRef');
    }
    if ((await countCompleted(deps.sql, settings.id, input.externalRef)) > 0) throw alreadySubmitted();
  }
  const definition = await deps.publicQuestionnaires.definition(settings.id, input.versionNumber);
  if (!definition) throw notFound('Questionnaire'); // deleted meanwhile
  const language = languageOfNewResponse(definition, input.language);
  const responseId = newId();
  await insertResponse(deps.sql, {
    id: responseId,
    questionnaireId: settings.id,
    versionNumber: input.versionNumber,
    externalRef: input.externalRef ?? null,
    origin: input.origin?.slice(0, 500) ?? null,
    userAgent: input.userAgent?.slice(0, 1000) ?? null,
    language,
    hiddenJson: JSON.stringify(declaredHidden(definition, input.hidden)),
  });
  return { responseId };
}

export async function rehydrateResponse(deps: Deps, responseId: string): Promise<ResponseRehydration> {
  const row = isId(responseId) ? await rehydrationRow(deps.sql, responseId) : undefined;
  const settings = row && (await deps.publicQuestionnaires.byResponseId(responseId));
  const definition = settings && (await deps.publicQuestionnaires.definition(settings.id, row.version_number));
  if (!row || !settings || !definition) throw notFound('Response');
  const lastPosition = positionOf({ lastStepId: row.last_step_id, lastTabId: row.last_tab_id });
  return {
    status: row.status,
    versionNumber: row.version_number,
    answers: row.answers,
    ...(lastPosition && { lastPosition }),
    definition,
    submissionPolicy: settings.submissionPolicy,
    language: row.language,
    labels: labelTablesOf(definition),
    hidden: row.hidden,
  };
}

/**
 * The version's language a save switches to (matched as on create), read before anything is
 * written, so an unknown one changes nothing; undefined when the save names none.
 */
async function switchedLanguage(deps: Deps, responseId: string, asked: string | undefined) {
  if (asked === undefined) return undefined;
  const pinned = isId(responseId) ? await pinnedVersion(deps.sql, responseId) : undefined;
  const definition =
    pinned && (await deps.publicQuestionnaires.definition(pinned.questionnaire_id, pinned.version_number));
  if (!definition) throw notFound('Response');
  return matchLanguage(definition, asked);
}

/**
 * Replaces the whole answers map and position (not a merge), and records the language when the
 * save names one; only while IN_PROGRESS.
 */
export async function patchResponse(deps: Deps, responseId: string, input: PatchResponseRequest): Promise<void> {
  const answersJson = checkAnswers(input.answers, deps.config.answers);
  const language = await switchedLanguage(deps, responseId, input.language);
  if (isId(responseId) && (await deps.answerWrites.write(responseId, answersJson, input.lastPosition, language)))
    return;
  if (!isId(responseId) || !(await responseStatus(deps.sql, responseId))) throw notFound('Response');
  throw responseCompleted();
}

/**
 * IN_PROGRESS -> COMPLETED, idempotent. Most completions are one statement (no ref guard, limit
 * or quotas, and the schedule allows it); the others decide in one transaction
 * (guarded-completion.ts). Under ONE_PER_REF the row also takes the ref guard; a partial unique
 * index lets only one guarded row per (questionnaire, ref) exist, so racing completions across any
 * number of processes end with exactly one winner; the limit and the quotas are exact the same way
 * (a per-questionnaire lock in the completing transaction). `endingId` records the ending shown
 * (one of the pinned version's, else 400 UNKNOWN_ENDING and nothing changes); a repeated
 * completion keeps the first one, whatever it names, and counts nothing again.
 */
export async function completeResponse(deps: Deps, responseId: string, endingId?: string): Promise<void> {
  await complete(deps, responseId, endingId);
  deps.publicQuestionnaires.forgetResponse(responseId);
}

/** Whether the response is already completed; else checks that `endingId` is one of its version's. */
async function completedOrEndingChecked(deps: Deps, responseId: string, endingId: string): Promise<boolean> {
  const pinned = await pinnedVersion(deps.sql, responseId);
  if (!pinned) throw notFound('Response');
  if (pinned.status === 'COMPLETED') return true;
  const definition = await deps.publicQuestionnaires.definition(pinned.questionnaire_id, pinned.version_number);
  if (!definition) throw notFound('Response');
  checkEnding(definition, pinned.version_number, endingId);
  return false;
}

async function complete(deps: Deps, responseId: string, endingId: string | undefined): Promise<void> {
  if (!isId(responseId)) throw notFound('Response');
  if (endingId !== undefined && (await completedOrEndingChecked(deps, responseId, endingId))) return;
  // The settings are in memory for a response being answered (its saves' origin check read them).
  const settings = deps.publicQuestionnaires.peekByResponseId(responseId);
  const counts = settings !== undefined && (settings.maxCompletedResponses !== null || settings.hasQuotas);
  if (!counts && (await completeUnguarded(deps.sql, responseId, endingId ?? null))) return;
  const filled = await completeGuarded(deps, responseId, endingId ?? null, counts ? settings.id : undefined);
  // The NOTIFY reaches this process too, but a create right after this answer must already see FULL.
  if (filled) deps.publicQuestionnaires.invalidate(filled);
}

export async function refStatus(deps: Deps, publicId: string, ref: string): Promise<RefStatus> {
  const settings = await settingsOf(deps, publicId);
  const rows = await deps.prisma.response.groupBy({
    by: ['status'],
    where: { questionnaireId: settings.id, externalRef: ref },
    _count: true,
  });
  const statuses = new Set(rows.map((row) => row.status));
  if (statuses.has('COMPLETED')) return { status: 'COMPLETED' };
  return { status: statuses.has('IN_PROGRESS') ? 'IN_PROGRESS' : 'NONE' };
}
