import type { Readable } from 'node:stream';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { Deps } from '../services/deps.ts';
import {
  abortUpload,
  beginUpload,
  detectContentType,
  type PendingUpload,
  SNIFF_BYTES,
  sanitizeFileName,
} from '../services/files.ts';
import type { AcceptedTypes } from '../services/upload-question.ts';
import { StorageLimitError } from '../storage/file-storage.ts';

/** What the storage engine hands to the route once the bytes are durable (row still PENDING). */
export interface WrittenFile {
  pending: PendingUpload;
  size: number;
  contentType: string;
}

/** Set on the request by the route's precheck, read by the engine. */
export interface UploadTarget {
  responseId: string;
  questionCode: string;
  acceptedContentTypes: AcceptedTypes;
}

export type UploadRequest = Request & {
  uploadTarget?: UploadTarget;
  /** The storage engine's work for this request; errors wait for its cleanup before answering. */
  uploadWork?: Promise<unknown>;
};

/** Yields the stream's chunks, keeping a copy of the first `limit` bytes for content sniffing. */
async function* tapHead(source: Readable, head: Buffer[], limit: number): AsyncGenerator<Buffer> {
  let kept = 0;
  // Not destroyed when the write gives up early: multer would report the abort instead of our error.
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
 * A multer StorageEngine that streams the part into FileStorage: row PENDING first, then the
 * bytes (capped, temp file + fsync + rename), sniffing the head on the way. Any failure removes
 * the row and the bytes before multer reports the error.
 */
export function fileStorageEngine(deps: Deps): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const target = (req as UploadRequest).uploadTarget;
      if (!target) {
        callback(new Error('upload target missing'));
        return;
      }
      const run = async (): Promise<WrittenFile> => {
        const pending = await beginUpload(deps, { ...target, fileName: sanitizeFileName(file.originalname) });
        try {
          const head: Buffer[] = [];
          const { size } = await deps.storage.write(pending.key, tapHead(file.stream, head, SNIFF_BYTES), {
            maxBytes: pending.maxBytes,
          });
          const contentType = await detectContentType(Buffer.concat(head), file.mimetype);
          return { pending, size, contentType };
        } catch (error) {
          file.stream.resume(); // discard the rest of the part
          await abortUpload(deps, pending);
          throw error instanceof StorageLimitError ? pending.limitError() : error;
        }
      };
      const work = run();
      (req as UploadRequest).uploadWork = work;
      work.then(
        (written) => callback(null, { written } as Partial<Express.Multer.File>),
        (error: unknown) => callback(error as Error),
      );
    },
    _removeFile(_req, file, callback) {
      const written = (file as unknown as { written?: WrittenFile }).written;
      if (!written) {
        callback(null);
        return;
      }
      abortUpload(deps, written.pending).then(
        () => callback(null),
        (error: unknown) => callback(error as Error),
      );
    },
  };
}
