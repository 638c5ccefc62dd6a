import { z } from 'zod';
import { DateTime, Id, Int32, PageQuery, pageResultOf } from './common';
import { Answers } from './response';

/** What a webhook can subscribe to, in the order the editor lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'response.created',
  'response.completed',
  'response.deleted',
  'questionnaire.published',
] as const;

export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Every event a receiver may see: the subscribable ones and the test send. */
export const WebhookDeliveryEventType = z.enum([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
export type WebhookDeliveryEventType = z.infer<typeof WebhookDeliveryEventType>;

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Why `value` cannot be a webhook address, in words for the person who typed it; undefined when it can. */
export function webhookUrlProblem(value: string): string | undefined {
  if (value.length > WEBHOOK_URL_MAX_LENGTH)
    return `Use an address of at most ${WEBHOOK_URL_MAX_LENGTH.toLocaleString('en')} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a whole address such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an address that starts with https://';
  if (url.username || url.password) return 'Leave the user name and password out of the address';
  if (!url.hostname) return 'Enter a whole address such as https://example.com/webhooks';
  return undefined;
}

/** An absolute http(s) address without credentials, at most 2,000 characters. */
export const WebhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address that receives the events')
  .max(WEBHOOK_URL_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'uri', description: 'Absolute http(s) URL without credentials, at most 2,000 characters' });

/** A non-empty subset of the event types; repeats are dropped. */
export const WebhookEvents = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event')
  .max(20)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const WebhookDescription = z.string().trim().max(500);

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    description: z.string().optional(),
    disabledReason: z.string().optional().describe('Why the service disabled it (for example a 410 answer)'),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

const WEBHOOK_SECRET_DESCRIPTION =
  '`whsec_` + base64 of 32 random bytes, for verifying the signatures; shown only when created and when rotated';

export const CreatedWebhook = Webhook.extend({ secret: z.string().describe(WEBHOOK_SECRET_DESCRIPTION) }).meta({
  id: 'CreatedWebhook',
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookSecret = z
  .object({ secret: z.string().describe(WEBHOOK_SECRET_DESCRIPTION) })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.infer<typeof WebhookSecret>;

export const CreateWebhookRequest = z
  .strictObject({
    url: WebhookUrl,
    events: WebhookEvents,
    enabled: z.boolean().optional(),
    description: WebhookDescription.optional(),
  })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

export const PatchWebhookRequest = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    enabled: z.boolean().optional().describe('true also clears disabledReason'),
    description: WebhookDescription.optional().describe('An empty string removes it'),
  })
  .meta({ id: 'PatchWebhookRequest' });
export type PatchWebhookRequest = z.infer<typeof PatchWebhookRequest>;

export const WebhookRef = z.object({ id: Id, webhookId: Id });
export const WebhookDeliveryRef = WebhookRef.extend({ deliveryId: Id });
export const ListWebhookDeliveriesInput = z.strictObject({ ...WebhookRef.shape, ...PageQuery.shape });

export const WebhookDeliveryStatus = z.enum(['PENDING', 'SUCCEEDED', 'FAILED']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string().describe('The `webhook-id` header of every request of this event'),
    eventType: WebhookDeliveryEventType,
    status: WebhookDeliveryStatus,
    attempts: Int32.min(0),
    lastStatusCode: Int32.optional().describe("The receiver's HTTP status at the last attempt"),
    lastError: z.string().optional().describe('What went wrong at the last attempt'),
    createdAt: DateTime,
    lastAttemptAt: DateTime.optional(),
    nextAttemptAt: DateTime.optional().describe('When the next attempt is due (PENDING only)'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const PageResultWebhookDelivery = pageResultOf(WebhookDelivery).meta({ id: 'PageResultWebhookDelivery' });
export type PageResultWebhookDelivery = z.infer<typeof PageResultWebhookDelivery>;

export const WebhookDeliveryAccepted = z.object({ deliveryId: z.string() }).meta({ id: 'WebhookDeliveryAccepted' });

// The requests the service sends: `{ type, timestamp, data }`, one data shape per event type.

const ResponseCreatedData = z.object({
  questionnaireId: z.string(),
  publicId: z.string(),
  responseId: z.string(),
  versionNumber: Int32.min(1),
  externalRef: z.string().optional(),
  language: z.string().describe('The language the respondent answers in (a tag of the version)'),
  hidden: z.record(z.string(), z.string()).describe('The hidden values stored with the response ({} when none)'),
  createdAt: DateTime,
});

const payloadOf = <T extends WebhookDeliveryEventType, D extends z.ZodType>(type: T, data: D, id: string) =>
  z
    .object({
      type: z.literal(type),
      timestamp: DateTime.describe('When the event happened'),
      data,
    })
    .meta({ id });

export const WEBHOOK_PAYLOADS = {
  'response.created': payloadOf('response.created', ResponseCreatedData, 'ResponseCreatedEvent'),
  'response.completed': payloadOf(
    'response.completed',
    ResponseCreatedData.extend({
      status: z.literal('COMPLETED'),
      answers: Answers,
      endingId: z.string().optional().describe('The ending the respondent saw, when the version has endings'),
      completedAt: DateTime,
    }),
    'ResponseCompletedEvent',
  ),
  'response.deleted': payloadOf(
    'response.deleted',
    z.object({ questionnaireId: z.string(), responseId: z.string(), deletedAt: DateTime }),
    'ResponseDeletedEvent',
  ),
  'questionnaire.published': payloadOf(
    'questionnaire.published',
    z.object({
      questionnaireId: z.string(),
      publicId: z.string(),
      versionNumber: Int32.min(1),
      note: z.string(),
      publishedAt: DateTime,
    }),
    'QuestionnairePublishedEvent',
  ),
  'webhook.test': payloadOf(
    'webhook.test',
    z.object({ questionnaireId: z.string(), webhookId: z.string() }),
    'WebhookTestEvent',
  ),
} as const satisfies Record<WebhookDeliveryEventType, z.ZodType>;

export type WebhookPayload = z.infer<(typeof WEBHOOK_PAYLOADS)[WebhookDeliveryEventType]>;
