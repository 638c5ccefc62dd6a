import { FileReference } from '@forms-engine/schema';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** OpenAPI for the hand-written file routes in files-routes.ts (the JSON ones are tRPC procedures). */
export const filesOpenApiPaths: ZodOpenApiPathsObject = {
  '/public/v1/responses/{responseId}/files': {
    post: {
      tags: ['Public'],
      operationId: 'public-uploadFile',
      summary: 'Upload a file for a question of an unfinished response',
      description:
        'Streams the `file` part to storage. The stored `contentType` is detected from the bytes where the ' +
        'format is recognisable. Caps: see GET /api/v1/uploads/config.',
      requestParams: {
        path: z.object({ responseId: z.string() }),
        query: z.object({ questionCode: z.string().min(1).describe('Code of the FILE_UPLOAD question') }),
        header: z.object({ Origin: z.string().optional() }),
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
        '201': { description: 'Stored', content: { 'application/json': { schema: FileReference } } },
        '400': problem('No file part, no questionCode or a malformed body (VALIDATION_FAILED)'),
        '403': problem('Origin not allowed (ORIGIN_NOT_ALLOWED)'),
        '404': problem('Unknown response (NOT_FOUND)'),
        '409': problem('The response is completed (RESPONSE_COMPLETED)'),
        '413': problem('A cap is exceeded (FILE_TOO_LARGE, TOO_MANY_FILES, RESPONSE_STORAGE_FULL)'),
        '415': problem('The body is not multipart/form-data (UNSUPPORTED_MEDIA_TYPE)'),
      },
    },
  },
  '/api/v1/questionnaires/{id}/responses/{responseId}/files/{fileId}': {
    get: {
      tags: ['Responses'],
      operationId: 'files-download',
      summary: 'Download a stored file, always as an attachment',
      description:
        'Served with `Content-Disposition: attachment` (RFC 6266 `filename*`), `X-Content-Type-Options: nosniff` ' +
        'and `Content-Security-Policy: sandbox`. 404 unless the file belongs to that response of that questionnaire.',
      requestParams: {
        path: z.object({ id: z.string(), responseId: z.string(), fileId: z.string() }),
      },
      responses: {
        '200': {
          description: 'The stored bytes; Content-Type is the stored content type',
          headers: {
            'Content-Disposition': { schema: { type: 'string' } },
            'Content-Length': { schema: { type: 'integer' } },
          },
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '404': problem('Unknown questionnaire, response or file (NOT_FOUND)'),
      },
    },
  },
};
