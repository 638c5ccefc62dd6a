import { router } from '../../trpc.ts';
import { browseResponsesProcedure } from './browse-responses.ts';
import { deleteResponseProcedure } from './delete-response.ts';
import { getResponseProcedure } from './get-response.ts';
import { responseSummaryProcedure } from './response-summary.ts';

export const responsesRouter = router({
  browse: browseResponsesProcedure,
  get: getResponseProcedure,
  delete: deleteResponseProcedure,
  summary: responseSummaryProcedure,
});
