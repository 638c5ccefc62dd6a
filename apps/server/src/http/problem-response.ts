import type { Problem } from '@forms-engine/schema';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors/app-error.ts';
import type { OutageLog } from '../errors/outage-log.ts';
import { PROBLEM_CONTENT_TYPE, toProblem, unavailableDependency } from '../errors/problem.ts';
import type { Logger } from '../logger.ts';

/** The request-specific part of every problem body. */
export function withRequest(problem: Problem, req: Request, res: Response): Problem {
  return { ...problem, instance: req.originalUrl.split('?')[0], requestId: res.locals.requestId };
}

/** Seconds a client is asked to wait when a dependency is down: long enough to come back, short enough to feel live. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * tRPC's `responseMeta` for /trpc: when every call of the request failed because a dependency is
 * down, 503 with Retry-After (tRPC would answer 500: the error reached it as INTERNAL_SERVER_ERROR
 * around the driver's). The problem body under `data.problem` says the same.
 */
export function trpcOutageMeta({ errors, data }: { errors: unknown[]; data: readonly unknown[] }) {
  const unavailable =
    errors.length > 0 &&
    errors.length === data.length &&
    errors.every((error) => toProblem(error).code === 'SERVICE_UNAVAILABLE');
  return unavailable ? { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } } : {};
}

/** A bug is logged with its request; a dependency that is down or full, once per outage. */
export function logFailure(error: unknown, problem: Problem, res: Response) {
  const outages: OutageLog | undefined = res.locals.outages;
  if (problem.code === 'SERVICE_UNAVAILABLE') {
    outages?.failed(unavailableDependency(error) ?? 'dependency', error);
  } else if (problem.code === 'INSUFFICIENT_STORAGE') {
    outages?.failed('file store', error, 'file store full');
  } else if (problem.status >= 500) {
    const log: Logger | undefined = res.locals.log;
    log?.error({ err: error }, 'request failed');
  }
}

export function sendProblem(error: unknown, req: Request, res: Response) {
  const problem = toProblem(error);
  logFailure(error, problem, res);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (problem.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(withRequest(problem, req, res)));
}

/**
 * The end of the line: 405 with `Allow` for a known path asked with a method it does not
 * serve, 404 for everything else.
 */
export function notFoundHandler(allowedMethods: (path: string) => string[] | undefined): RequestHandler {
  return (req, res) => {
    const allowed = allowedMethods(req.path);
    if (allowed && !allowed.includes(req.method)) {
      res.setHeader('Allow', allowed.join(', '));
      sendProblem(new AppError('METHOD_NOT_ALLOWED', `${req.path} does not take ${req.method}`), req, res);
      return;
    }
    sendProblem(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`), req, res);
  };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => sendProblem(error, req, res);
