import { InstanceInfo } from '@forms-engine/schema';
import { z } from 'zod';
import { procedure } from '../../trpc.ts';

export const getInstanceProcedure = procedure
  .meta({
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/instance',
      tags: ['Instance'],
      summary: 'Facts about this service',
      description: 'publicUrl: the address embed snippets use (PUBLIC_URL), or null when it is not set.',
    },
  })
  .input(z.void())
  .output(InstanceInfo)
  .query(({ ctx }) => ({ publicUrl: ctx.deps.config.publicUrl ?? null }));
