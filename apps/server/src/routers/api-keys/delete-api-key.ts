import { Id } from '@forms-engine/schema';
import { z } from 'zod';
import { deleteApiKey } from '../../services/accounts/api-keys.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const deleteApiKeyProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['NOT_FOUND'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/api-keys/{id}',
      tags: ['API keys'],
      summary: 'Delete an API key: it is refused at once, by every server process',
      description: 'Owners only.',
    },
  })
  .input(z.object({ id: Id }))
  .output(z.void())
  .mutation(({ ctx, input }) => deleteApiKey(ctx.deps, input.id, ctx.audit));
