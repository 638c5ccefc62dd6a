import { WEBHOOK_PAYLOADS, type WebhookDeliveryEventType } from '@forms-engine/schema';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';

const SUMMARIES: Record<WebhookDeliveryEventType, string> = {
  'response.created': 'A respondent started a response',
  'response.completed': 'A response was completed, with its answers',
  'response.deleted': 'A response was erased (hard delete)',
  'questionnaire.published': 'A new version was published',
  'webhook.test': 'A test send from the editor or the test operation',
};

const header = (name: string, description: string, example: string) => ({
  in: 'header' as const,
  name,
  required: true,
  description,
  schema: { type: 'string' as const, example },
});

const HEADERS = [
  header('webhook-id', 'The event id: the same on every attempt and redelivery, for deduplication', 'b1a0…'),
  header('webhook-timestamp', 'Unix seconds when this attempt was signed', '1795600000'),
  header(
    'webhook-signature',
    '`v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` keyed by the secret (after `whsec_`, base64-decoded); space-separated, two during the 24 hours after a rotation',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/** The requests the service sends to receivers, one per event type. */
const webhooks: ZodOpenApiPathsObject = Object.fromEntries(
  (Object.keys(WEBHOOK_PAYLOADS) as WebhookDeliveryEventType[]).map((type) => [
    type,
    {
      post: {
        operationId: `webhook-${type.replace('.', '-')}`,
        tags: ['Webhooks'],
        summary: SUMMARIES[type],
        description:
          'Signed per the Standard Webhooks specification (docs/webhooks.md). Any 2xx acknowledges it; 410 disables the webhook; anything else, a timeout or a redirect (never followed) is retried on WEBHOOK_RETRY_SCHEDULE_SECONDS, after Retry-After on 429 and 503.',
        security: [],
        parameters: HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: WEBHOOK_PAYLOADS[type] } } },
        responses: {
          '200': { description: 'Received (any 2xx)' },
          '410': { description: 'Gone: the webhook is disabled and this delivery ends FAILED' },
        },
      },
    },
  ]),
);

/**
 * Adds the OpenAPI 3.1 `webhooks` section (trpc-to-openapi describes only paths) and the payload
 * schemas it refers to; schemas the document already has (Answers, with its limits) stay its own.
 */
export function addWebhooksSection(document: { webhooks?: unknown; components?: { schemas?: object } }): void {
  const section = createDocument({ openapi: '3.1.0', info: { title: '', version: '' }, webhooks });
  document.webhooks = section.webhooks;
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(section.components?.schemas ?? {})) schemas[name] ??= schema;
  document.components = { ...document.components, schemas };
}
