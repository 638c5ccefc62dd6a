import { QuestionnaireId } from '@forms-engine/schema';
import { z } from 'zod';
import { deleteQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const deleteQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/questionnaires/{id}',
      tags: ['Questionnaires'],
      summary: 'Delete a questionnaire with its versions, responses and files',
      description: 'Hard delete: its versions, responses and stored files go too. There is no undo.',
    },
  })
  .input(QuestionnaireId)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteQuestionnaire(ctx.deps, input.id, ctx.audit));
