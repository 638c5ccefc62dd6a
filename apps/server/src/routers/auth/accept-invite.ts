import { AcceptInviteRequest, Me } from '@forms-engine/schema';
import { z } from 'zod';
import { writeSessionCookie } from '../../lib/session-cookie.ts';
import { acceptInvite } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const acceptInviteProcedure = accountsProcedure
  .meta({
    errors: ['INVITE_EXPIRED', 'CONFLICT'],
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/auth/invites/{token}/accept',
      tags: ['Auth'],
      summary: 'Accept an invite: become a member and sign in',
      description:
        'A used, revoked or expired invite is 410 INVITE_EXPIRED; a refused password does not use the invite up.',
    },
  })
  .input(AcceptInviteRequest.extend({ token: z.string().max(200) }))
  .output(Me)
  .mutation(async ({ ctx, input: { token, ...request } }) => {
    const { me, sessionSecret } = await acceptInvite(ctx.deps, token, request, ctx.audit);
    writeSessionCookie(ctx.res, sessionSecret, ctx.secure);
    return me;
  });
