import { Me, SetupRequest } from '@forms-engine/schema';
import { writeSessionCookie } from '../../lib/session-cookie.ts';
import { setUpFirstOwner } from '../../services/accounts/setup.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const setupProcedure = accountsProcedure
  .meta({
    errors: ['FORBIDDEN', 'ALREADY_SET_UP'],
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/auth/setup',
      tags: ['Auth'],
      summary: 'Create the first owner with the setup code from the server log, and sign in',
      description:
        'Each server process prints the one setup code of this deployment in its log at start (a line that says “setup code”). A wrong or missing code is 403; once an account exists every call is 409 ALREADY_SET_UP.',
    },
  })
  .input(SetupRequest)
  .output(Me)
  .mutation(async ({ ctx, input }) => {
    const { me, sessionSecret } = await setUpFirstOwner(ctx.deps, input, ctx.audit);
    writeSessionCookie(ctx.res, sessionSecret, ctx.secure);
    return me;
  });
