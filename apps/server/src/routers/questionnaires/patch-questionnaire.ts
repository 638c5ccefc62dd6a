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
      summary: 'Change the name, allowed origins, submission policy, schedule, limit or quotas',
      description:
        "Only the fields sent change. allowedOrigins entries are scheme://host[:port] or one wildcard level (https://*.example.com). opensAt, closesAt and maxCompletedResponses: null clears; closesAt before opensAt (as they stand after the change) is 400. quotas replaces the list ([] clears); a quota's questionCode, hidden field key or endingId must be in the latest published version (the draft before any publish), else 400 naming quotas.<i>…; a quota that keeps its id keeps its count, one removed loses it. In force on every server process within 2 seconds.",
    },
  })
  .input(PatchQuestionnaireRequest.extend(QuestionnaireId.shape))
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input: { id, ...patch } }) => patchQuestionnaire(ctx.deps, id, patch, ctx.audit));
