import { QuestionnaireDetail, VersionRef } from '@forms-engine/schema';
import { restoreVersion } from '../../services/versions.ts';
import { procedure } from '../../trpc.ts';

export const restoreVersionProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/versions/{n}/restore',
      tags: ['Versions'],
      summary: 'Copy a version back into the draft; nothing is published',
      description: "The draft becomes that version's definition; publish to make it live.",
    },
  })
  .input(VersionRef)
  .output(QuestionnaireDetail)
  .mutation(({ ctx, input }) => restoreVersion(ctx.deps, input.id, input.n, ctx.audit));
