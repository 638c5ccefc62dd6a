import { ListWebhookDeliveriesInput, PageResultWebhookDelivery } from '@forms-engine/schema';
import { listDeliveries } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const listWebhookDeliveriesProcedure = procedure
  .meta({
    // Webhooks are settings an editor keeps; an analyst reads results only.
    role: 'EDITOR',
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}/deliveries',
      tags: ['Webhooks'],
      summary: "The webhook's delivery log, newest first",
      description:
        'One delivery per event sent to this webhook (and per redelivery), with its status, attempts and the last answer. Deliveries are kept for WEBHOOK_DELIVERY_RETENTION_DAYS; erasing a response removes the deliveries of its events.',
    },
  })
  .input(ListWebhookDeliveriesInput)
  .output(PageResultWebhookDelivery)
  .query(({ ctx, input: { id, webhookId, page, size } }) => listDeliveries(ctx.deps, id, webhookId, { page, size }));
