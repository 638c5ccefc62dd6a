import { type AnyTRPCRouter, callTRPCProcedure, type TRPCProcedureType } from '@trpc/server';
import type { Request, RequestHandler, Response } from 'express';
import type { Context } from '../context.ts';
import { AppError, validationFailed } from '../errors/app-error.ts';
import type { ProcedureMeta } from '../trpc.ts';

interface Route {
  method: string;
  regex: RegExp;
  /** The procedure's path in the router, e.g. `public.patchResponse`. */
  path: string;
  type: TRPCProcedureType;
  meta: ProcedureMeta;
  /** `z.void()` input: the procedure takes nothing, whatever the request carries. */
  takesNoInput: boolean;
}

type Procedure = {
  _def: { type: TRPCProcedureType; meta?: ProcedureMeta; inputs: { _zod?: { def?: { type?: string } } }[] };
};

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** `/api/v1/questionnaires/{id}` -> a case-insensitive regex with a named group per parameter. */
function pathRegex(template: string): RegExp {
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${pattern}/?$`, 'i');
}

function routesOf(router: AnyTRPCRouter): Route[] {
  const routes: Route[] = [];
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, Procedure>)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi) continue;
    routes.push({
      method: meta.openapi.method,
      regex: pathRegex(meta.openapi.path),
      path,
      type: procedure._def.type,
      meta,
      takesNoInput: procedure._def.inputs[0]?._zod?.def?.type === 'void',
    });
  }
  // A literal segment (`import`) wins over a parameter (`{id}`).
  return routes.sort(
    (a, b) => (a.regex.source.match(/\(\?</g)?.length ?? 0) - (b.regex.source.match(/\(\?</g)?.length ?? 0),
  );
}

/** Query values as the procedures take them: one value as itself, repeats as a list, empty as absent. */
function queryInput(query: Request['query']): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined) continue;
    input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return input;
}

function bodyInput(req: Request): Record<string, unknown> {
  if (!hasBody(req)) return {};
  // express.json has parsed every JSON media type by now; anything else is not ours to read.
  if (req.body === undefined) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send JSON (application/json), not ${req.get('content-type') ?? 'no type'}`,
    );
  }
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw validationFailed('The body must be a JSON object', [{ path: '', message: 'Expected an object' }]);
  }
  return req.body as Record<string, unknown>;
}

/**
 * Serves the tRPC procedures at their REST paths, from the same meta that generates the OpenAPI
 * document: path parameters and query (GET, DELETE) or JSON body (POST, PUT, PATCH) become the
 * procedure's input, which the procedure itself validates. Success is the meta's status, with
 * `Location` on a 201 and no body (nor content type) for a void result; HEAD is GET without the
 * body; errors go to the one error handler. Written here rather than taken from trpc-to-openapi,
 * whose handler builds a Fetch Request and an AbortController per call (a quarter of the CPU of
 * a save, see docs/performance.md); trpc-to-openapi still generates the document.
 */
export function restAdapter(
  router: AnyTRPCRouter,
  createContext: (opts: { req: Request; res: Response }) => Context,
): RequestHandler {
  // By method, so a request tries only the few paths that take its method.
  const routesByMethod = new Map<string, Route[]>();
  for (const route of routesOf(router))
    routesByMethod.set(route.method, [...(routesByMethod.get(route.method) ?? []), route]);
  return async (req, res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    // Mounted under /api/v1 and /public/v1; the templates are whole paths.
    const path = req.baseUrl + req.path;
    let params: Record<string, string> | undefined;
    const route = routesByMethod.get(method)?.find((candidate) => {
      const match = candidate.regex.exec(path);
      params = match ? (match.groups ?? {}) : undefined;
      return match !== null;
    });
    if (!route || !params) return next();
    const decoded = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]));
    const fromRequest = method === 'GET' || method === 'DELETE' ? queryInput(req.query) : bodyInput(req);
    const input = route.takesNoInput ? undefined : { ...fromRequest, ...decoded };

    // tRPC's own adapter entry point: input and output validation and the procedure's
    // middlewares run as on /trpc, without building a caller proxy per request.
    const data: unknown = await callTRPCProcedure({
      router,
      path: route.path,
      type: route.type,
      ctx: createContext({ req, res }),
      getRawInput: async () => input,
      signal: undefined,
      batchIndex: 0,
    });

    res.status(route.meta.successStatus ?? 200);
    if (route.meta.location && data !== undefined) res.setHeader('Location', route.meta.location(data, input));
    if (data === undefined) res.end();
    else res.json(data);
  };
}
