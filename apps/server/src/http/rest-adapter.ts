import { emptyIsAValue } from '@forms-engine/schema';
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
  /** The query parameters whose empty value is a value (see `queryInput`). */
  emptyIsAValue: ReadonlySet<string>;
  /** The input's object parameters sent as `<name>.<key>=<value>` (see `queryInput`). */
  gathered: ReadonlySet<string>;
}

/**
 * Object-valued query parameters, one query parameter per key: `?hidden.utm_source=newsletter`
 * is the input `{ hidden: { utm_source: 'newsletter' } }` (the responses filter's hidden values).
 * `hidden[utm_source]=newsletter` (OpenAPI's deepObject, as generated clients send it) is the same.
 */
export const GATHERED_PARAMETERS: readonly string[] = ['hidden'];

/** The parameters of an object schema that are gathered from `<name>.<key>` query parameters. */
export const gatheredParameters = (schema: { shape?: Record<string, unknown> } | undefined): ReadonlySet<string> =>
  new Set(GATHERED_PARAMETERS.filter((name) => name in (schema?.shape ?? {})));

/** `hidden.utm_source` or `hidden[utm_source]` -> [`hidden`, `utm_source`]. */
const GATHERED_KEY = /^([A-Za-z]\w*)(?:\.(.*)|\[([^\]]*)\])$/s;

type InputSchema = { _zod?: { def?: { type?: string } }; shape?: Record<string, unknown> };
type Procedure = {
  _def: { type: TRPCProcedureType; meta?: ProcedureMeta; inputs: InputSchema[] };
};

/** The parameters of an object schema marked in the schema package's `emptyIsAValue` registry. */
export function emptyValueParameters(schema: { shape?: Record<string, unknown> } | undefined): ReadonlySet<string> {
  return new Set(
    Object.entries(schema?.shape ?? {})
      .filter(([, field]) => emptyIsAValue.has(field as Parameters<typeof emptyIsAValue.has>[0]))
      .map(([key]) => key),
  );
}

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
      emptyIsAValue: emptyValueParameters(procedure._def.inputs[0]),
      gathered: gatheredParameters(procedure._def.inputs[0]),
    });
  }
  // A literal segment (`import`) wins over a parameter (`{id}`).
  return routes.sort(
    (a, b) => (a.regex.source.match(/\(\?</g)?.length ?? 0) - (b.regex.source.match(/\(\?</g)?.length ?? 0),
  );
}

/**
 * Query values as the procedures take them: one value as itself, repeats as a list, empty as
 * absent (a form's untouched field), except for the parameters in `emptyIsAValue` (free text such
 * as `externalRef`, where the empty string is a value: their schema judges it). The parameters of
 * `gathered` come as `<name>.<key>=<value>` and are gathered into one object under `<name>`, an
 * empty value kept (the schema refuses it rather than the filter widening to every response);
 * a parameter sent whole (`?hidden=x`) is left for the schema to refuse.
 */
export function queryInput(
  query: Request['query'],
  emptyIsAValue: ReadonlySet<string> = new Set(),
  gathered: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
    const [, group, dotted, bracketed] = (gathered.size > 0 && GATHERED_KEY.exec(key)) || [];
    if (group !== undefined && gathered.has(group) && !(group in query) && value !== undefined) {
      if (input[group] === undefined) input[group] = Object.create(null);
      (input[group] as Record<string, unknown>)[(dotted ?? bracketed) as string] = single;
      continue;
    }
    if (value === undefined || (value === '' && !emptyIsAValue.has(key))) continue;
    input[key] = single;
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
    const fromRequest =
      method === 'GET' || method === 'DELETE'
        ? queryInput(req.query, route.emptyIsAValue, route.gathered)
        : bodyInput(req);
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
