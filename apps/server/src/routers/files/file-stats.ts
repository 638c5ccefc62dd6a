import { FileStats, QuestionnaireId } from '@forms-engine/schema';
import { fileStats } from '../../services/files.ts';
import { procedure } from '../../trpc.ts';

export const fileStatsProcedure = procedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/files/stats',
      tags: ['Files'],
      summary: "Count and total bytes of the questionnaire's stored files",
    },
  })
  .input(QuestionnaireId)
  .output(FileStats)
  .query(({ ctx, input }) => fileStats(ctx.deps, input.id));
