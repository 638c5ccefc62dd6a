import { QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { getQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const getQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}',
      tags: ['Questionnaires'],
      summary: 'Get a questionnaire with its draft',
      description: 'Settings, publishing state and the draft definition.',
    },
  })
  .input(QuestionnaireId)
  .output(QuestionnaireDetail)
  .query(({ ctx, input }) => getQuestionnaire(ctx.deps, input.id));
