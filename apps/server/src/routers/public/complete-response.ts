import { CompleteResponseRequest, ResponseRef } from '@forms-engine/schema';
import { z } from 'zod';
import { completeResponse } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const completeResponseProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'UNKNOWN_ENDING', 'ALREADY_SUBMITTED', 'QUESTIONNAIRE_CLOSED', 'QUOTA_FULL'],
    optionalBody: true,
    openapi: {
      method: 'POST',
      path: '/public/v1/responses/{responseId}/complete',
      tags: ['Public'],
      summary: 'Complete the response (idempotent; the first completedAt is kept)',
      description:
        'Marks the response COMPLETED. Repeating it answers 200 and keeps the first completedAt. Under ONE_PER_REF only one response per externalRef can complete; the others get 409 ALREADY_SUBMITTED. The body is optional: `{ "endingId": "…" }` records the ending the respondent saw (one of the pinned version\'s endings, else 400 UNKNOWN_ENDING and nothing changes); no body, or `{}`, records none. A repeated completion keeps the first ending, whatever it names. Availability, checked after the reference: 409 QUESTIONNAIRE_CLOSED with `reason` NOT_YET_OPEN (and `opensAt`) before opensAt, CLOSED when now is after closesAt plus closeGraceMinutes or the response started after closesAt, FULL when the completed responses reach maxCompletedResponses; then 409 QUOTA_FULL (`quotaId`, and `endingId` when the quota has one) when a quota the answers and hidden values match is full. A refusal changes nothing: the answers stay saved. The limit and the quotas are exact under racing completions; a repeated completion counts nothing again.',
    },
  })
  .input(CompleteResponseRequest.extend(ResponseRef.shape))
  .output(z.void())
  .mutation(({ ctx, input }) => completeResponse(ctx.deps, input.responseId, input.endingId));
