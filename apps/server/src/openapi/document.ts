import { type ErrorCode, Problem } from '@forms-engine/schema';
import type { AnyTRPCRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { Config } from '../config.ts';
import { isAccountsPath, isAuthPath } from '../http/accounts-paths.ts';
import { MANAGEMENT_API, PUBLIC_API } from '../http/api-prefixes.ts';
import { isRateLimited } from '../http/rate-limits.ts';
import type { ProcedureMeta } from '../trpc.ts';
import { addWebhooksSection } from '../webhooks/webhooks-openapi.ts';
import { answersSchema } from './answers-schema.ts';
import { describeGatheredParameters } from './gathered-parameters.ts';
import { layerErrors } from './operation-errors.ts';
import { problemResponses, type ResponseObject } from './problem-responses.ts';
import { requestDefaultsInWords } from './request-defaults.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: unknown }> };
  responses: Record<string, ResponseObject>;
  'x-error-codes'?: ErrorCode[];
}

type PathItem = Partial<Record<string, Operation>>;

const TAGS = [
  { name: 'Questionnaires', description: 'Create, edit, import and export questionnaires (management API).' },
  { name: 'Versions', description: 'Publish the draft, list versions, restore one into the draft.' },
  { name: 'Responses', description: 'Browse, export and erase responses; download their files.' },
  { name: 'Files', description: 'Upload caps and file statistics.' },
  { name: 'Instance', description: 'Facts about this service the editor needs, such as its public address.' },
  { name: 'Public', description: 'What an embedded questionnaire uses: live definition, responses, files, geocoding.' },
  { name: 'Embed', description: 'The script-tag embed for third-party sites.' },
  { name: 'Health', description: 'Liveness and readiness.' },
  { name: 'Webhooks', description: 'Signed event deliveries to your endpoints: setup, test sends, delivery log.' },
  { name: 'Auth', description: 'Accounts mode: the first owner, signing in and out, accepting an invite.' },
  { name: 'Members', description: 'Accounts mode: who may use the editor and the management API, and as what.' },
  { name: 'API keys', description: 'Accounts mode: keys for automation, each acting as an editor or an analyst.' },
  { name: 'Audit', description: 'Accounts mode: who did what, when, from where.' },
];

const ACCOUNTS_TAGS = ['Auth', 'Members', 'API keys', 'Audit'];

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });
const RATE_LIMIT_HEADERS = {
  RateLimit: stringHeader('Remaining requests in this window (IETF draft 8), e.g. `"public-writes";r=119;t=60`'),
  'RateLimit-Policy': stringHeader('The limit and window, e.g. `"public-writes";q=120;w=60`'),
};
const VALIDATOR_HEADERS = {
  ETag: stringHeader('Strong validator of this body'),
  'Cache-Control': stringHeader('`no-cache`: revalidate with If-None-Match'),
};
const ORIGIN_PARAMETER = {
  in: 'header',
  name: 'Origin',
  required: false,
  description: "The embedding page's origin, checked against the questionnaire's allowedOrigins",
  schema: { type: 'string' },
};

/** Each procedure's meta, by the operation it serves (`get /api/v1/...`). */
function metaByOperation(router: AnyTRPCRouter): Map<string, ProcedureMeta> {
  const metas = new Map<string, ProcedureMeta>();
  for (const procedure of Object.values(router._def.procedures)) {
    const meta = (procedure as { _def: { meta?: ProcedureMeta } })._def.meta;
    if (meta?.openapi) metas.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }
  return metas;
}

/** The success response as the server really sends it: 201 with Location, 204, or 200 without a body. */
function refineSuccess(operation: Operation, meta: ProcedureMeta | undefined) {
  const success = operation.responses['200'];
  if (!meta || !success) return;
  if (meta.optionalBody && operation.requestBody) operation.requestBody.required = false;
  if (meta.successStatus === 201) {
    delete operation.responses['200'];
    operation.responses['201'] = {
      ...success,
      description: 'Created',
      headers: { Location: stringHeader('The path of what was created') },
    };
  } else if (meta.successStatus === 202) {
    delete operation.responses['200'];
    operation.responses['202'] = { ...success, description: 'Accepted: it is sent in the background' };
  } else if (meta.successStatus === 204) {
    delete operation.responses['200'];
    operation.responses['204'] = { description: 'Done; no body' };
  } else if (isVoid(success)) {
    operation.responses['200'] = { description: 'Done; no body' };
  }
}

/** trpc-to-openapi describes a `z.void()` output as JSON content with an empty schema. */
function isVoid(response: ResponseObject): boolean {
  const schema = response.content?.['application/json']?.schema as Record<string, unknown> | undefined;
  return schema !== undefined && Object.keys(schema).filter((key) => key !== '$schema').length === 0;
}

/** Integers without a format: int32 when their bounds fit, int64 otherwise (counts, byte totals). */
function addIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addIntegerFormats(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer' && schema.format === undefined) {
    const fits = (value: unknown) => typeof value === 'number' && Math.abs(value) <= 2_147_483_648;
    schema.format = fits(schema.maximum) && (schema.minimum === undefined || fits(schema.minimum)) ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) addIntegerFormats(value);
}

/**
 * `default: []` on the definition's lists becomes words: validating such a default means
 * compiling the whole definition schema once per list, which takes Spectral a minute.
 */
function describeEmptyListDefaults(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) describeEmptyListDefaults(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'array' && Array.isArray(schema.default) && schema.default.length === 0) {
    delete schema.default;
    schema.description = [schema.description, 'Absent means empty.'].filter(Boolean).join(' ');
  }
  for (const value of Object.values(schema)) describeEmptyListDefaults(value);
}

/** A `head` twin of a `get`: the same parameters and statuses, no bodies. */
function headOf(get: Operation): Operation {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(get.responses)) {
    responses[status] = { description: response.description, ...(response.headers && { headers: response.headers }) };
  }
  const { requestBody: _body, ...rest } = get;
  return {
    ...rest,
    operationId: `${get.operationId}-head`,
    summary: `Headers only: ${get.summary ?? ''}`.trim(),
    description: 'The same as GET, without the body.',
    responses,
  };
}

/** Who may call an operation: in accounts mode a key or the session, except on the sign-in paths. */
function securityOf(path: string, accounts: boolean, tokenRequired: boolean): Record<string, string[]>[] {
  if (!path.startsWith(`${MANAGEMENT_API}/`)) return [];
  if (accounts) return isAuthPath(path) ? [] : [{ apiKey: [] }, { session: [] }];
  return tokenRequired ? [{ managementToken: [] }] : [];
}

/**
 * Component schemas nothing refers to any more (the accounts routes' shapes, left out in open
 * mode), dropped until none is left: a schema only another dropped one used goes too.
 */
function dropUnreferencedSchemas(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const occurrences = (text: string, ref: string) => text.split(ref).length - 1;
  for (;;) {
    const bodies = new Map(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
    const all =
      JSON.stringify({ ...document, components: { ...document.components, schemas: {} } }) +
      [...bodies.values()].join('');
    const unused = [...bodies].filter(([name, body]) => {
      const ref = `"#/components/schemas/${name}"`;
      return occurrences(all, ref) === occurrences(body, ref);
    });
    if (unused.length === 0) return;
    for (const [name] of unused) delete schemas[name];
  }
}

interface DocumentOptions {
  router: AnyTRPCRouter;
  /** Routes served by hand (multipart, CSV, binary, health), described with zod-openapi. */
  extraPaths: ZodOpenApiPathsObject;
  config: Config;
}

/**
 * The OpenAPI 3.1 document of every REST path, generated from the procedures' meta, input and
 * output schemas (and the hand-written routes' descriptions), then made to say exactly what
 * the server does: success statuses and headers, the problem responses each operation can
 * give (its own codes plus its layers'), security, the Origin header, integer formats, the
 * answers limits in force, and a HEAD for every GET.
 */
export function buildOpenApiDocument({ router, extraPaths, config }: DocumentOptions): OpenAPIObject {
  const accounts = config.authMode === 'accounts';
  const tokenRequired = Boolean(config.managementToken);
  const document = generateOpenApiDocument(router, {
    title: 'Forms Engine API',
    description:
      'Management API (/api/v1) for the editor and the public API (/public/v1) for embedded questionnaires. ' +
      'Every error is RFC 9457 problem details (`application/problem+json`) with a machine-readable `code`.',
    version: 'v0',
    openApiVersion: '3.1.0',
    baseUrl: '/',
    license: { name: 'MIT', identifier: 'MIT' } as never,
    contact: { name: 'Forms Engine maintainers' },
    paths: extraPaths,
    defs: { Problem },
    securitySchemes: accounts
      ? {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, or MANAGEMENT_API_TOKEN' },
          session: { type: 'apiKey', in: 'cookie', name: 'fe_session', description: "The editor's session" },
        }
      : tokenRequired
        ? { managementToken: { type: 'http', scheme: 'bearer' } }
        : {},
  });
  const metas = metaByOperation(router);
  const paths = (document.paths ?? {}) as Record<string, PathItem>;
  // In open mode the accounts routes do not exist (404): the document does not offer them.
  if (config.authMode === 'open') for (const path of Object.keys(paths)) if (isAccountsPath(path)) delete paths[path];

  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.responses) continue;
      const meta = metas.get(`${method} ${path}`);
      refineSuccess(operation, meta);
      const rateLimited = isRateLimited(config.rateLimits, method, path);
      const own = meta?.errors ?? operation['x-error-codes'] ?? [];
      delete operation['x-error-codes'];
      for (const status of Object.keys(operation.responses)) {
        if (/^[45]\d\d$/.test(status) && status !== '503') delete operation.responses[status];
      }
      const layers = layerErrors({ path, method, managementTokenRequired: tokenRequired, rateLimited, accounts });
      Object.assign(operation.responses, problemResponses([...own, ...layers]));
      operation.security = securityOf(path, accounts, tokenRequired);
      if (path.startsWith(`${PUBLIC_API}/`)) {
        operation.parameters = [
          ...(operation.parameters ?? []).filter((parameter) => parameter.name !== 'Origin'),
          ORIGIN_PARAMETER,
        ];
      }
      const unavailable = operation.responses['503'];
      if (unavailable && layers.includes('SERVICE_UNAVAILABLE')) {
        unavailable.headers = {
          ...unavailable.headers,
          'Retry-After': stringHeader('Seconds to wait before trying again'),
        };
      }
      if (rateLimited) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const headers = status === '429' ? { 'Retry-After': stringHeader('Seconds until the window resets') } : {};
          response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS, ...headers };
        }
      }
    }
  }

  for (const path of ['/public/v1/questionnaires/{publicId}/live', '/api/v1/questionnaires/{id}/versions/{n}']) {
    const get = paths[path]?.get;
    if (!get?.responses['200']) continue;
    get.responses['200'].headers = { ...get.responses['200'].headers, ...VALIDATOR_HEADERS };
    get.responses['304'] = { description: 'Not modified: If-None-Match named the current ETag' };
    get.parameters = [
      ...(get.parameters ?? []),
      { in: 'header', name: 'If-None-Match', required: false, schema: { type: 'string' } } as never,
    ];
  }
  const geocode = paths['/public/v1/geocode']?.get?.responses['200'];
  if (geocode) {
    geocode.headers = {
      ...geocode.headers,
      'Cache-Control': stringHeader('`public, max-age=…` for a cacheable answer, `no-store` for a degraded one'),
    };
  }
  const draft = paths['/api/v1/questionnaires/{id}/draft']?.put?.requestBody?.content?.['application/json'];
  if (draft) draft.schema = { $ref: '#/components/schemas/Definition' };

  describeGatheredParameters(paths);
  for (const item of Object.values(paths)) {
    if (item.get) item.head = headOf(item.get);
  }

  addWebhooksSection(document);
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  schemas.Answers = answersSchema(config.answers);
  addIntegerFormats(document);
  describeEmptyListDefaults(document.components);
  requestDefaultsInWords(document as Parameters<typeof requestDefaultsInWords>[0]);
  if (config.authMode === 'open') dropUnreferencedSchemas(document);
  document.tags = config.authMode === 'open' ? TAGS.filter((tag) => !ACCOUNTS_TAGS.includes(tag.name)) : TAGS;
  return document;
}
