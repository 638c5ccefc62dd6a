import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { EMBED_FILES_PATH, EMBED_SCRIPT_PATH } from './embed-script-route.ts';

const script = (description: string) => ({
  description,
  headers: {
    ETag: { description: 'Strong validator of the file', schema: { type: 'string' as const } },
    'Cache-Control': { schema: { type: 'string' as const } },
  },
  content: { 'text/javascript': { schema: { type: 'string' as const } } },
});

/** OpenAPI for embed-script-route.ts. */
export const embedScriptOpenApiPaths: ZodOpenApiPathsObject = {
  [EMBED_SCRIPT_PATH]: {
    get: {
      tags: ['Embed'],
      operationId: 'embed-script',
      summary: 'The script-tag embed',
      description:
        'Load it with a deferred script element; it defines `window.FormsEngine.mount` and imports the ' +
        'module beside it (GET /embed/v1/{file}), which defines the forms-engine-questionnaire element. ' +
        'Cached for a day, then revalidated by its strong ETag.',
      'x-error-codes': ['NOT_FOUND'],
      responses: {
        '200': script('The loader'),
        '304': { description: 'Not modified: If-None-Match named the current ETag' },
      },
    },
  },
  [EMBED_FILES_PATH]: {
    get: {
      tags: ['Embed'],
      operationId: 'embed-module-file',
      summary: 'A file of the script-tag embed: its ES module and the chunks it loads',
      description:
        'Only the files of the current build are served (others are 404). `embed-module.js` is revalidated ' +
        'on every use (`no-cache`, strong ETag); a chunk, whose name carries its content hash, is cached for ' +
        'a year (`immutable`). CORS open, Brotli or gzip as accepted.',
      'x-error-codes': ['NOT_FOUND'],
      requestParams: {
        path: z.object({
          file: z
            .string()
            .regex(/^[\w-]+\.m?js$/)
            .describe('A file name, e.g. `embed-module.js` or `chunk-BLWZQ4GJ.js`'),
        }),
      },
      responses: {
        '200': script('The file'),
        '304': { description: 'Not modified: If-None-Match named the current ETag' },
      },
    },
  },
};
