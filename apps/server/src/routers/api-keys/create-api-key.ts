import { ApiKeyCreated, CreateApiKeyRequest } from '@forms-engine/schema';
import { createApiKey } from '../../services/accounts/api-keys.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const createApiKeyProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: [],
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/api-keys',
      tags: ['API keys'],
      summary: 'Create an API key for automation; the key is shown only in this answer',
      description: 'Send it as `Authorization: Bearer <key>`. Owners only.',
    },
  })
  .input(CreateApiKeyRequest)
  .output(ApiKeyCreated)
  .mutation(({ ctx, input }) => createApiKey(ctx.deps, input, ctx.audit));
