import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { type OutageLog, outageLogOf } from '../errors/outage-log.ts';
import type { Logger } from '../logger.ts';

const SAFE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * `res.locals` of every request: its id, and `log`, a logger bound to the id, made only when
 * something asks for it. A class, so the lazy getter lives on the prototype instead of being
 * defined on every request's object.
 */
class RequestLocals {
  private child: Logger | undefined;
  constructor(
    readonly requestId: string,
    private readonly logger: Logger,
  ) {}

  get log(): Logger {
    this.child ??= this.logger.child({ requestId: this.requestId }) as Logger;
    return this.child;
  }

  /** Where failures of a dependency that is down are logged, once per outage. */
  get outages(): OutageLog {
    return outageLogOf(this.logger);
  }
}

/** Gives every request an id (a caller's X-Request-Id if sane), echoes it, and logs one line per request. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.locals = new RequestLocals(requestId, logger) as unknown as Response['locals'];
    const started = performance.now();
    res.once('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}
