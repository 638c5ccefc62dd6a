import { CreateQuestionnaireRequest, QuestionnaireDetail } from '@forms-engine/schema';
import { createQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const createQuestionnaireProcedure = procedure
  .meta({
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires',
      tags: ['Questionnaires'],
      summary: 'Create a questionnaire with an empty draft',
    },
  })
  .input(CreateQuestionnaireRequest)
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => createQuestionnaire(ctx.deps, input));
