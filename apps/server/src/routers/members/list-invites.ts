import { PendingInviteList } from '@forms-engine/schema';
import { z } from 'zod';
import { listPendingInvites } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const listInvitesProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/members/invites',
      tags: ['Members'],
      summary: 'List the invitations still waiting, newest first',
      description: 'Neither used, nor expired, nor revoked. The links are not shown again. Owners only.',
    },
  })
  .input(z.void())
  .output(PendingInviteList)
  .query(({ ctx }) => listPendingInvites(ctx.deps));
