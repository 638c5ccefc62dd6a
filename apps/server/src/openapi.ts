import { Problem } from '@forms-engine/schema';
import type { AnyTRPCRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ProcedureMeta } from './trpc.ts';

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

interface Operation {
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  security?: unknown;
}

/** The problem responses an operation can really give, by where it lives and what it takes. */
function errorResponsesFor(path: string, method: string, hasBody: boolean, tokenRequired: boolean) {
  const errors: Record<string, string> = {
    '400': 'Invalid input (VALIDATION_FAILED, MALFORMED_JSON)',
    '404': 'Not found (NOT_FOUND, NOT_PUBLISHED)',
  };
  if (tokenRequired && path.startsWith('/api/v1')) errors['401'] = 'Missing or wrong management token (UNAUTHORIZED)';
  if (path.startsWith('/public/v1')) {
    errors['403'] = 'Origin not in the questionnaire allowedOrigins (ORIGIN_NOT_ALLOWED)';
    if (method !== 'get')
      errors['409'] = 'Response completed or reference already submitted (RESPONSE_COMPLETED, ALREADY_SUBMITTED)';
  }
  if (hasBody) {
    errors['413'] = 'Body too large (PAYLOAD_TOO_LARGE, FILE_TOO_LARGE, TOO_MANY_FILES, RESPONSE_STORAGE_FULL)';
    errors['415'] = 'Unsupported content type (UNSUPPORTED_MEDIA_TYPE)';
  }
  errors['500'] = 'Unexpected error (INTERNAL_ERROR)';
  return errors;
}

interface DocumentOptions {
  router: AnyTRPCRouter;
  /** Routes served by hand (multipart, CSV, binary), described with zod-openapi. */
  extraPaths?: ZodOpenApiPathsObject;
  managementTokenRequired: boolean;
}

/**
 * OpenAPI 3.1 document of every REST path. trpc-to-openapi documents every success as 200;
 * we correct it from each procedure's `successStatus` and add the problem-details errors.
 */
export function buildOpenApiDocument({ router, extraPaths, managementTokenRequired }: DocumentOptions): OpenAPIObject {
  const document = generateOpenApiDocument(router, {
    title: 'Forms Engine API',
    description:
      'Management API (/api/v1) for the editor and the public API (/public/v1) for embedded questionnaires. ' +
      'Every error is RFC 9457 problem details with a machine-readable `code`.',
    version: 'v0',
    openApiVersion: '3.1.0',
    baseUrl: '/',
    paths: extraPaths,
    defs: { Problem },
    securitySchemes: managementTokenRequired ? { managementToken: { type: 'http', scheme: 'bearer' } } : {},
  });

  for (const procedure of Object.values(router._def.procedures)) {
    const meta = (procedure as { _def: { meta?: ProcedureMeta } })._def.meta;
    if (!meta?.openapi) continue;
    const path = meta.openapi.path.replace(/\{(\w+)\}/g, '{$1}');
    const operation = document.paths?.[path]?.[meta.openapi.method.toLowerCase() as 'get'];
    if (!operation?.responses) continue;
    if (meta.optionalBody && operation.requestBody) (operation.requestBody as { required?: boolean }).required = false;
    const success = operation.responses['200'];
    if (meta.successStatus === 201) {
      operation.responses['201'] = { ...success, description: 'Created' };
      delete operation.responses['200'];
    } else if (meta.successStatus === 204) {
      operation.responses['204'] = { description: 'No content' };
      delete operation.responses['200'];
    }
  }

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      if (!operation?.responses) continue;
      const errors = errorResponsesFor(path, method, Boolean(operation.requestBody), managementTokenRequired);
      for (const status of Object.keys(operation.responses)) {
        if (/^[45]\d\d$/.test(status)) delete operation.responses[status];
      }
      for (const [status, description] of Object.entries(errors)) {
        operation.responses[status] = { description, content: problemContent };
      }
      if (managementTokenRequired && path.startsWith('/api/v1')) operation.security = [{ managementToken: [] }];
    }
  }
  const live = document.paths?.['/public/v1/questionnaires/{publicId}/live']?.get;
  if (live?.responses) {
    live.responses['304'] = { description: 'Not modified: If-None-Match named the current ETag' };
    const ok = live.responses['200'] as { headers?: Record<string, unknown> };
    ok.headers = { ...ok.headers, ETag: { description: 'Strong validator of this body', schema: { type: 'string' } } };
  }
  return document;
}
