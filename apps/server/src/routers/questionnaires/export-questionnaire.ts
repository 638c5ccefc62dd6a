import { QuestionnaireExport, QuestionnaireId } from '@forms-engine/schema';
import { exportQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const exportQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/export',
      tags: ['Questionnaires'],
      summary: 'Export the draft as portable JSON',
      description: "The current draft with the questionnaire's name, in the format import takes (formsEngineExport 1).",
    },
  })
  .input(QuestionnaireId)
  .output(QuestionnaireExport)
  .query(({ ctx, input }) => exportQuestionnaire(ctx.deps, input.id));
