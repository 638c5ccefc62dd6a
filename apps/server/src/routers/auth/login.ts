import { LoginRequest } from '@forms-engine/schema';
import { z } from 'zod';
import { writeSessionCookie } from '../../lib/session-cookie.ts';
import { SignInLockedOut, signIn } from '../../services/accounts/sign-in.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const loginProcedure = accountsProcedure
  .meta({
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
    successStatus: 204,
    openapi: {
      method: 'POST',
      path: '/api/v1/auth/login',
      tags: ['Auth'],
      summary: 'Sign in: sets the session cookie',
      description:
        'An unknown email and a wrong password get the same 401 INVALID_CREDENTIALS. After 10 failures for one email within 15 minutes, every attempt for it is 429 until the window passes.',
    },
  })
  .input(LoginRequest)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    try {
      const { sessionSecret } = await signIn(ctx.deps, input, ctx.audit);
      writeSessionCookie(ctx.res, sessionSecret, ctx.secure);
    } catch (error) {
      if (error instanceof SignInLockedOut) ctx.res?.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });
