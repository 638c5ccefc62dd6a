import { LiveQuestionnaire, PublicQuestionnaireRef } from '@forms-engine/schema';
import { getLive } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const getLiveProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'NOT_PUBLISHED'],
    openapi: {
      method: 'GET',
      path: '/public/v1/questionnaires/{publicId}/live',
      tags: ['Public'],
      summary: 'The latest published version (strong ETag; honours If-None-Match)',
      description: "The questionnaire's latest published version. 404 NOT_PUBLISHED before the first publish.",
    },
  })
  .input(PublicQuestionnaireRef)
  .output(LiveQuestionnaire)
  .query(({ ctx, input }) => getLive(ctx.deps, input.publicId));
