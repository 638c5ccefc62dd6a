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

/** Each procedure's meta by its path (`questionnaires.create`). */
function metaByPath(router: AnyTRPCRouter): Map<string, ProcedureMeta> {
  const metas = new Map<string, ProcedureMeta>();
  for (const [path, procedure] of Object.entries(router._def.procedures)) {
    const meta = (procedure as { _def: { meta?: ProcedureMeta } })._def.meta;
    if (meta) metas.set(path, meta);
  }
  return metas;
}

/**
 * Serves the tRPC procedures at their REST paths. trpc-to-openapi writes its own error body;
 * we swap it for our problem details so every route answers errors the same way. Success gets
 * the procedure's status, `Location` on a 201, and no content type when there is no body.
 * HEAD is served as GET (Node then leaves the body out).
 */
export function openApiHandler({ router, createContext, maxBodySize }: Options): RequestHandler {
  const metas = metaByPath(router);
  const problems = new WeakMap<IncomingMessage, { problem: Problem; error: unknown }>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext,
    maxBodySize,
    onError: ({ error, req }) => problems.set(req, { problem: toProblem(error), error }),
    responseMeta: ({ errors, paths, data }) => {
      const [error] = errors;
      if (error) return { status: toProblem(error).status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } };
      const meta = metas.get(paths?.[0] ?? '');
      const location = meta?.location && data[0] !== undefined ? meta.location(data[0]) : undefined;
      return { status: meta?.successStatus ?? 200, headers: location ? { Location: location } : {} };
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
        // The adapter labels every reply JSON; a void result (204, or 200 after a save) has no body to label.
        if (chunk === undefined || res.statusCode === 204) res.removeHeader('Content-Type');
        return end(chunk);
      }
      logFailure(failure.error, failure.problem, res);
      res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
      return end(JSON.stringify(withRequest(failure.problem, req, res)));
    }) as typeof res.end;

    const head = req.method === 'HEAD';
    if (head) req.method = 'GET';
    const restore = (error?: unknown) => {
      if (head) req.method = 'HEAD';
      if (error !== undefined) next(error);
    };
    handler(req, res, (error?: unknown) => {
      restore();
      next(error);
    }).then(() => restore(), restore);
  };
}
