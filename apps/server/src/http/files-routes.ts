import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { AppError, validationFailed } from '../errors/app-error.ts';
import type { Deps } from '../services/deps.ts';
import { abortUpload, finishUpload, openFile } from '../services/files.ts';
import { findResponse, responseCompleted } from '../services/public-responses.ts';
import { isAccepted, notAccepted, uploadQuestion } from '../services/upload-question.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { fileStorageEngine, type UploadRequest, type WrittenFile } from './upload-storage-engine.ts';

const MAX_QUESTION_CODE_LENGTH = 128;

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
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a file as multipart/form-data with a part named file');
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
