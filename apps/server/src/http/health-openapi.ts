import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

const status = (value: string) => ({
  'application/json': { schema: z.object({ status: z.literal(value) }) },
});

/** OpenAPI for health-routes.ts. */
export const healthOpenApiPaths: ZodOpenApiPathsObject = {
  '/healthz': {
    get: {
      tags: ['Health'],
      operationId: 'health-live',
      summary: 'Liveness: the process is up',
      description: 'Answers 200 as long as the process serves HTTP; it does not touch the database.',
      responses: { '200': { description: 'The process is up', content: status('ok') } },
    },
  },
  '/readyz': {
    get: {
      tags: ['Health'],
      operationId: 'health-ready',
      summary: 'Readiness: the database answers',
      description: 'Answers 200 when a query to the database succeeds, 503 otherwise.',
      responses: {
        '200': { description: 'Ready to serve', content: status('ready') },
        '503': {
          description: 'The database does not answer',
          headers: {
            'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'string' } },
          },
          content: status('unavailable'),
        },
      },
    },
  },
};
