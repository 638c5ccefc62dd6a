import { Id } from '@forms-engine/schema';
import { z } from 'zod';
import { removeMember } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const removeMemberProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['NOT_FOUND', 'LAST_OWNER'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/members/{id}',
      tags: ['Members'],
      summary: 'Remove a member: their sessions end and the API keys they created stop working',
      description: 'The last owner cannot be removed (409 LAST_OWNER). Owners only.',
    },
  })
  .input(z.object({ id: Id }))
  .output(z.void())
  .mutation(({ ctx, input }) => removeMember(ctx.deps, input.id, ctx.audit));
