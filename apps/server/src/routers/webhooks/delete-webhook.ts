import { WebhookRef } from '@forms-engine/schema';
import { z } from 'zod';
import { deleteWebhook } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const deleteWebhookProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    successStatus: 204,
    openapi: {
      method: 'DELETE',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}',
      tags: ['Webhooks'],
      summary: 'Delete a webhook and its delivery log',
      description: 'Nothing more is sent to it, including deliveries still waiting.',
    },
  })
  .input(WebhookRef)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteWebhook(ctx.deps, input.id, input.webhookId, ctx.audit));
