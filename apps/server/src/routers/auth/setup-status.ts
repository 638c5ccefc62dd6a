import { SetupStatus } from '@forms-engine/schema';
import { z } from 'zod';
import { setupNeeded } from '../../services/accounts/setup.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const setupStatusProcedure = accountsProcedure
  .meta({
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/auth/setup',
      tags: ['Auth'],
      summary: 'Whether the first owner still has to be set up',
      description: '`needed` is true until the first owner exists; then sign in instead.',
    },
  })
  .input(z.void())
  .output(SetupStatus)
  .query(async ({ ctx }) => ({ needed: await setupNeeded(ctx.deps) }));
