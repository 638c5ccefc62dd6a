import { router } from '../../trpc.ts';
import { createWebhookProcedure } from './create-webhook.ts';
import { deleteWebhookProcedure } from './delete-webhook.ts';
import { getWebhookProcedure } from './get-webhook.ts';
import { listWebhookDeliveriesProcedure } from './list-webhook-deliveries.ts';
import { listWebhooksProcedure } from './list-webhooks.ts';
import { patchWebhookProcedure } from './patch-webhook.ts';
import { redeliverWebhookDeliveryProcedure } from './redeliver-webhook-delivery.ts';
import { rotateWebhookSecretProcedure } from './rotate-webhook-secret.ts';
import { sendWebhookTestProcedure } from './send-webhook-test.ts';

export const webhooksRouter = router({
  list: listWebhooksProcedure,
  create: createWebhookProcedure,
  get: getWebhookProcedure,
  patch: patchWebhookProcedure,
  delete: deleteWebhookProcedure,
  rotateSecret: rotateWebhookSecretProcedure,
  test: sendWebhookTestProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  redeliver: redeliverWebhookDeliveryProcedure,
});
