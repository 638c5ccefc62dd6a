import type { SqlQuery } from '@forms-engine/db';
import type { CreatedWebhook, PageResultWebhookDelivery, WebhookDelivery } from '@forms-engine/schema';
import { expect, vi } from 'vitest';
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

export async function startResponse(server: TestServer, publicId: string, externalRef?: string, language?: string) {
  const res = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, {
    versionNumber: 1,
    ...(externalRef && { externalRef }),
    ...(language && { language }),
  });
  expect(res.status).toBe(201);
  return (res.body as { responseId: string }).responseId;
}

export async function completeResponse(
  server: TestServer,
  responseId: string,
  answers: Record<string, unknown>,
  language?: string,
) {
  const save = { answers, ...(language && { language }) };
  expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, save)).status).toBe(200);
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

/** One row of the outbox, as the database holds it. */
export interface OutboxRow {
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  leased: boolean;
}

/**
 * Waits until the outbox has nothing left to send to the webhook: no delivery PENDING, none
 * leased by a sender (an attempt under way). Events are written as their change commits, so
 * from then on the receiver has heard everything it ever will: a test that "nothing more was
 * sent" asserts on this state instead of sleeping and hoping a late request would have shown.
 */
export async function drainedOutbox(sql: SqlQuery, webhookId: string, timeoutMs = 30_000): Promise<OutboxRow[]> {
  return vi.waitFor(
    async () => {
      const rows = await sql.query<OutboxRow>(
        `SELECT e.type AS event_type, d.status::text AS status, d.attempts, d.locked_until IS NOT NULL AS leased
         FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
         WHERE d.webhook_id = $1::uuid ORDER BY d.created_at, d.id`,
        [webhookId],
      );
      const busy = rows.filter((row) => row.status === 'PENDING' || row.leased);
      if (busy.length > 0) throw new Error(`still to send: ${JSON.stringify(busy)}`);
      return rows;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
