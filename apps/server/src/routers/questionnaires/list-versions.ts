import { QuestionnaireId, VersionSummary } from '@forms-engine/schema';
import { z } from 'zod';
import { listVersions } from '../../services/versions.ts';
import { procedure } from '../../trpc.ts';

export const listVersionsProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/versions',
      tags: ['Versions'],
      summary: 'List published versions, newest first',
      description: 'Version number, note and publication time of every version, newest first.',
    },
  })
  .input(QuestionnaireId)
  .output(z.array(VersionSummary))
  .query(({ ctx, input }) => listVersions(ctx.deps, input.id));
