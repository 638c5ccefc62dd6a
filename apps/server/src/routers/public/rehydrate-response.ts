import { ResponseRef, ResponseRehydration } from '@forms-engine/schema';
import { rehydrateResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const rehydrateResponseProcedure = procedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/public/v1/responses/{responseId}',
      tags: ['Public'],
      summary: 'Resume a response: status, answers, position and the pinned definition',
    },
  })
  .input(ResponseRef)
  .output(ResponseRehydration)
  .query(({ ctx, input }) => rehydrateResponse(ctx.deps, input.responseId));
