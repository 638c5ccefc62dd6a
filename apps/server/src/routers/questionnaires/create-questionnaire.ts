import { CreateQuestionnaireRequest, QuestionnaireDetail } from '@forms-engine/schema';
import { createQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const createQuestionnaireProcedure = procedure
  .meta({
    errors: [],
    location: (output: { id: string }) => `/api/v1/questionnaires/${output.id}`,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires',
      tags: ['Questionnaires'],
      summary: 'Create a questionnaire with an empty draft',
      description: 'The new questionnaire has an empty draft, version 0 and a new publicId.',
    },
  })
  .input(CreateQuestionnaireRequest)
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => createQuestionnaire(ctx.deps, input, ctx.audit));
