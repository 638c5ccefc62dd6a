import { z } from 'zod';
import { writeSessionCookie } from '../../lib/session-cookie.ts';
import { signOut } from '../../services/accounts/sign-in.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const logoutProcedure = accountsProcedure
  .meta({
    errors: [],
    successStatus: 204,
    openapi: {
      method: 'POST',
      path: '/api/v1/auth/logout',
      tags: ['Auth'],
      summary: 'Sign out: the session ends on the server',
      description: 'Answers 204 also when there was no session.',
    },
  })
  .input(z.void())
  .output(z.void())
  .mutation(async ({ ctx }) => {
    if (ctx.principal?.type === 'member') await signOut(ctx.deps, ctx.principal.sessionHash, ctx.audit);
    writeSessionCookie(ctx.res, undefined, ctx.secure);
  });
