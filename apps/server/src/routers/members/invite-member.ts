import { InviteCreated, InviteRequest } from '@forms-engine/schema';
import { inviteMember } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const inviteMemberProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['CONFLICT'],
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/members/invites',
      tags: ['Members'],
      summary: 'Invite someone: a single-use link, valid for 7 days',
      description: 'No mail is sent: pass the link on yourself. Owners only.',
    },
  })
  .input(InviteRequest)
  .output(InviteCreated)
  .mutation(({ ctx, input }) => inviteMember(ctx.deps, input, ctx.editorOrigin, ctx.audit));
