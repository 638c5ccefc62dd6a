import { QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { duplicateQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const duplicateQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    location: (output: { id: string }) => `/api/v1/questionnaires/${output.id}`,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/duplicate',
      tags: ['Questionnaires'],
      summary: 'Copy a questionnaire draft and settings under a new publicId; nothing is published',
      description:
        'The copy is named "<name> (copy)" and keeps allowed origins and submission policy; versions and responses are not copied.',
    },
  })
  .input(QuestionnaireId)
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => duplicateQuestionnaire(ctx.deps, input.id, ctx.audit));
