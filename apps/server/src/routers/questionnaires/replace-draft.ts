import { definitionWith, QuestionnaireDetail, QuestionnaireId } from '@forms-engine/schema';
import { replaceDraft } from '../../services/questionnaires.ts';
import { procedure } from '../../trpc.ts';

export const replaceDraftProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'PUT',
      path: '/api/v1/questionnaires/{id}/draft',
      tags: ['Questionnaires'],
      summary: 'Replace the draft definition',
      description:
        'Replaces the whole draft. The definition is checked for shape, unique ids and codes, and rules that name existing questions.',
    },
  })
  .input(definitionWith(QuestionnaireId.shape))
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input: { id, ...draft } }) => replaceDraft(ctx.deps, id, draft, ctx.audit));
