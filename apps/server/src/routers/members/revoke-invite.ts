import { Id } from '@forms-engine/schema';
import { z } from 'zod';
import { revokeInvite } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const revokeInviteProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['NOT_FOUND'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/members/invites/{id}',
      tags: ['Members'],
      summary: 'Take back an invitation still waiting: its link stops working',
      description:
        'Accepting it then answers 410 INVITE_EXPIRED, as a used link does. One used, expired or revoked already is 404. Owners only.',
    },
  })
  .input(z.object({ id: Id }))
  .output(z.void())
  .mutation(({ ctx, input }) => revokeInvite(ctx.deps, input.id, ctx.audit));
