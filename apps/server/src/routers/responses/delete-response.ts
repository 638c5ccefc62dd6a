import { Id } from '@forms-engine/schema';
import { z } from 'zod';
import { deleteResponse } from '../../services/response-admin.ts';
import { procedure } from '../../trpc.ts';

export const deleteResponseProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/questionnaires/{id}/responses/{responseId}',
      tags: ['Responses'],
      summary: 'Hard-delete a response and its stored files (data-subject erasure)',
      description: 'Removes the response and its stored files for good (data-subject erasure).',
    },
  })
  .input(z.object({ id: Id, responseId: Id }))
  .output(z.void())
  .mutation(({ ctx, input }) => deleteResponse(ctx.deps, input.id, input.responseId, ctx.audit));
