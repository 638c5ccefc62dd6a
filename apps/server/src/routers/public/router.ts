import { router } from '../../trpc.ts';
import { completeResponseProcedure } from './complete-response.ts';
import { createResponseProcedure } from './create-response.ts';
import { getLiveProcedure } from './get-live.ts';
import { patchResponseProcedure } from './patch-response.ts';
import { refStatusProcedure } from './ref-status.ts';
import { rehydrateResponseProcedure } from './rehydrate-response.ts';

export const publicRouter = router({
  live: getLiveProcedure,
  refStatus: refStatusProcedure,
  createResponse: createResponseProcedure,
  rehydrate: rehydrateResponseProcedure,
  patchResponse: patchResponseProcedure,
  complete: completeResponseProcedure,
});
