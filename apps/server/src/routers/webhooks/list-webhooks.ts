import { QuestionnaireId, Webhook } from '@forms-engine/schema';
import { z } from 'zod';
import { listWebhooks } from '../../services/webhooks.ts';
import { procedure } from '../../trpc.ts';

export const listWebhooksProcedure = procedure
  .meta({
    // Webhooks are settings an editor keeps; an analyst reads results only.
    role: 'EDITOR',
    errors: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/api/v1/questionnaires/{id}/webhooks',
      tags: ['Webhooks'],
      summary: "List the questionnaire's webhooks, oldest first",
      description: 'Secrets are never listed; they are shown only when created and when rotated.',
    },
  })
  .input(QuestionnaireId)
  .output(z.array(Webhook))
  .query(({ ctx, input }) => listWebhooks(ctx.deps, input.id));
