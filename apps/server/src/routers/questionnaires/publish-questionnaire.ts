import { PublishRequest, QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { publishQuestionnaire } from '../../services/versions.ts';
import { procedure } from '../../trpc.ts';

export const publishQuestionnaireProcedure = procedure
  .meta({
    optionalBody: true,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/publish',
      tags: ['Versions'],
      summary: 'Publish the draft as a new immutable version (no-op when unchanged)',
    },
  })
  .input(PublishRequest.extend(QuestionnaireId.shape))
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => publishQuestionnaire(ctx.deps, input.id, input.note));
