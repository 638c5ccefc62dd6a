import { PatchWebhookRequest, Webhook, WebhookRef } from '@forms-engine/schema';
import { patchWebhook } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const patchWebhookProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'PATCH',
      path: '/api/v1/questionnaires/{id}/webhooks/{webhookId}',
      tags: ['Webhooks'],
      summary: "Change a webhook's URL, events, description, or enable and disable it",
      description:
        'Enabling clears disabledReason. Events raised while a webhook is disabled are never sent to it; deliveries waiting when it was disabled go out once it is enabled again. A refused URL is a 400, as at creation.',
    },
  })
  .input(PatchWebhookRequest.extend(WebhookRef.shape))
  .output(Webhook)
  .mutation(({ ctx, input: { id, webhookId, ...patch } }) => patchWebhook(ctx.deps, id, webhookId, patch, ctx.audit));
