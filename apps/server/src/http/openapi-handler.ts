import type { IncomingMessage } from 'node:http';
import type { Problem } from '@forms-engine/schema';
import type { AnyTRPCRouter } from '@trpc/server';
import type { RequestHandler } from 'express';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { Context } from '../context.ts';
import { PROBLEM_CONTENT_TYPE, toProblem } from '../errors/problem.ts';
import type { ProcedureMeta } from '../trpc.ts';
import { logFailure, withRequest } from './problem-response.ts';

interface Options {
  router: AnyTRPCRouter;
  createContext: (opts: { req: IncomingMessage; res?: unknown }) => Context;
  maxBodySize: number;
}

/** Success status per procedure path, from our `successStatus` meta. */
function successStatuses(router: AnyTRPCRouter): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const [path, procedure] of Object.entries(router._def.procedures)) {
    const meta = (procedure as { _def: { meta?: ProcedureMeta } })._def.meta;
    if (meta?.successStatus) statuses.set(path, meta.successStatus);
  }
  return statuses;
}

/**
 * Serves the tRPC procedures at their REST paths. trpc-to-openapi writes its own error body;
 * we swap it for our problem details so every route answers errors the same way.
 */
export function openApiHandler({ router, createContext, maxBodySize }: Options): RequestHandler {
  const statuses = successStatuses(router);
  const problems = new WeakMap<IncomingMessage, { problem: Problem; error: unknown }>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext,
    maxBodySize,
    onError: ({ error, req }) => problems.set(req, { problem: toProblem(error), error }),
    responseMeta: ({ errors, paths }) => {
      const [error] = errors;
      if (error) return { status: toProblem(error).status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } };
      return { status: statuses.get(paths?.[0] ?? '') ?? 200, headers: {} };
    },
  });

  return (req, res, next) => {
    // A bodiless POST (publish without a note, duplicate, import without a body) is not a media-type error.
    const bodiless = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
    if (!req.headers['content-type'] && bodiless) req.headers['content-type'] = 'application/json';
    // express.json already parsed any JSON media type (any case, `+json`); trpc-to-openapi knows only `application/json`.
    else if (req.is(['application/json', 'application/*+json'])) req.headers['content-type'] = 'application/json';

    const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
    res.end = ((chunk?: unknown) => {
      const failure = problems.get(req);
      if (!failure) {
        // The adapter labels every reply JSON; a 204 has no body to label.
        if (res.statusCode === 204) res.removeHeader('Content-Type');
        return end(chunk);
      }
      logFailure(failure.error, failure.problem, res);
      res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
      return end(JSON.stringify(withRequest(failure.problem, req, res)));
    }) as typeof res.end;

    handler(req, res, next).catch(next);
  };
}
