import { Id, PatchResponseRequest } from '@forms-engine/schema';
import { z } from 'zod';
import { patchResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const patchResponseProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'UNKNOWN_LANGUAGE', 'RESPONSE_COMPLETED'],
    openapi: {
      method: 'PATCH',
      path: '/public/v1/responses/{responseId}',
      tags: ['Public'],
      summary: 'Replace the whole answers map and last position (not a merge)',
      description:
        'Answers are keyed by question code and checked for shape and size only; null is rejected (omit a key to clear it). language records the language the respondent switched to, matched as on create (400 UNKNOWN_LANGUAGE, nothing saved, when it matches none); absent leaves it unchanged. hidden is accepted and ignored: hidden values are set when the response is created and never change. 200 with no body.',
    },
  })
  .input(PatchResponseRequest.extend({ responseId: Id }))
  .output(z.void())
  .mutation(({ ctx, input: { responseId, ...body } }) => patchResponse(ctx.deps, responseId, body));
