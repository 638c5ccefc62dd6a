import { Id } from '@forms-engine/schema';
import { z } from 'zod';
import { deleteFile } from '../../services/files.ts';
import { procedure } from '../../trpc.ts';

export const deleteFileProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'RESPONSE_COMPLETED'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/public/v1/responses/{responseId}/files/{fileId}',
      tags: ['Public'],
      summary: 'Delete an uploaded file of an unfinished response (its bytes go too)',
      description:
        '404 unless the file belongs to the response; 409 RESPONSE_COMPLETED once the response is completed.',
    },
  })
  .input(z.object({ responseId: Id, fileId: Id }))
  .output(z.void())
  .mutation(({ ctx, input }) => deleteFile(ctx.deps, input.responseId, input.fileId));
