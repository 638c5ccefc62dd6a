import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type Request, type RequestHandler, type Router } from 'express';
import multer, { type StorageEngine } from 'multer';
import { AppError, validationFailed } from '../errors/app-error.ts';
import type { Deps } from '../services/deps.ts';
import {
  abortUpload,
  beginUpload,
  detectContentType,
  finishUpload,
  openFile,
  type PendingUpload,
  SNIFF_BYTES,
  sanitizeFileName,
} from '../services/files.ts';
import { findResponse, responseCompleted } from '../services/public-responses.ts';
import { type AcceptedTypes, isAccepted, notAccepted, uploadQuestion } from '../services/upload-question.ts';
import { StorageLimitError } from '../storage/file-storage.ts';

const MAX_QUESTION_CODE_LENGTH = 128;

/** What the storage engine hands to the route once the bytes are durable (row still PENDING). */
interface WrittenFile {
  pending: PendingUpload;
  size: number;
  contentType: string;
}

type UploadRequest = Request & {
  uploadTarget?: { responseId: string; questionCode: string; acceptedContentTypes: AcceptedTypes };
  /** The storage engine's work for this request; errors wait for its cleanup before answering. */
  uploadWork?: Promise<unknown>;
};

/** `attachment` with an ASCII fallback and the exact name as RFC 5987 `filename*` (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/gu, '_')
      .replace(/["\\%]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

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
function fileStorageEngine(deps: Deps): StorageEngine {
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

/**
 * busboy's parse failures ("Unexpected end of form", "Malformed part header") and aborted
 * requests are plain Errors: the client's fault, so 400. Our own errors (AppError), multer's,
 * Prisma's and the filesystem's (which carry a code) pass through unchanged.
 */
function asMultipartError(error: unknown): unknown {
  const plain =
    error instanceof Error && error.constructor === Error && (error as { code?: unknown }).code === undefined;
  return plain ? validationFailed(`Invalid multipart body: ${error.message}`) : error;
}

/** Checks before any byte is read: the response exists and is open, the body is multipart, questionCode is set. */
function uploadPrecheck(deps: Deps): RequestHandler {
  return async (req, _res, next) => {
    const responseId = String(req.params.responseId);
    const response = await findResponse(deps, responseId);
    if (response.status === 'COMPLETED') throw responseCompleted();
    if (!req.is('multipart/form-data')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Upload a file as multipart/form-data with a part named file');
    }
    const raw = req.query.questionCode;
    const questionCode = typeof raw === 'string' ? raw.trim() : '';
    if (!questionCode || questionCode.length > MAX_QUESTION_CODE_LENGTH) {
      throw validationFailed('questionCode is required', [
        { path: 'questionCode', message: `Required, 1..${MAX_QUESTION_CODE_LENGTH} characters` },
      ]);
    }
    const { acceptedContentTypes } = await uploadQuestion(deps, response, questionCode);
    (req as UploadRequest).uploadTarget = { responseId: response.id, questionCode, acceptedContentTypes };
    next();
  };
}

/**
 * The routes trpc-to-openapi cannot serve for files: multipart upload (public) and the binary
 * download (management, always an attachment that a browser will neither render nor sniff).
 * Errors go to the one error handler.
 */
export function filesRoutes(deps: Deps): Router {
  const routes = express.Router();
  const upload = multer({
    storage: fileStorageEngine(deps),
    defParamCharset: 'utf8',
    limits: { files: 1, fields: 10, parts: 11, fieldNameSize: 100, fieldSize: 1024, headerPairs: 20 },
  }).single('file');
  // multer may report a broken body while the engine is still writing; answer only once the
  // engine has cleaned up, so a rejected upload has left nothing behind when the client hears of it.
  const parseUpload: RequestHandler = (req, res, next) =>
    upload(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const settled = (req as UploadRequest).uploadWork?.catch(() => undefined) ?? Promise.resolve();
      void settled.then(() => next(asMultipartError(error)));
    });

  routes.post('/public/v1/responses/:responseId/files', uploadPrecheck(deps), parseUpload, async (req, res) => {
    const written = (req.file as { written?: WrittenFile } | undefined)?.written;
    if (!written) {
      throw validationFailed('The multipart body needs a file part named file', [
        { path: 'file', message: 'Required' },
      ]);
    }
    try {
      const accepted = (req as UploadRequest).uploadTarget?.acceptedContentTypes ?? [];
      // Judged on the detected type, so a renamed executable does not pass as an image.
      if (!isAccepted(written.contentType, accepted)) throw notAccepted(written.contentType, accepted);
      const reference = await finishUpload(deps, written.pending, written);
      res.status(201).json(reference);
    } catch (error) {
      await abortUpload(deps, written.pending);
      throw error;
    }
  });

  routes.get('/api/v1/questionnaires/:id/responses/:responseId/files/:fileId', async (req, res) => {
    const { id, responseId, fileId } = req.params;
    const { file, stream } = await openFile(deps, String(id), String(responseId), String(fileId));
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', attachmentDisposition(file.fileName));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', 'sandbox');
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      await pipeline(stream, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy();
    }
  });

  return routes;
}
