import { ResponseRef, ResponseRehydration } from '@forms-engine/schema';
import { rehydrateResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const rehydrateResponseProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/public/v1/responses/{responseId}',
      tags: ['Public'],
      summary: 'Resume a response: status, answers, position and the pinned definition',
      description:
        'Works after completion. 404 once the response or its questionnaire is deleted: the embed then starts afresh.',
    },
  })
  .input(ResponseRef)
  .output(ResponseRehydration)
  .query(({ ctx, input }) => rehydrateResponse(ctx.deps, input.responseId));
