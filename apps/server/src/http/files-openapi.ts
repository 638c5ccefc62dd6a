import { FileReference, Id } from '@forms-engine/schema';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

/**
 * OpenAPI for the hand-written file routes in files-routes.ts (the JSON ones are tRPC procedures).
 * `x-error-codes` lists what each operation itself answers; the document adds the layers' errors.
 */
export const filesOpenApiPaths: ZodOpenApiPathsObject = {
  '/public/v1/responses/{responseId}/files': {
    post: {
      tags: ['Public'],
      operationId: 'public-uploadFile',
      summary: 'Upload a file for a question of an unfinished response',
      description:
        'Streams the `file` part to storage. The stored `contentType` is detected from the bytes where the ' +
        'format is recognisable; a question that restricts its accepted types takes only files whose bytes ' +
        'are recognisably one of them. Caps: see GET /api/v1/uploads/config.',
      'x-error-codes': [
        'NOT_FOUND',
        'RESPONSE_COMPLETED',
        'FILE_TOO_LARGE',
        'TOO_MANY_FILES',
        'RESPONSE_STORAGE_FULL',
        'UNSUPPORTED_MEDIA_TYPE',
        'INSUFFICIENT_STORAGE',
      ],
      requestParams: {
        path: z.object({ responseId: Id }),
        query: z.object({ questionCode: z.string().min(1).max(128).describe('Code of the FILE_UPLOAD question') }),
      },
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({ file: z.string().meta({ format: 'binary' }).describe('The file') }),
          },
        },
      },
      responses: {
        '201': {
          description: 'Stored',
          headers: {
            Location: { description: 'The path of the stored file (DELETE removes it)', schema: { type: 'string' } },
          },
          content: { 'application/json': { schema: FileReference } },
        },
      },
    },
  },
  '/api/v1/questionnaires/{id}/responses/{responseId}/files/{fileId}': {
    get: {
      tags: ['Responses'],
      operationId: 'files-download',
      summary: 'Download a stored file, always as an attachment',
      description:
        'Served with its stored content type, `Content-Disposition: attachment` (RFC 6266 `filename*`), ' +
        '`X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`. 404 unless the file belongs ' +
        'to that response of that questionnaire.',
      'x-error-codes': ['NOT_FOUND'],
      requestParams: { path: z.object({ id: Id, responseId: Id, fileId: Id }) },
      responses: {
        '200': {
          description: 'The stored bytes, as the stored content type',
          headers: {
            'Content-Disposition': { schema: { type: 'string' } },
            'Content-Length': { schema: { type: 'integer', format: 'int64' } },
          },
          content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    },
  },
};
