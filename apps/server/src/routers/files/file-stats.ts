import { FileStats, QuestionnaireId } from '@forms-engine/schema';
import { fileStats } from '../../services/files.ts';
import { procedure } from '../../trpc.ts';

export const fileStatsProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/files/stats',
      tags: ['Files'],
      summary: "Count and total bytes of the questionnaire's stored files",
      description: 'Counts only files whose bytes are stored (not uploads in progress).',
    },
  })
  .input(QuestionnaireId)
  .output(FileStats)
  .query(({ ctx, input }) => fileStats(ctx.deps, input.id));
