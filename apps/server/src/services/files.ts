import type { Prisma, StoredFile } from '@forms-engine/db';
import type { FileReference, FileStats, UploadsConfig } from '@forms-engine/schema';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { AppError, notFound } from '../errors/app-error.ts';
import { fileKey, StorageNotFoundError } from '../storage/file-storage.ts';
import type { Deps } from './deps.ts';
import { isId, newId } from './ids.ts';
import { responseCompleted } from './public-responses.ts';
import { findQuestionnaire } from './questionnaires.ts';

/** How many leading bytes content sniffing looks at (what `file-type` needs). */
export const SNIFF_BYTES = 4100;

/**
 * A PENDING row older than this belongs to an upload that died (or is hopelessly slow):
 * it no longer counts against the caps and the sweeper removes it with its bytes.
 */
export const PENDING_STALE_MS = 15 * 60_000;

export const MAX_FILE_NAME_LENGTH = 255;

const tooManyFiles = (max: number) => new AppError('TOO_MANY_FILES', `A response may hold at most ${max} files`);
const storageFull = (max: number) =>
  new AppError('RESPONSE_STORAGE_FULL', `A response may hold at most ${max} bytes of files`);
const fileTooLarge = (mb: number) => new AppError('FILE_TOO_LARGE', `A file may be at most ${mb} MB`);

export const toFileReference = (row: StoredFile): FileReference => ({
  fileId: row.id,
  fileName: row.fileName,
  size: Number(row.size),
  contentType: row.contentType,
});

/**
 * A name safe to store and show: no directories, no control or invisible formatting
 * characters (bidi overrides), collapsed whitespace, at most 255 characters with the
 * extension kept. Never used as a path; the bytes live under the file id.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return 'file';
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return (
    chars
      .slice(0, MAX_FILE_NAME_LENGTH - keep.length)
      .join('')
      .trimEnd() + keep.join('')
  );
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Generic containers whose specific kind (docx, epub, msi...) the head bytes cannot always
 * tell; an `application/*` type from the client names it more precisely.
 */
const CONTAINERS = new Set(['application/zip', 'application/x-cfb']);

/**
 * The type of the stored bytes. Detected from the first bytes when `file-type` knows the
 * format; otherwise the client's type if it is a plain `type/subtype` and not a format that
 * detection would have recognised (a "PNG" without PNG bytes is not a PNG); else octet-stream.
 */
export async function detectContentType(head: Uint8Array, claimed: string | undefined): Promise<string> {
  const declared = claimed?.split(';')[0]?.trim().toLowerCase();
  const sane = declared && MEDIA_TYPE.test(declared) ? declared : undefined;
  const detected = head.length > 0 ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined;
  if (detected) {
    if (CONTAINERS.has(detected.mime) && sane?.startsWith('application/')) return sane;
    return detected.mime;
  }
  if (sane && !supportedMimeTypes.has(sane as never)) return sane;
  return 'application/octet-stream';
}

type Tx = Prisma.TransactionClient;

interface LockedResponse {
  id: string;
  questionnaire_id: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
}

/** Locks the response row for the rest of the transaction (serialises uploads, deletes, completion). */
async function lockResponse(tx: Tx, responseId: string): Promise<LockedResponse> {
  const rows = isId(responseId)
    ? await tx.$queryRaw<LockedResponse[]>`
        SELECT id::text, questionnaire_id::text, status::text FROM response WHERE id = ${responseId}::uuid FOR UPDATE`
    : [];
  const row = rows[0];
  if (!row) throw notFound('Response');
  return row;
}

async function storedUsage(tx: Tx, responseId: string) {
  const usage = await tx.storedFile.aggregate({
    where: { responseId, state: 'STORED' },
    _count: true,
    _sum: { size: true },
  });
  return { count: usage._count, bytes: Number(usage._sum.size ?? 0n) };
}

/** An upload whose row is PENDING: where to write and how much it may hold. */
export interface PendingUpload {
  fileId: string;
  responseId: string;
  questionnaireId: string;
  key: string;
  /** The most bytes this file may have: the per-file cap or what the response has left. */
  maxBytes: number;
  /** The error for a file longer than maxBytes. */
  limitError: () => AppError;
}

/**
 * Step 1 of an upload: under the response's row lock, check it is IN_PROGRESS and under its
 * caps, and insert the file row as PENDING before any byte is written. PENDING rows are never
 * listed, counted or served; a crash from here on leaves only what the sweeper removes.
 */
export async function beginUpload(
  deps: Deps,
  input: { responseId: string; questionCode: string; fileName: string },
): Promise<PendingUpload> {
  const { maxFileSizeMb, maxFilesPerResponse, maxBytesPerResponse } = deps.config.uploads;
  const maxFileBytes = maxFileSizeMb * 1024 * 1024;
  return deps.prisma.$transaction(async (tx) => {
    const response = await lockResponse(tx, input.responseId);
    if (response.status === 'COMPLETED') throw responseCompleted();
    const fresh = new Date(Date.now() - PENDING_STALE_MS);
    const files = await tx.storedFile.count({
      where: {
        responseId: response.id,
        OR: [{ state: 'STORED' }, { state: 'PENDING', createdAt: { gte: fresh } }],
      },
    });
    if (files >= maxFilesPerResponse) throw tooManyFiles(maxFilesPerResponse);
    const left = maxBytesPerResponse - (await storedUsage(tx, response.id)).bytes;
    if (left <= 0) throw storageFull(maxBytesPerResponse);
    const fileId = newId();
    await tx.storedFile.create({
      data: {
        id: fileId,
        responseId: response.id,
        questionnaireId: response.questionnaire_id,
        questionCode: input.questionCode,
        fileName: input.fileName,
        contentType: 'application/octet-stream',
        size: 0n,
        state: 'PENDING',
      },
    });
    const perFileBinds = maxFileBytes <= left;
    return {
      fileId,
      responseId: response.id,
      questionnaireId: response.questionnaire_id,
      key: fileKey(response.questionnaire_id, response.id, fileId),
      maxBytes: Math.min(maxFileBytes, left),
      limitError: perFileBinds ? () => fileTooLarge(maxFileSizeMb) : () => storageFull(maxBytesPerResponse),
    };
  });
}

/**
 * Step 3, after the bytes are durable under the key: re-check status and caps under the row
 * lock (concurrent uploads of one response may have raced), then flip PENDING -> STORED.
 * A row that is gone (response deleted, or swept as stale) is a 404; the caller aborts.
 */
export async function finishUpload(
  deps: Deps,
  pending: PendingUpload,
  stored: { size: number; contentType: string },
): Promise<FileReference> {
  const { maxFilesPerResponse, maxBytesPerResponse } = deps.config.uploads;
  return deps.prisma.$transaction(async (tx) => {
    const response = await lockResponse(tx, pending.responseId);
    if (response.status === 'COMPLETED') throw responseCompleted();
    const usage = await storedUsage(tx, response.id);
    if (usage.count >= maxFilesPerResponse) throw tooManyFiles(maxFilesPerResponse);
    if (usage.bytes + stored.size > maxBytesPerResponse) throw storageFull(maxBytesPerResponse);
    const { count } = await tx.storedFile.updateMany({
      where: { id: pending.fileId, state: 'PENDING' },
      data: { state: 'STORED', size: BigInt(stored.size), contentType: stored.contentType },
    });
    if (count === 0) throw notFound('Response');
    return toFileReference(await tx.storedFile.findUniqueOrThrow({ where: { id: pending.fileId } }));
  });
}

/** Undoes a failed upload: the row first, then the bytes (idempotent; a crash in between is swept). */
export async function abortUpload(deps: Deps, pending: Pick<PendingUpload, 'fileId' | 'key'>): Promise<void> {
  await deps.prisma.storedFile.deleteMany({ where: { id: pending.fileId } });
  await deps.storage.remove(pending.key);
}

/** Public delete of one STORED file of an IN_PROGRESS response: row, then bytes. */
export async function deleteFile(deps: Deps, responseId: string, fileId: string): Promise<void> {
  const row = await deps.prisma.$transaction(async (tx) => {
    const response = await lockResponse(tx, responseId);
    const file = isId(fileId)
      ? await tx.storedFile.findFirst({ where: { id: fileId, responseId: response.id, state: 'STORED' } })
      : null;
    if (!file) throw notFound('File');
    if (response.status === 'COMPLETED') throw responseCompleted();
    await tx.storedFile.delete({ where: { id: file.id } });
    return file;
  });
  await deps.storage.remove(fileKey(row.questionnaireId, row.responseId, row.id));
}

/** A STORED file of that response of that questionnaire, with a stream of its bytes; else 404. */
export async function openFile(deps: Deps, questionnaireId: string, responseId: string, fileId: string) {
  const row =
    isId(questionnaireId) && isId(responseId) && isId(fileId)
      ? await deps.prisma.storedFile.findFirst({ where: { id: fileId, responseId, questionnaireId, state: 'STORED' } })
      : null;
  if (!row) throw notFound('File');
  try {
    const stream = await deps.storage.read(fileKey(row.questionnaireId, row.responseId, row.id));
    return { file: toFileReference(row), stream };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound('File');
    throw error;
  }
}

/** Count and bytes of the questionnaire's STORED files. */
export async function fileStats(deps: Deps, questionnaireId: string): Promise<FileStats> {
  await findQuestionnaire(deps.prisma, questionnaireId);
  const stats = await deps.prisma.storedFile.aggregate({
    where: { questionnaireId, state: 'STORED' },
    _count: true,
    _sum: { size: true },
  });
  return { fileCount: stats._count, totalBytes: Number(stats._sum.size ?? 0n) };
}

export const uploadsConfig = (deps: Deps): UploadsConfig => ({ ...deps.config.uploads });
