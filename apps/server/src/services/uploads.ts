import type { Readable } from 'node:stream';
import type { Prisma } from '@forms-engine/db';
import { allQuestions, type Definition, type FileReference } from '@forms-engine/schema';
// The renderer's own rule, so the embed and the server accept the same files.
import { isAcceptedType } from '@forms-engine/schema/rules';
import { AppError, notFound, validationFailed } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { fileKey, StorageLimitError } from '../storage/file-storage.ts';
import { type AcceptedTypes, identifyContentType, SNIFF_BYTES } from './content-type.ts';
import type { Deps } from './deps.ts';
import { type LockedResponse, lockResponse, toFileReference } from './files.ts';
import { responseCompleted } from './public-responses.ts';

export const MAX_FILE_NAME_LENGTH = 255;

/** A file part as the multipart parser hands it over: the bytes are not read yet. */
export interface IncomingFile {
  fileName: string | undefined;
  claimedType: string | undefined;
  bytes: Readable;
}

const tooManyFiles = (max: number) => new AppError('TOO_MANY_FILES', `A response may hold at most ${max} files`);
const storageFull = (max: number) =>
  new AppError('RESPONSE_STORAGE_FULL', `A response may hold at most ${max} bytes of files`);
const fileTooLarge = (mb: number) => new AppError('FILE_TOO_LARGE', `A file may be at most ${mb} MB`);
const notAccepted = (contentType: string, accepted: AcceptedTypes) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `This question accepts ${accepted.join(', ')}; the file is ${contentType}`);
const notIdentified = (accepted: AcceptedTypes) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `This question accepts ${accepted.join(', ')}; the file's bytes are not recognisably any of them`,
  );

/**
 * A name safe to store and show: no directories, no control or invisible formatting
 * characters (bidi overrides), collapsed whitespace, at most 255 characters with the
 * extension kept. Never used as a path; the bytes live under the file id.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
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

type Tx = Prisma.TransactionClient;

async function storedUsage(tx: Tx, responseId: string) {
  const usage = await tx.storedFile.aggregate({
    where: { responseId, state: 'STORED' },
    _count: true,
    _sum: { size: true },
  });
  return { count: usage._count, bytes: Number(usage._sum.size ?? 0n) };
}

/**
 * The accepted types of the FILE_UPLOAD question `questionCode` in the response's pinned version
 * (spec §3 rule 2: uploading uses the pinned definition, whatever was published since).
 */
async function acceptedTypesOf(tx: Tx, response: LockedResponse, questionCode: string): Promise<AcceptedTypes> {
  const version = await tx.questionnaireVersion.findUniqueOrThrow({
    where: {
      questionnaireId_versionNumber: {
        questionnaireId: response.questionnaire_id,
        versionNumber: response.version_number,
      },
    },
    select: { definition: true },
  });
  const question = allQuestions(version.definition as Definition).find((q) => q.code === questionCode);
  if (question?.type !== 'FILE_UPLOAD') {
    throw validationFailed(
      `Version ${response.version_number} has no FILE_UPLOAD question with code "${questionCode}"`,
      [{ path: 'questionCode', message: 'Must name a FILE_UPLOAD question of the pinned version' }],
    );
  }
  return question.typeConfig.acceptedContentTypes ?? [];
}

interface PendingUpload {
  fileId: string;
  key: string;
  accepted: AcceptedTypes;
  /** The most bytes this file may have: the per-file cap or what the response has left. */
  maxBytes: number;
  /** The error for a file longer than maxBytes. */
  limitError: () => AppError;
}

/**
 * Under the response's row lock: it is IN_PROGRESS, the question takes files, the caps leave
 * room; then the file row goes in as PENDING before any byte is written. PENDING rows are
 * never listed, counted or served; a crash from here on leaves only what the sweeper removes.
 */
function begin(deps: Deps, responseId: string, questionCode: string, fileName: string): Promise<PendingUpload> {
  const { maxFileSizeMb, maxFilesPerResponse, maxBytesPerResponse } = deps.config.uploads;
  const maxFileBytes = maxFileSizeMb * 1024 * 1024;
  return deps.prisma.$transaction(async (tx) => {
    const response = await lockResponse(tx, responseId);
    if (response.status === 'COMPLETED') throw responseCompleted();
    const accepted = await acceptedTypesOf(tx, response, questionCode);
    // A PENDING row older than an upload can last belongs to one that died: it counts no more.
    const alive = new Date(Date.now() - deps.config.orphanFiles.pendingStaleMs);
    const files = await tx.storedFile.count({
      where: {
        responseId: response.id,
        OR: [{ state: 'STORED' }, { state: 'PENDING', createdAt: { gte: alive } }],
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
        questionCode,
        fileName,
        contentType: 'application/octet-stream',
        size: 0n,
        state: 'PENDING',
      },
    });
    return {
      fileId,
      key: fileKey(response.questionnaire_id, response.id, fileId),
      accepted,
      maxBytes: Math.min(maxFileBytes, left),
      limitError: maxFileBytes <= left ? () => fileTooLarge(maxFileSizeMb) : () => storageFull(maxBytesPerResponse),
    };
  });
}

/** Yields the stream's chunks, keeping a copy of the first `limit` bytes for identification. */
async function* tapHead(source: Readable, head: Buffer[], limit: number): AsyncGenerator<Buffer> {
  let kept = 0;
  // Not destroyed when the write gives up early: the parser would report the abort instead of our error.
  for await (const chunk of source.iterator({ destroyOnReturn: false })) {
    const buffer = chunk as Buffer;
    if (kept < limit) {
      const part = buffer.subarray(0, limit - kept);
      head.push(Buffer.from(part));
      kept += part.length;
    }
    yield buffer;
  }
}

/**
 * After the bytes are durable: re-check status and caps under the row lock (concurrent
 * uploads of one response may have raced), then PENDING -> STORED. A row that is gone
 * (response deleted, or swept as dead) is a 404.
 */
function finish(deps: Deps, responseId: string, pending: PendingUpload, size: number, contentType: string) {
  const { maxFilesPerResponse, maxBytesPerResponse } = deps.config.uploads;
  return deps.prisma.$transaction(async (tx) => {
    const response = await lockResponse(tx, responseId);
    if (response.status === 'COMPLETED') throw responseCompleted();
    const usage = await storedUsage(tx, response.id);
    if (usage.count >= maxFilesPerResponse) throw tooManyFiles(maxFilesPerResponse);
    if (usage.bytes + size > maxBytesPerResponse) throw storageFull(maxBytesPerResponse);
    const stored = await tx.storedFile.updateManyAndReturn({
      where: { id: pending.fileId, state: 'PENDING' },
      data: { state: 'STORED', size: BigInt(size), contentType },
    });
    const row = stored[0];
    if (!row) throw notFound('Response');
    return toFileReference(row);
  });
}

/** Removes a file's row, then its bytes (idempotent; a crash in between is swept). */
export async function discardFile(deps: Deps, file: { fileId: string; key: string }): Promise<void> {
  await deps.prisma.storedFile.deleteMany({ where: { id: file.fileId } });
  await deps.storage.remove(file.key);
}

/**
 * The whole upload of one file for `questionCode` of an IN_PROGRESS response: check, record
 * as PENDING, stream the bytes to storage under the caps, identify their type, judge it
 * against the question's accepted types, and mark the file STORED. Any failure removes the
 * row and the bytes before it is thrown, so a rejected upload leaves nothing behind.
 */
export async function receiveUpload(
  deps: Deps,
  target: { responseId: string; questionCode: string },
  file: IncomingFile,
): Promise<FileReference & { key: string }> {
  let pending: PendingUpload;
  try {
    pending = await begin(deps, target.responseId, target.questionCode, sanitizeFileName(file.fileName));
  } catch (error) {
    file.bytes.resume(); // discard the part so the parser can finish the body
    throw error;
  }
  try {
    const head: Buffer[] = [];
    const { size } = await deps.storage
      .write(pending.key, tapHead(file.bytes, head, SNIFF_BYTES), { maxBytes: pending.maxBytes })
      .catch((error: unknown) => {
        file.bytes.resume();
        throw error instanceof StorageLimitError ? pending.limitError() : error;
      });
    const { contentType, identified } = await identifyContentType(Buffer.concat(head), file.claimedType);
    if (pending.accepted.length > 0) {
      // Judged on what the bytes are, so a renamed executable or HTML page does not pass as an image.
      if (!identified) throw notIdentified(pending.accepted);
      if (!isAcceptedType(contentType, pending.accepted)) throw notAccepted(contentType, pending.accepted);
    }
    const reference = await finish(deps, target.responseId, pending, size, contentType);
    return { ...reference, key: pending.key };
  } catch (error) {
    await discardFile(deps, pending);
    throw error;
  }
}
