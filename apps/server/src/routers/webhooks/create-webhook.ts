import { CreatedWebhook, CreateWebhookRequest, QuestionnaireId } from '@forms-engine/schema';
import { createWebhook } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const createWebhookProcedure = procedure
  .meta({
    errors: ['NOT_FOUND'],
    location: (output: { id: string }, input: { id: string }) =>
      `/api/v1/questionnaires/${encodeURIComponent(input.id)}/webhooks/${output.id}`,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/webhooks',
      tags: ['Webhooks'],
      summary: 'Add a webhook: an address that receives the chosen events, signed',
      description:
        'The answer carries the signing `secret`, shown only here and by rotate-secret. A URL whose host is (or resolves to) a loopback, private, link-local, unique-local or metadata address is refused with 400 unless WEBHOOK_ALLOW_PRIVATE_TARGETS is true.',
    },
  })
  .input(CreateWebhookRequest.extend(QuestionnaireId.shape))
  .output(CreatedWebhook)
  .mutation(({ ctx, input: { id, ...request } }) => createWebhook(ctx.deps, id, request, ctx.audit));
