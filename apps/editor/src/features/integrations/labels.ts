import type { WebhookDelivery, WebhookDeliveryEventType } from '@forms-engine/schema';

/** Each event as a builder reads it. */
export const EVENT_LABELS: Record<WebhookDeliveryEventType, string> = {
  'response.created': 'A response is started',
  'response.completed': 'A response is completed (with its answers)',
  'response.deleted': 'A response is erased',
  'questionnaire.published': 'A version is published',
  'webhook.test': 'Test send',
};

/** Where a delivery stands, in words. */
export function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  if (delivery.status === 'SUCCEEDED') return 'Delivered';
  if (delivery.status === 'FAILED') return 'Failed';
  return delivery.attempts === 0 ? 'Sending' : 'Will try again';
}
