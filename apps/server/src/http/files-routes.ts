import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import type { Request, Response, Router } from 'express';
import multer, { type StorageEngine } from 'multer';
import { z } from 'zod';
import { AppError, validationFailed } from '../errors/app-error.ts';
import { recordAudit } from '../services/accounts/audit-log.ts';
import type { Deps } from '../services/deps.ts';
import { openFile } from '../services/files.ts';
import { discardFile, receiveUpload } from '../services/uploads.ts';
import { auditContextOf } from './management-access.ts';

const UploadQuery = z.object({
  questionCode: z.string().trim().min(1, 'Required').max(128, 'At most 128 characters'),
});

type Received = Awaited<ReturnType<typeof receiveUpload>>;

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

/**
 * Parses the multipart body, handing the `file` part to the upload service as it streams in.
 * Resolves with what the service stored; rejects only once the service has cleaned up, so a
 * rejected upload has left nothing behind when the client hears of it.
 */
function parseUpload(deps: Deps, req: Request, res: Response, target: { responseId: string; questionCode: string }) {
  let work: Promise<Received> | undefined;
  const storage: StorageEngine = {
    _handleFile(_req, file, callback) {
      work = receiveUpload(deps, target, {
        fileName: file.originalname,
        claimedType: file.mimetype,
        bytes: file.stream,
      });
      work.then(
        (received) => callback(null, { received } as Partial<Express.Multer.File>),
        (error: unknown) => callback(error as Error),
      );
    },
    // multer found the body broken after the file was stored (a second file, a torn ending).
    _removeFile(_req, file, callback) {
      const received = (file as unknown as { received?: Received }).received;
      if (!received) return callback(null);
      discardFile(deps, received).then(
        () => callback(null),
        (error: unknown) => callback(error as Error),
      );
    },
  };
  const upload = multer({
    storage,
    defParamCharset: 'utf8',
    limits: { files: 1, fields: 10, parts: 11, fieldNameSize: 100, fieldSize: 1024, headerPairs: 20 },
  }).single('file');
  return new Promise<Received | undefined>((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (error === undefined) return resolve((req.file as { received?: Received } | undefined)?.received);
      const settled = work?.catch(() => undefined) ?? Promise.resolve();
      void settled.then(() => reject(asMultipartError(error)));
    });
  });
}

/**
 * POST /public/v1/responses/:responseId/files (mounted under /public/v1): the multipart upload,
 * parsed here and handed to the upload service as one call. Errors go to the one error handler.
 */
export function uploadRoute(routes: Router, deps: Deps): void {
  routes.post('/responses/:responseId/files', async (req, res) => {
    if (!req.is('multipart/form-data')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a file as multipart/form-data with a part named file');
    }
    const query = UploadQuery.safeParse(req.query);
    if (!query.success) {
      throw validationFailed('questionCode is required', [
        { path: 'questionCode', message: query.error.issues[0]?.message ?? 'Required' },
      ]);
    }
    const responseId = String(req.params.responseId);
    const received = await parseUpload(deps, req, res, { responseId, questionCode: query.data.questionCode });
    if (!received) {
      throw validationFailed('The multipart body needs a file part named file', [
        { path: 'file', message: 'Required' },
      ]);
    }
    const { key: _key, ...reference } = received;
    res.status(201).location(`/public/v1/responses/${responseId}/files/${reference.fileId}`).json(reference);
  });
}

/**
 * GET /api/v1/questionnaires/:id/responses/:responseId/files/:fileId (mounted under /api/v1): the
 * binary download, always an attachment that a browser will neither render nor sniff.
 */
export function downloadRoute(routes: Router, deps: Deps): void {
  routes.get('/questionnaires/:id/responses/:responseId/files/:fileId', async (req, res) => {
    const { id, responseId, fileId } = req.params;
    const { file, stream } = await openFile(deps, String(id), String(responseId), String(fileId));
    try {
      await recordAudit(deps, auditContextOf(deps, req, res), {
        action: 'file.download',
        target: { type: 'file', id: file.fileId, name: file.fileName },
        details: { questionnaireId: String(id), responseId: String(responseId) },
      });
    } catch (error) {
      stream.destroy();
      throw error;
    }
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', contentDisposition(file.fileName, { type: 'attachment' }));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', 'sandbox');
    // no-transform: the stored bytes go out as they are, never recompressed (here or by a proxy).
    res.setHeader('Cache-Control', 'private, no-store, no-transform');
    try {
      await pipeline(stream, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy();
    }
  });
}
