import { ApiKeyList } from '@forms-engine/schema';
import { z } from 'zod';
import { listApiKeys } from '../../services/accounts/api-keys.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const listApiKeysProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/api-keys',
      tags: ['API keys'],
      summary: 'List the API keys, newest first (never their secrets)',
      description: 'Owners only.',
    },
  })
  .input(z.void())
  .output(ApiKeyList)
  .query(({ ctx }) => listApiKeys(ctx.deps));
