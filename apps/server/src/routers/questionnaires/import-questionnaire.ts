import { QuestionnaireDetail, QuestionnaireImportRequest } from '@forms-engine/schema';
import { importQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const importQuestionnaireProcedure = procedure
  .meta({
    errors: [],
    location: (output: { id: string }) => `/api/v1/questionnaires/${output.id}`,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/import',
      tags: ['Questionnaires'],
      summary: 'Create a questionnaire draft from an export; nothing is published',
      description:
        'Creates a new questionnaire whose draft is the exported definition; formsEngineExport and schemaVersion must be 1.',
    },
  })
  .input(QuestionnaireImportRequest)
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => importQuestionnaire(ctx.deps, input, ctx.audit));
