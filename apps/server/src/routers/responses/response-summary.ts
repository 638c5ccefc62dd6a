import { ResponseSummary, ResponseSummaryInput } from '@forms-engine/schema';
import { responseSummary } from '../../services/response-summary.ts';
import { procedure } from '../../trpc.ts';

export const responseSummaryProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'UNKNOWN_VERSION'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/summary',
      tags: ['Responses'],
      summary: 'Summarize responses: counts, time to complete, drop-off by step and each question’s answers',
      description:
        'Filters as browse, plus a createdAt window (`from` inclusive, `to` exclusive). Steps and questions come from the ' +
        'filtered version, else the latest published one, else the draft; answers saved under other versions count under ' +
        'the same code.',
    },
  })
  .input(ResponseSummaryInput)
  .output(ResponseSummary)
  .query(({ ctx, input: { id, ...filter } }) => responseSummary(ctx.deps, id, filter));
