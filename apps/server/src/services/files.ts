import type { Prisma, StoredFile } from '@forms-engine/db';
import type { FileReference, FileStats, UploadsConfig } from '@forms-engine/schema';
import { notFound } from '../errors/app-error.ts';
import { isId } from '../lib/ids.ts';
import { fileKey, StorageNotFoundError } from '../storage/file-storage.ts';
import type { Deps } from './deps.ts';
import { responseCompleted } from './public-responses.ts';
import { findQuestionnaire } from './questionnaires.ts';

export const toFileReference = (row: StoredFile): FileReference => ({
  fileId: row.id,
  fileName: row.fileName,
  size: Number(row.size),
  contentType: row.contentType,
});

export interface LockedResponse {
  id: string;
  questionnaire_id: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  version_number: number;
}

/** Locks the response row for the rest of the transaction (serialises uploads, deletes, completion). */
export async function lockResponse(tx: Prisma.TransactionClient, responseId: string): Promise<LockedResponse> {
  const rows = isId(responseId)
    ? await tx.$queryRaw<LockedResponse[]>`
        SELECT id::text, questionnaire_id::text, status::text, version_number
        FROM response WHERE id = ${responseId}::uuid FOR UPDATE`
    : [];
  const row = rows[0];
  if (!row) throw notFound('Response');
  return row;
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
