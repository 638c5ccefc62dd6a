import { PatchQuestionnaireRequest, QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { patchQuestionnaire } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const patchQuestionnaireProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'PATCH',
      path: '/api/v1/questionnaires/{id}',
      tags: ['Questionnaires'],
      summary: 'Change the name, allowed origins or submission policy',
      description:
        'Only the fields sent change. allowedOrigins entries are scheme://host[:port] or one wildcard level (https://*.example.com).',
    },
  })
  .input(PatchQuestionnaireRequest.extend(QuestionnaireId.shape))
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input: { id, ...patch } }) => patchQuestionnaire(ctx.deps, id, patch));
