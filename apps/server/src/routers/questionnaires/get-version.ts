import { VersionDetail, VersionRef } from '@forms-engine/schema';
import { getVersion } from '../../services/versions.ts';
import { procedure } from '../../trpc.ts';

export const getVersionProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/versions/{n}',
      tags: ['Versions'],
      summary: 'Get a published version with its frozen definition',
      description: 'Versions never change, so the answer carries a strong ETag and honours If-None-Match.',
    },
  })
  .input(VersionRef)
  .output(VersionDetail)
  .query(({ ctx, input }) => getVersion(ctx.deps, input.id, input.n));
