import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { EMBED_SCRIPT_PATH } from './embed-script-route.ts';

/** OpenAPI for embed-script-route.ts. */
export const embedScriptOpenApiPaths: ZodOpenApiPathsObject = {
  [EMBED_SCRIPT_PATH]: {
    get: {
      tags: ['Embed'],
      operationId: 'embed-script',
      summary: 'The script-tag embed',
      description:
        'Load it with a deferred script element; it defines the forms-engine-questionnaire element and ' +
        '`window.FormsEngine.mount`. Cached for a day, then revalidated by its strong ETag.',
      'x-error-codes': ['NOT_FOUND'],
      responses: {
        '200': {
          description: 'The bundle',
          headers: {
            ETag: { description: 'Strong validator of the bundle', schema: { type: 'string' } },
            'Cache-Control': { schema: { type: 'string' } },
          },
          content: { 'text/javascript': { schema: { type: 'string' } } },
        },
        '304': { description: 'Not modified: If-None-Match named the current ETag' },
      },
    },
  },
};
