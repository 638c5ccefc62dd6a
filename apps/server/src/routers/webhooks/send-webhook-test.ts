import { WebhookDeliveryAccepted, WebhookRef } from '@forms-engine/schema';
import { sendTestEvent } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const sendWebhookTestProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'CONFLICT'],
    successStatus: 202,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}/test',
      tags: ['Webhooks'],
      summary: 'Send a webhook.test event to this webhook',
      description:
        'Sent, signed and retried like any event; follow it in the deliveries. 409 when the webhook is disabled.',
    },
  })
  .input(WebhookRef)
  .output(WebhookDeliveryAccepted)
  .mutation(({ ctx, input }) => sendTestEvent(ctx.deps, input.id, input.webhookId));
