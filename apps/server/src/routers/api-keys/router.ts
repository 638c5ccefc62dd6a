import { router } from '../../trpc.ts';
import { createApiKeyProcedure } from './create-api-key.ts';
import { deleteApiKeyProcedure } from './delete-api-key.ts';
import { listApiKeysProcedure } from './list-api-keys.ts';

export const apiKeysRouter = router({
  create: createApiKeyProcedure,
  list: listApiKeysProcedure,
  delete: deleteApiKeyProcedure,
});
