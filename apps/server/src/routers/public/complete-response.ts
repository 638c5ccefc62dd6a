import { ResponseRef } from '@forms-engine/schema';
import { z } from 'zod';
import { completeResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const completeResponseProcedure = procedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/public/v1/responses/{responseId}/complete',
      tags: ['Public'],
      summary: 'Complete the response (idempotent; the first completedAt is kept)',
    },
  })
  .input(ResponseRef)
  .output(z.void())
  .mutation(({ ctx, input }) => completeResponse(ctx.deps, input.responseId));
