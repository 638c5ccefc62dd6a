import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const SAFE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Gives every request an id (a caller's X-Request-Id if sane), echoes it, and logs one line per request. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.locals.requestId = requestId;
    res.locals.log = logger.child({ requestId });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.locals.log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
