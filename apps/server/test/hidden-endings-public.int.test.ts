import { type DefinitionInput, WEBHOOK_PAYLOADS } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPaths, expectProblem } from './expect-problem.ts';
import { createPublished, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { addWebhook } from './webhook-helpers.ts';
import { expectVerified, WebhookReceiver } from './webhook-receiver.ts';

// Issue 23 on the public API: hidden values on create (declared keys only, checked, immutable,
// returned on rehydrate) and the ending recorded by complete (checked, kept from the first).

export const withHiddenAndEndings = (): DefinitionInput =>
  sampleDefinition({
    hiddenFields: [{ key: 'utm_source', label: 'Source' }, { key: 'customer_id' }],
    endings: [
      { id: 'e_qualified', title: 'You qualify', body: 'Pick a time.', visibility: { mode: 'ALWAYS' } },
      { id: 'e_default', title: 'Thank you', body: 'We will be in touch.', visibility: { mode: 'ALWAYS' } },
    ],
  });

describe('hidden fields and endings on the public API', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let q: { id: string; publicId: string };
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // The receiver lives on 127.0.0.1.
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    q = await createPublished(server, withHiddenAndEndings());
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const create = (body: Record<string, unknown>) =>
    call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1, ...body });
  const started = async (body: Record<string, unknown> = {}) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.responseId as string;
  };
  const rehydrate = (id: string) => call(server, 'GET', `/public/v1/responses/${id}`);
  const stored = async (id: string) =>
    (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/${id}`)).body;
  const complete = (id: string, body?: unknown) => call(server, 'POST', `/public/v1/responses/${id}/complete`, body);

  it('stores the declared hidden values, drops the others, and returns them on rehydrate', async () => {
    const id = await started({
      hidden: { utm_source: 'newsletter', customer_id: '42', not_declared: 'dropped', 'not a key': 'x' },
    });
    expect((await rehydrate(id)).body.hidden).toEqual({ utm_source: 'newsletter', customer_id: '42' });
    expect((await stored(id)).hidden).toEqual({ utm_source: 'newsletter', customer_id: '42' });
  });

  it('returns {} when none was sent, or none was declared', async () => {
    expect((await rehydrate(await started())).body.hidden).toEqual({});
    expect((await stored(await started())).hidden).toEqual({});
    const plain = await createPublished(server, sampleDefinition());
    const res = await call(server, 'POST', `/public/v1/questionnaires/${plain.publicId}/responses`, {
      versionNumber: 1,
      hidden: { utm_source: 'newsletter' },
    });
    expect(res.status).toBe(201);
    expect((await rehydrate(res.body.responseId)).body.hidden).toEqual({});
  });

  it('refuses a value over 1,000 characters or not text, declared or not, in words, storing nothing', async () => {
    const long = 'x'.repeat(1001);
    expect(errorPaths(await create({ hidden: { utm_source: long } }))).toEqual(['hidden.utm_source']);
    expect(errorPaths(await create({ hidden: { other: long } }))).toEqual(['hidden.other']);
    expect(errorPaths(await create({ hidden: { utm_source: 42 } }))).toEqual(['hidden.utm_source']);
    expect(errorPaths(await create({ hidden: { other: true } }))).toEqual(['hidden.other']);
    expect(errorPaths(await create({ hidden: { utm_source: null } }))).toEqual(['hidden.utm_source']);
    expect(errorPaths(await create({ hidden: 'utm_source=newsletter' }))).toEqual(['hidden']);
    // Exactly 1,000 characters is fine.
    const id = await started({ hidden: { utm_source: 'y'.repeat(1000) } });
    expect((await rehydrate(id)).body.hidden.utm_source).toHaveLength(1000);
    const all = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses?size=100`);
    expect(all.body.items.every((item: { hidden: Record<string, string> }) => item.hidden.utm_source !== 'x')).toBe(
      true,
    );
  });

  it('ignores hidden in a save: the values are set once', async () => {
    const id = await started({ hidden: { utm_source: 'ad' } });
    const save = await call(server, 'PATCH', `/public/v1/responses/${id}`, {
      answers: { name: 'Ana' },
      hidden: { utm_source: 'newsletter', customer_id: '7' },
    });
    expect(save.status).toBe(200);
    const after = await rehydrate(id);
    expect(after.body.hidden).toEqual({ utm_source: 'ad' });
    expect(after.body.answers).toEqual({ name: 'Ana' });
    // Any shape is ignored, not refused.
    expect((await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers: {}, hidden: 5 })).status).toBe(200);
    expect((await rehydrate(id)).body.hidden).toEqual({ utm_source: 'ad' });
  });

  it('records the ending named on complete, and keeps the first one on a repeat, whatever it names', async () => {
    const id = await started();
    expect((await complete(id, { endingId: 'e_qualified' })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'COMPLETED', endingId: 'e_qualified' });
    const first = (await stored(id)).completedAt;
    expect((await complete(id, { endingId: 'e_default' })).status).toBe(200);
    expect((await complete(id, { endingId: 'e_nowhere' })).status).toBe(200);
    expect((await complete(id)).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'COMPLETED', endingId: 'e_qualified', completedAt: first });
  });

  it('refuses an ending the pinned version does not have with 400 UNKNOWN_ENDING, changing nothing', async () => {
    const id = await started();
    const problem = expectProblem(await complete(id, { endingId: 'e_nowhere' }), 400, 'UNKNOWN_ENDING');
    expect(problem.detail).toContain('e_nowhere');
    expect(problem.detail).toContain('e_qualified');
    const after = await stored(id);
    expect(after.status).toBe('IN_PROGRESS');
    expect(after).not.toHaveProperty('endingId');
    expect(after).not.toHaveProperty('completedAt');
    // A version without endings has none to name.
    const plain = await createPublished(server, sampleDefinition());
    const other = await call(server, 'POST', `/public/v1/questionnaires/${plain.publicId}/responses`, {
      versionNumber: 1,
    });
    const none = expectProblem(
      await complete(other.body.responseId, { endingId: 'e_qualified' }),
      400,
      'UNKNOWN_ENDING',
    );
    expect(none.detail).toMatch(/no endings/);
    // Then completed without one, it completes.
    expect((await complete(id)).status).toBe(200);
  });

  it('records no ending for no body (no content type either) or {}', async () => {
    const bare = await started();
    const res = await server.fetch(`/public/v1/responses/${bare}/complete`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await stored(bare)).not.toHaveProperty('endingId');
    const empty = await started();
    expect((await complete(empty, {})).status).toBe(200);
    const after = await stored(empty);
    expect(after.status).toBe('COMPLETED');
    expect(after).not.toHaveProperty('endingId');
  });

  it('refuses a malformed complete body in words, and names a missing response 404 first', async () => {
    const id = await started();
    expect(errorPaths(await complete(id, { endingId: 5 }))).toEqual(['endingId']);
    expect(errorPaths(await complete(id, { endingId: '' }))).toEqual(['endingId']);
    expect(errorPaths(await complete(id, { ending: 'e_qualified' }))).toContain('');
    expect((await stored(id)).status).toBe('IN_PROGRESS');
    expectProblem(
      await complete('00000000-0000-4000-8000-000000000000', { endingId: 'e_qualified' }),
      404,
      'NOT_FOUND',
    );
  });

  it('records the ending through tRPC too', async () => {
    const id = await started();
    const res = await call(server, 'POST', '/trpc/public.complete', { responseId: id, endingId: 'e_default' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored(id)).endingId).toBe('e_default');
  });

  it('carries the stored hidden values in created and completed payloads, and the ending in completed', async () => {
    const hooked = await createPublished(server, withHiddenAndEndings());
    await addWebhook(server, receiver, hooked.id, '/hidden', { events: ['response.created', 'response.completed'] });
    const start = (hidden?: Record<string, string>) =>
      call(server, 'POST', `/public/v1/questionnaires/${hooked.publicId}/responses`, {
        versionNumber: 1,
        ...(hidden && { hidden }),
      }).then((res) => res.body.responseId as string);
    const withEnding = await start({ utm_source: 'newsletter', dropped: 'x' });
    const without = await start();
    expect((await complete(withEnding, { endingId: 'e_qualified' })).status).toBe(200);
    expect((await complete(without)).status).toBe(200);
    const requests = await receiver.waitFor('/hidden', 4);
    expectVerified(requests);
    const data = (type: string, responseId: string) =>
      requests.find((r) => r.payload.type === type && r.payload.data.responseId === responseId)?.payload;
    for (const request of requests) WEBHOOK_PAYLOADS[request.payload.type as 'response.created'].parse(request.payload);
    expect(data('response.created', withEnding)?.data.hidden).toEqual({ utm_source: 'newsletter' });
    expect(data('response.created', without)?.data.hidden).toEqual({});
    expect(data('response.created', withEnding)?.data).not.toHaveProperty('endingId');
    expect(data('response.completed', withEnding)?.data).toMatchObject({
      hidden: { utm_source: 'newsletter' },
      endingId: 'e_qualified',
    });
    expect(data('response.completed', without)?.data.hidden).toEqual({});
    expect(data('response.completed', without)?.data).not.toHaveProperty('endingId');
  });
});
