import { router } from '../../trpc.ts';
import { browseResponsesProcedure } from './browse-responses.ts';
import { deleteResponseProcedure } from './delete-response.ts';

export const responsesRouter = router({
  browse: browseResponsesProcedure,
  delete: deleteResponseProcedure,
});
