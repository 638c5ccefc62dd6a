import { LiveQuestionnaire, PublicQuestionnaireRef } from '@forms-engine/schema';
import { getLive } from '../../services/public-responses.ts';
import { procedure } from '../../trpc.ts';

export const getLiveProcedure = procedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/public/v1/questionnaires/{publicId}/live',
      tags: ['Public'],
      summary: 'The latest published version (strong ETag; honours If-None-Match)',
    },
  })
  .input(PublicQuestionnaireRef)
  .output(LiveQuestionnaire)
  .query(({ ctx, input }) => getLive(ctx.deps, input.publicId));
