import { CreateResponseRequest, CreateResponseResult, Id } from '@forms-engine/schema';
import { createResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const createResponseProcedure = procedure
  .meta({
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/public/v1/questionnaires/{publicId}/responses',
      tags: ['Public'],
      summary: 'Start a response pinned to a published version',
    },
  })
  .input(CreateResponseRequest.extend({ publicId: Id }))
  .output(CreateResponseResult)
  .mutation(({ ctx, input: { publicId, ...body } }) =>
    createResponse(ctx.deps, publicId, { ...body, origin: ctx.origin, userAgent: ctx.userAgent }),
  );
