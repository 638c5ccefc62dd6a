import { WEBHOOK_PAYLOADS, type WebhookDeliveryEventType } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import {
  addWebhook,
  completeResponse,
  deliveriesOf,
  drainedOutbox,
  newestDeliveryWhen,
  startResponse,
  waitForDeliveries,
} from './webhook-helpers.ts';
import { expectVerified, WebhookReceiver } from './webhook-receiver.ts';

const RETRY_WAIT_MS = 300;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('webhook deliveries to a real receiver', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // Receivers live on 127.0.0.1 here; the refusal of private targets has its own tests.
    server = await startTestServer({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '0.3,0.3,0.3',
      WEBHOOK_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('sends every event type, signed, with its documented payload, as the change commits', async () => {
    const questionnaire = await createQuestionnaire(server);
    const base = `/api/v1/questionnaires/${questionnaire.id}`;
    const definition = sampleDefinition({ translations: { de: { q1: { prompt: 'Ihr Name' } }, fr: {} } });
    expect((await call(server, 'PUT', `${base}/draft`, definition)).status).toBe(200);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/all-events');

    const published = await call(server, 'POST', `${base}/publish`, { note: 'First version' });
    // Created in German (de-AT matches de), completed after switching to French: each event
    // carries the language recorded when it happened.
    const withRef = await startResponse(server, questionnaire.publicId, 'crm-42', 'de-AT');
    await completeResponse(server, withRef, { name: 'Ada', colour: 'blue' }, 'fr');
    const withoutRef = await startResponse(server, questionnaire.publicId);
    expect((await call(server, 'DELETE', `${base}/responses/${withoutRef}`)).status).toBe(204);

    const requests = await receiver.waitFor('/all-events', 5);
    expectVerified(requests);
    const byType = (type: string) => requests.filter((request) => request.payload.type === type);
    for (const request of requests) {
      // The documented schema of that event type accepts it, and the event time is ISO 8601.
      WEBHOOK_PAYLOADS[request.payload.type as WebhookDeliveryEventType].parse(request.payload);
      expect(request.payload.timestamp).toMatch(ISO);
    }
    const rows = await server.database.db.sql.query<{ id: string; created_at: string }>(
      'SELECT id::text, created_at FROM response WHERE id = $1::uuid',
      [withRef],
    );
    const createdAt = new Date(rows[0]!.created_at).toISOString();

    expect(byType('questionnaire.published').map((r) => r.payload.data)).toEqual([
      {
        questionnaireId: questionnaire.id,
        publicId: questionnaire.publicId,
        versionNumber: 1,
        note: 'First version',
        publishedAt: expect.stringMatching(ISO),
      },
    ]);
    expect(published.status).toBe(200);
    const created = byType('response.created');
    expect(created.map((r) => r.payload.data)).toEqual(
      expect.arrayContaining([
        {
          questionnaireId: questionnaire.id,
          publicId: questionnaire.publicId,
          responseId: withRef,
          versionNumber: 1,
          externalRef: 'crm-42',
          language: 'de',
          hidden: {},
          createdAt,
        },
        // Unset optional fields are left out.
        {
          questionnaireId: questionnaire.id,
          publicId: questionnaire.publicId,
          responseId: withoutRef,
          versionNumber: 1,
          language: 'en',
          hidden: {},
          createdAt: expect.stringMatching(ISO),
        },
      ]),
    );
    expect(created).toHaveLength(2);
    const [completed] = byType('response.completed');
    expect(completed?.payload.data).toEqual({
      questionnaireId: questionnaire.id,
      publicId: questionnaire.publicId,
      responseId: withRef,
      versionNumber: 1,
      externalRef: 'crm-42',
      language: 'fr',
      hidden: {},
      createdAt,
      status: 'COMPLETED',
      answers: { name: 'Ada', colour: 'blue' },
      completedAt: expect.stringMatching(ISO),
    });
    // Keys in the documented order, as receivers that read the body see them.
    expect(Object.keys(completed?.payload ?? {})).toEqual(['type', 'timestamp', 'data']);
    expect(byType('response.deleted').map((r) => r.payload.data)).toEqual([
      { questionnaireId: questionnaire.id, responseId: withoutRef, deletedAt: expect.stringMatching(ISO) },
    ]);

    const log = await waitForDeliveries(server, questionnaire.id, webhook.id, (items) =>
      items.every((item) => item.status === 'SUCCEEDED'),
    );
    // The delivery log names each event by the webhook-id its requests carried; the erased
    // response's own events went with it.
    const kept = requests.filter(
      (r) => !(r.payload.type === 'response.created' && r.payload.data.responseId === withoutRef),
    );
    expect(log.map((item) => item.eventId).sort()).toEqual(kept.map((request) => request.id).sort());
    expect(log).toHaveLength(4);
    for (const item of log) {
      expect(item).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 204 });
      expect(item).not.toHaveProperty('lastError');
      expect(item).not.toHaveProperty('nextAttemptAt');
      expect(item.lastAttemptAt).toMatch(ISO);
    }
  });

  it('repeating a completion sends nothing more; only subscribed event types are sent', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/completed-only', {
      events: ['response.completed'],
    });
    const responseId = await startResponse(server, questionnaire.publicId);
    await completeResponse(server, responseId, { name: 'Bo' });
    expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
    // Everything that will ever be sent was written as the requests committed: once the outbox is
    // drained, the receiver has heard it all.
    const outbox = await drainedOutbox(server.database.db.sql, webhook.id);
    expect(outbox).toEqual([{ event_type: 'response.completed', status: 'SUCCEEDED', attempts: 1, leased: false }]);
    expect(receiver.at('/completed-only').map((request) => request.payload.type)).toEqual(['response.completed']);
  });

  it('carries the answers of the issue 25 types as saved: grids, rankings, NPS, date-times, times, Other', async () => {
    const questionnaire = await createPublished(server);
    await addWebhook(server, receiver, questionnaire.id, '/more-types', { events: ['response.completed'] });
    const responseId = await startResponse(server, questionnaire.publicId);
    const answers = {
      grid: { speed: 'good', price: 'bad' },
      times: { weekdays: ['mornings', 'evenings'] },
      rank: ['b', 'a', 'c'],
      nps: 0,
      when: '2026-03-29T01:30+01:00',
      at: '09:05',
      colour: { other: 'Teal' },
      pets: ['cat', { other: 'Hamster' }],
    };
    await completeResponse(server, responseId, answers);
    const [request] = await receiver.waitFor('/more-types', 1);
    WEBHOOK_PAYLOADS['response.completed'].parse(request!.payload);
    expect(request!.payload.data.answers).toEqual(answers);
  });

  it('retries a 500 after the schedule with the same webhook-id until the receiver says 2xx', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/flaky', { events: ['response.created'] });
    receiver.respond = (request, index) =>
      request.path === '/flaky' && index < 2 ? { status: 500, body: 'database down' } : { status: 204 };
    await startResponse(server, questionnaire.publicId);

    const requests = await receiver.waitFor('/flaky', 3);
    expectVerified(requests);
    expect(new Set(requests.map((request) => request.id)).size).toBe(1);
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(RETRY_WAIT_MS - 50);
    expect(requests[2]!.receivedAt - requests[1]!.receivedAt).toBeGreaterThanOrEqual(RETRY_WAIT_MS - 50);
    const delivery = await newestDeliveryWhen(server, questionnaire.id, webhook.id, 'SUCCEEDED');
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 3, lastStatusCode: 204, eventId: requests[0]!.id });
  });

  it('ends a delivery FAILED after the last wait of the schedule and leaves the webhook enabled', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/always-500', {
      events: ['response.created'],
    });
    receiver.respond = (request) => (request.path === '/always-500' ? { status: 500, body: 'nope' } : { status: 204 });
    await startResponse(server, questionnaire.publicId);

    const delivery = await newestDeliveryWhen(server, questionnaire.id, webhook.id, 'FAILED');
    // One attempt, then one per wait of the schedule (three).
    expect(receiver.at('/always-500')).toHaveLength(4);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      attempts: 4,
      lastStatusCode: 500,
      lastError: 'Answered 500: nope',
    });
    expect(delivery).not.toHaveProperty('nextAttemptAt');
    const after = await call(server, 'GET', `/api/v1/questionnaires/${questionnaire.id}/webhooks/${webhook.id}`);
    expect(after.body).toMatchObject({ enabled: true });
    expect(after.body).not.toHaveProperty('disabledReason');
  });

  it('disables the webhook on 410; events raised while it is disabled are never sent to it', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/gone', { events: ['response.created'] });
    const base = `/api/v1/questionnaires/${questionnaire.id}/webhooks/${webhook.id}`;
    receiver.respond = (request, index) =>
      request.path === '/gone' && index === 0 ? { status: 410 } : { status: 204 };
    await startResponse(server, questionnaire.publicId);
    const delivery = await newestDeliveryWhen(server, questionnaire.id, webhook.id, 'FAILED');
    expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 410 });

    const disabled = (await call(server, 'GET', base)).body;
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/410 Gone/);

    const whileDisabled = await startResponse(server, questionnaire.publicId);
    expectProblem(await call(server, 'POST', `${base}/test`), 409, 'CONFLICT');
    expectProblem(await call(server, 'POST', `${base}/deliveries/${delivery.id}/redeliver`), 409, 'CONFLICT');
    // The creating transaction wrote no event for it (no enabled webhook wanted one), so the
    // outbox holds nothing more for this webhook and nothing more can reach the receiver.
    const raised = await server.database.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_event WHERE data->>'responseId' = $1`,
      [whileDisabled],
    );
    expect(raised[0]?.n).toBe(0);
    const outbox = await drainedOutbox(server.database.db.sql, webhook.id);
    expect(outbox).toEqual([{ event_type: 'response.created', status: 'FAILED', attempts: 1, leased: false }]);
    expect(receiver.at('/gone')).toHaveLength(1);

    const enabled = await call(server, 'PATCH', base, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body).not.toHaveProperty('disabledReason');
    const third = await startResponse(server, questionnaire.publicId);
    const [request] = (await receiver.waitFor('/gone', 2)).slice(1);
    expect(request?.payload.data.responseId).toBe(third);
  });

  it('honours Retry-After on 503 in place of the schedule', async () => {
    const questionnaire = await createPublished(server);
    await addWebhook(server, receiver, questionnaire.id, '/busy', { events: ['response.created'] });
    receiver.respond = (request, index) =>
      request.path === '/busy' && index === 0 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 204 };
    await startResponse(server, questionnaire.publicId);
    const [first, second] = await receiver.waitFor('/busy', 2);
    expect(second!.id).toBe(first!.id);
    // The schedule alone would have tried again after 0.3 s.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(1900);
  });

  it('sends a test event on request and redelivers an event as a new delivery with the same webhook-id', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/test-send');
    const base = `/api/v1/questionnaires/${questionnaire.id}/webhooks/${webhook.id}`;
    const test = await call(server, 'POST', `${base}/test`);
    expect(test.status).toBe(202);
    const { deliveryId } = test.body as { deliveryId: string };
    const [first] = await receiver.waitFor('/test-send', 1);
    expectVerified([first!]);
    expect(first!.payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(ISO),
      data: { questionnaireId: questionnaire.id, webhookId: webhook.id },
    });
    await newestDeliveryWhen(server, questionnaire.id, webhook.id, 'SUCCEEDED');

    const again = await call(server, 'POST', `${base}/deliveries/${deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body.deliveryId).not.toBe(deliveryId);
    const [, second] = await receiver.waitFor('/test-send', 2);
    expectVerified([second!]);
    expect(second!.id).toBe(first!.id);
    expect(second!.body).toBe(first!.body);

    const log = await waitForDeliveries(server, questionnaire.id, webhook.id, (items) =>
      items.every((item) => item.status === 'SUCCEEDED'),
    );
    // Newest first: the redelivery, then the original; one event.
    expect(log.map((item) => item.id)).toEqual([again.body.deliveryId, deliveryId]);
    expect(log.map((item) => item.eventId)).toEqual([first!.id, first!.id]);
    expect(log.map((item) => item.eventType)).toEqual(['webhook.test', 'webhook.test']);

    expectProblem(await call(server, 'POST', `${base}/deliveries/${crypto.randomUUID()}/redeliver`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'POST', `${base}/deliveries/not-an-id/redeliver`), 404, 'NOT_FOUND');
  });

  it('signs with the new and the old secret for 24 hours after a rotation', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/rotated');
    const base = `/api/v1/questionnaires/${questionnaire.id}/webhooks/${webhook.id}`;
    const rotated = await call(server, 'POST', `${base}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(webhook.secret);
    receiver.secrets.push(secret);

    expect((await call(server, 'POST', `${base}/test`)).status).toBe(202);
    const [request] = await receiver.waitFor('/rotated', 1);
    expect(request!.signature.split(' ')).toHaveLength(2);
    // Each secret verifies the request on its own: receivers on either keep working.
    expect(request!.verifiedBy.sort()).toEqual([webhook.secret, secret].sort());

    // After the overlap, the new secret alone signs.
    await server.database.db.sql.query(
      `UPDATE webhook SET previous_secret_until = now() - interval '1 second' WHERE id = $1::uuid`,
      [webhook.id],
    );
    expect((await call(server, 'POST', `${base}/test`)).status).toBe(202);
    const [, later] = await receiver.waitFor('/rotated', 2);
    expect(later!.signature.split(' ')).toHaveLength(1);
    expect(later!.verifiedBy).toEqual([secret]);
  });

  it('cuts a slow receiver off at WEBHOOK_TIMEOUT_SECONDS and tries again', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/slow', { events: ['response.created'] });
    receiver.respond = (request, index) =>
      request.path === '/slow' && index === 0 ? { status: 204, delayMs: 4000 } : { status: 204 };
    await startResponse(server, questionnaire.publicId);
    const [first, second] = await receiver.waitFor('/slow', 2);
    // The sender hung up on the first attempt while the receiver was still taking its 4 s, then tried again.
    expect(first!.hungUpAt).toBeDefined();
    expect(second!.receivedAt).toBeGreaterThanOrEqual(first!.hungUpAt!);
    const delivery = await newestDeliveryWhen(server, questionnaire.id, webhook.id, 'SUCCEEDED');
    expect(delivery).toMatchObject({ attempts: 2, lastStatusCode: 204 });
  });

  it('never follows a redirect, and keeps 2 KB of what a receiver answers', async () => {
    const questionnaire = await createPublished(server);
    const moved = await addWebhook(server, receiver, questionnaire.id, '/moved', { events: ['response.created'] });
    const chatty = await addWebhook(server, receiver, questionnaire.id, '/chatty', { events: ['response.created'] });
    receiver.respond = (request) => {
      if (request.path === '/moved') return { status: 302, headers: { location: receiver.url('/moved-here') } };
      if (request.path === '/chatty') return { status: 400, body: 'x'.repeat(100_000) };
      return { status: 204 };
    };
    await startResponse(server, questionnaire.publicId);
    const redirected = await newestDeliveryWhen(server, questionnaire.id, moved.id, 'FAILED');
    expect(redirected).toMatchObject({ lastStatusCode: 302, lastError: 'Answered 302; redirects are not followed' });
    expect(receiver.at('/moved-here')).toHaveLength(0);
    const long = await newestDeliveryWhen(server, questionnaire.id, chatty.id, 'FAILED');
    expect(long.lastError).toBe(`Answered 400: ${'x'.repeat(2048)}`);
  });

  it('erasing a response erases its events: no later attempt carries its answers', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/erasure');
    receiver.respond = (request) => (request.path === '/erasure' ? { status: 500 } : { status: 204 });
    const responseId = await startResponse(server, questionnaire.publicId);
    await completeResponse(server, responseId, { name: 'Private person' });
    await receiver.waitFor('/erasure', 2);
    const aboutTheResponse = () => receiver.at('/erasure').filter((r) => r.payload.type !== 'response.deleted');
    const heardBefore = aboutTheResponse().length;
    const erased = await call(server, 'DELETE', `/api/v1/questionnaires/${questionnaire.id}/responses/${responseId}`);
    expect(erased.status).toBe(204);

    const { items } = await deliveriesOf(server, questionnaire.id, webhook.id);
    expect(items.map((item) => item.eventType)).toEqual(['response.deleted']);
    const stored = await server.database.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_event WHERE data::text LIKE '%Private person%'`,
    );
    expect(stored[0]?.n).toBe(0);
    // The response.deleted delivery runs its whole schedule (four attempts, all answered 500), so
    // the sender claims due deliveries again and again meanwhile; the erased events' deliveries
    // were retried on the same schedule, but are gone. Only an attempt already on the wire as the
    // erasure committed may land: at most one per erased delivery (created, completed).
    const outbox = await drainedOutbox(server.database.db.sql, webhook.id);
    expect(outbox).toEqual([{ event_type: 'response.deleted', status: 'FAILED', attempts: 4, leased: false }]);
    expect(aboutTheResponse().length - heardBefore).toBeLessThanOrEqual(2);
  });

  it('deleting a questionnaire removes its webhooks, events and deliveries and sends nothing', async () => {
    const questionnaire = await createPublished(server);
    const webhook = await addWebhook(server, receiver, questionnaire.id, '/cascade', { events: ['response.deleted'] });
    await startResponse(server, questionnaire.publicId);
    expect(
      (await call(server, 'POST', `/api/v1/questionnaires/${questionnaire.id}/webhooks/${webhook.id}/test`)).status,
    ).toBe(202);
    await receiver.waitFor('/cascade', 1);
    expect((await call(server, 'DELETE', `/api/v1/questionnaires/${questionnaire.id}`)).status).toBe(204);
    const counts = await server.database.db.sql.query<{ webhooks: number; events: number; deliveries: number }>(
      `SELECT (SELECT count(*)::int FROM webhook WHERE questionnaire_id = $1::uuid) AS webhooks,
              (SELECT count(*)::int FROM webhook_event WHERE questionnaire_id = $1::uuid) AS events,
              (SELECT count(*)::int FROM webhook_delivery WHERE webhook_id = $2::uuid) AS deliveries`,
      [questionnaire.id, webhook.id],
    );
    // Nothing of it is left in the outbox, so the test send (already heard) is all it ever gets.
    expect(counts[0]).toEqual({ webhooks: 0, events: 0, deliveries: 0 });
    expect(receiver.at('/cascade').map((request) => request.payload.type)).toEqual(['webhook.test']);
  });
});
