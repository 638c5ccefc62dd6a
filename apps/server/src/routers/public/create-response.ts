import { CreateResponseRequest, CreateResponseResult, Id } from '@forms-engine/schema';
import { createResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const createResponseProcedure = procedure
  .meta({
    errors: [
      'NOT_FOUND',
      'UNKNOWN_VERSION',
      'UNKNOWN_LANGUAGE',
      'EXTERNAL_REF_REQUIRED',
      'ALREADY_SUBMITTED',
      'QUESTIONNAIRE_CLOSED',
    ],
    location: (output: { responseId: string }) => `/public/v1/responses/${output.responseId}`,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/public/v1/questionnaires/{publicId}/responses',
      tags: ['Public'],
      summary: 'Start a response pinned to a published version',
      description:
        "Pins the response to versionNumber for good and records Origin, User-Agent and the language (language matched to one of the version's by BCP 47 lookup, so de-CH records de; one matching none is 400 UNKNOWN_LANGUAGE; absent records the version's default) and the hidden values of the keys the version declares in hiddenFields (others are dropped; each value is text of at most 1,000 characters, else 400 VALIDATION_FAILED, declared or not; set once, never changed). Under ONE_PER_REF, externalRef is required and a reference that already completed gets 409 ALREADY_SUBMITTED. When the questionnaire's availability is not OPEN: 409 QUESTIONNAIRE_CLOSED with `reason` NOT_YET_OPEN (and `opensAt`), CLOSED or FULL, and nothing is created.",
    },
  })
  .input(CreateResponseRequest.extend({ publicId: Id }))
  .output(CreateResponseResult)
  .mutation(({ ctx, input: { publicId, ...body } }) =>
    createResponse(ctx.deps, publicId, { ...body, origin: ctx.origin, userAgent: ctx.userAgent }),
  );
