import { Problem } from '@forms-engine/schema';
import type { AnyTRPCRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ProcedureMeta } from './trpc.ts';

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid input (VALIDATION_FAILED, MALFORMED_JSON)',
  '404': 'Not found (NOT_FOUND)',
};

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
    for (const operation of Object.values(
      item as Record<string, { responses?: Record<string, unknown>; security?: unknown }>,
    )) {
      if (!operation?.responses) continue;
      for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
        operation.responses[status] = { description, content: problemContent };
      }
      for (const status of Object.keys(operation.responses)) {
        if (/^[45]\d\d$/.test(status)) {
          const response = operation.responses[status] as { description?: string };
          operation.responses[status] = { description: response.description ?? 'Error', content: problemContent };
        }
      }
      if (managementTokenRequired && (path.startsWith('/api/v1') || path === '/trpc')) {
        operation.security = [{ managementToken: [] }];
        operation.responses['401'] = { description: 'Missing or wrong token (UNAUTHORIZED)', content: problemContent };
      }
    }
  }
  return document;
}
