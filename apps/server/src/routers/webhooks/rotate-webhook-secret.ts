import { WebhookRef, WebhookSecret } from '@forms-engine/schema';
import { rotateWebhookSecret } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const rotateWebhookSecretProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}/rotate-secret',
      tags: ['Webhooks'],
      summary: 'Replace the signing secret; the old one keeps signing for 24 hours',
      description:
        'For 24 hours every request carries two signatures in webhook-signature, with the new secret and the old, so receivers that still hold the old one keep verifying. A second rotation within the 24 hours drops the oldest secret.',
    },
  })
  .input(WebhookRef)
  .output(WebhookSecret)
  .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.deps, input.id, input.webhookId, ctx.audit));
