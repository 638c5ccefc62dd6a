import { InviteCreated, InviteRequest } from '@forms-engine/schema';
import { inviteMember } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const inviteMemberProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['CONFLICT'],
    successStatus: 201,
    // No GET serves one invitation; DELETE there takes it back (as an upload's Location).
    location: (output: { id: string }) => `/api/v1/members/invites/${output.id}`,
    openapi: {
      method: 'POST',
      path: '/api/v1/members/invites',
      tags: ['Members'],
      summary: 'Invite someone: a single-use link, valid for 7 days',
      description:
        'No mail is sent: pass the link on yourself. It is shown only here; the list of invitations waiting shows its id. Owners only.',
    },
  })
  .input(InviteRequest)
  .output(InviteCreated)
  .mutation(({ ctx, input }) => inviteMember(ctx.deps, input, ctx.editorOrigin, ctx.audit));
