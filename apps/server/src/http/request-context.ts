import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const SAFE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Gives every request an id (a caller's X-Request-Id if sane), echoes it, and logs one line per
 * request. `res.locals.log` (a logger bound to the id) is made only when something asks for it.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.locals.requestId = requestId;
    let child: Logger | undefined;
    Object.defineProperty(res.locals, 'log', {
      get: () => {
        child ??= logger.child({ requestId }) as Logger;
        return child;
      },
    });
    const started = performance.now();
    res.once('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}
