import { BrowseResponsesInput, PageResultResponseExport } from '@forms-engine/schema';
import { browseResponses } from '../../services/response-admin.ts';
import { procedure } from '../../trpc.ts';

export const browseResponsesProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/responses',
      tags: ['Responses'],
      summary: 'Browse responses, newest first, filtered by status, version and external reference',
      description: 'Newest createdAt first; filters combine with AND.',
    },
  })
  .input(BrowseResponsesInput)
  .output(PageResultResponseExport)
  .query(({ ctx, input: { id, page, size, ...filter } }) => browseResponses(ctx.deps, id, filter, { page, size }));
