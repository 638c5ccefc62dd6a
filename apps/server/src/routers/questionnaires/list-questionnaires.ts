import { ListQuestionnairesInput, PageResultQuestionnaireSummary } from '@forms-engine/schema';
import { listQuestionnaires } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const listQuestionnairesProcedure = procedure
  .meta({
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires',
      tags: ['Questionnaires'],
      summary: 'List questionnaires, newest change first',
      description: 'Newest updatedAt first; page from 0, size 1 to 200.',
    },
  })
  .input(ListQuestionnairesInput)
  .output(PageResultQuestionnaireSummary)
  .query(({ ctx, input }) => listQuestionnaires(ctx.deps, input));
