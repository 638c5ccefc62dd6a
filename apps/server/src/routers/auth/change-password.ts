import { ChangePasswordRequest } from '@forms-engine/schema';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { writeSessionCookie } from '../../lib/session-cookie.ts';
import { changePassword, SignInLockedOut } from '../../services/accounts/sign-in.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const changePasswordProcedure = accountsProcedure
  .meta({
    errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
    successStatus: 204,
    openapi: {
      method: 'POST',
      path: '/api/v1/auth/password',
      tags: ['Auth'],
      summary: 'Change your password: every other session of yours ends',
      description:
        'Signed in with the session cookie only. A wrong current password is 400 (and counts towards the sign-in lockout); this session goes on with a new cookie.',
    },
  })
  .input(ChangePasswordRequest)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    if (ctx.principal?.type !== 'member') throw new AppError('UNAUTHORIZED', 'Sign in to change your password');
    try {
      const { sessionSecret } = await changePassword(ctx.deps, ctx.principal.id, input, ctx.audit);
      writeSessionCookie(ctx.res, sessionSecret, ctx.secure);
    } catch (error) {
      if (error instanceof SignInLockedOut) ctx.res?.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });
