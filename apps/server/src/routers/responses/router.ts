import { router } from '../../trpc.ts';
import { browseResponsesProcedure } from './browse-responses.ts';
import { deleteResponseProcedure } from './delete-response.ts';
import { getResponseProcedure } from './get-response.ts';

export const responsesRouter = router({
  browse: browseResponsesProcedure,
  get: getResponseProcedure,
  delete: deleteResponseProcedure,
});
