import type { CreatedWebhook, PageResultWebhookDelivery, WebhookDelivery } from '@forms-engine/schema';
import { expect } from 'vitest';
import { sleep } from './expect-problem.ts';
import { call, type TestServer } from './harness.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

export const ALL_EVENTS = ['response.created', 'response.completed', 'response.deleted', 'questionnaire.published'];

/** Adds a webhook to the receiver's `path`; the receiver learns its secret. */
export async function addWebhook(
  server: TestServer,
  receiver: WebhookReceiver,
  questionnaireId: string,
  path: string,
  body: Record<string, unknown> = {},
): Promise<CreatedWebhook> {
  const res = await call(server, 'POST', `/api/v1/questionnaires/${questionnaireId}/webhooks`, {
    url: receiver.url(path),
    events: ALL_EVENTS,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const created = res.body as CreatedWebhook;
  receiver.secrets.push(created.secret);
  return created;
}

export async function deliveriesOf(server: TestServer, questionnaireId: string, webhookId: string, query = '') {
  const res = await call(
    server,
    'GET',
    `/api/v1/questionnaires/${questionnaireId}/webhooks/${webhookId}/deliveries${query}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PageResultWebhookDelivery;
}

/** Polls the delivery log until `done` holds for it (or fails after the deadline). */
export async function waitForDeliveries(
  server: TestServer,
  questionnaireId: string,
  webhookId: string,
  done: (items: WebhookDelivery[]) => boolean,
  timeoutMs = 15_000,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { items } = await deliveriesOf(server, questionnaireId, webhookId);
    if (done(items)) return items;
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${JSON.stringify(items, null, 1)}`);
    await sleep(50);
  }
}

export async function startResponse(server: TestServer, publicId: string, externalRef?: string) {
  const res = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, {
    versionNumber: 1,
    ...(externalRef && { externalRef }),
  });
  expect(res.status).toBe(201);
  return (res.body as { responseId: string }).responseId;
}

export async function completeResponse(server: TestServer, responseId: string, answers: Record<string, unknown>) {
  expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers })).status).toBe(200);
  expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
}

/** The newest delivery of the webhook, once it has `status`. */
export async function newestDeliveryWhen(
  server: TestServer,
  questionnaireId: string,
  webhookId: string,
  status: WebhookDelivery['status'],
): Promise<WebhookDelivery> {
  const [newest] = await waitForDeliveries(server, questionnaireId, webhookId, ([item]) => item?.status === status);
  return newest as WebhookDelivery;
}
