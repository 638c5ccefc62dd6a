import { Id, ResponseExport } from '@forms-engine/schema';
import { z } from 'zod';
import { getResponse } from '../../services/response-admin.ts';
import { procedure } from '../../trpc.ts';

export const getResponseProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/responses/{responseId}',
      tags: ['Responses'],
      summary: 'Get one response',
      description: 'The response as browse lists it: answers, status, version, times and file references.',
    },
  })
  .input(z.object({ id: Id, responseId: Id }))
  .output(ResponseExport)
  .query(({ ctx, input }) => getResponse(ctx.deps, input.id, input.responseId));
