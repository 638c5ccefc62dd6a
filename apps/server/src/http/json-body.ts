import express, { type Request, type RequestHandler } from 'express';
import { AppError, validationFailed } from '../errors/app-error.ts';
import { findUnsafeJson } from './json-safety.ts';
import { sendProblem } from './problem-response.ts';

/** Every JSON media type: any case, and `application/*+json` (e.g. merge-patch). */
export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

const refuseUnsafe = (value: unknown) => {
  const unsafe = findUnsafeJson(value);
  return unsafe && validationFailed('The request cannot be accepted', [unsafe]);
};

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/**
 * A JSON body that is still arriving after `timeoutMs` fails the request with 408 and closes
 * the connection: without it, a body sent at 1 byte/s would hold a connection until Node's
 * request timeout, which must be long enough for the largest upload.
 */
function bodyDeadline(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    if (req.complete || !hasBody(req)) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      // Answered here: the body parser would first wait for the rest of the body.
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.socket.destroySoon());
      sendProblem(new AppError('REQUEST_TIMEOUT', `The body did not arrive within ${timeoutMs / 1000} s`), req, res);
    }, timeoutMs);
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    req.once('close', clear);
    next();
  };
}

/**
 * Parses JSON bodies (gzip and deflate included) up to `limitBytes` within `timeoutMs`, then
 * refuses what no later stage could handle: deep nesting, overflowing numbers, unstorable strings.
 */
export function jsonBody(limitBytes: number, timeoutMs: number): RequestHandler {
  const deadline = bodyDeadline(timeoutMs);
  const parse = express.json({ limit: limitBytes, type: JSON_MEDIA_TYPES });
  // One layer, and nothing at all to do for the many requests without a body.
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    deadline(req, res, (error?: unknown) => {
      if (error) return next(error);
      parse(req, res, (parseError?: unknown) =>
        next(parseError ?? (req.body === undefined ? undefined : refuseUnsafe(req.body))),
      );
    });
  };
}

/** tRPC queries carry their input as JSON in `?input=`; the same limits apply to it. */
export const trpcQueryInput: RequestHandler = (req, _res, next) => {
  const { input } = req.query;
  if (typeof input !== 'string') return next();
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return next(); // tRPC answers malformed input itself
  }
  const unsafe = findUnsafeJson(parsed);
  next(unsafe && validationFailed('The input cannot be accepted', [{ ...unsafe, path: `input.${unsafe.path}` }]));
};
