import { PublishRequest, QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { publishQuestionnaire } from '../../services/versions.ts';
import { procedure } from '../../trpc.ts';

export const publishQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    optionalBody: true,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/publish',
      tags: ['Versions'],
      summary: 'Publish the draft as a new immutable version (no-op when unchanged)',
      description:
        'Copies the draft into version currentVersion + 1 with the optional note. When the draft equals the latest version nothing is created.',
    },
  })
  .input(PublishRequest.extend(QuestionnaireId.shape))
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => publishQuestionnaire(ctx.deps, input.id, input.note, ctx.audit));
