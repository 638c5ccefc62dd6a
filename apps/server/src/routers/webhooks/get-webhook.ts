import { Webhook, WebhookRef } from '@forms-engine/schema';
import { getWebhook } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const getWebhookProcedure = procedure
  .meta({
    // Webhooks are settings an editor keeps; an analyst reads results only.
    role: 'EDITOR',
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}',
      tags: ['Webhooks'],
      summary: 'One webhook',
      description: 'Without its secret.',
    },
  })
  .input(WebhookRef)
  .output(Webhook)
  .query(({ ctx, input }) => getWebhook(ctx.deps, input.id, input.webhookId));
