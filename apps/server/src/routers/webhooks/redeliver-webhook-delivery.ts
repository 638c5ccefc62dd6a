import { WebhookDeliveryAccepted, WebhookDeliveryRef } from '@forms-engine/schema';
import { redeliver } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const redeliverWebhookDeliveryProcedure = procedure
  .meta({
    errors: ['NOT_FOUND', 'CONFLICT'],
    successStatus: 202,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      tags: ['Webhooks'],
      summary: 'Send the same event again, as a new delivery',
      description:
        'The new delivery carries the same webhook-id (the eventId), so receivers can tell it is the event they may have seen. 409 when the webhook is disabled.',
    },
  })
  .input(WebhookDeliveryRef)
  .output(WebhookDeliveryAccepted)
  .mutation(({ ctx, input }) => redeliver(ctx.deps, input.id, input.webhookId, input.deliveryId));
