import { RefStatus, RefStatusQuery } from '@forms-engine/schema';
import { refStatus } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const refStatusProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/public/v1/questionnaires/{publicId}/ref-status',
      tags: ['Public'],
      summary: 'NONE, IN_PROGRESS (only unfinished responses) or COMPLETED (at least one) for an external reference',
      description: 'Lets an embed show an already-submitted screen under ONE_PER_REF without creating a response.',
    },
  })
  .input(RefStatusQuery)
  .output(RefStatus)
  .query(({ ctx, input }) => refStatus(ctx.deps, input.publicId, input.ref));
