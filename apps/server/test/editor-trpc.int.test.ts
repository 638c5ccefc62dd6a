import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/router.ts';
import { createQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let client: ReturnType<typeof createTRPCClient<AppRouter>>;
beforeAll(async () => {
  server = await startTestServer();
  client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
});
afterAll(() => server.close());

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

describe('/trpc (the editor)', () => {
  it('creates, gets and lists, agreeing with the REST API', async () => {
    const created = await client.questionnaires.create.mutate({ name: '  From the editor ' });
    expect(created).toMatchObject({ name: 'From the editor', currentVersion: 0, hasUnpublishedChanges: true });
    const viaRest = await call(server, 'GET', `/api/v1/questionnaires/${created.id}`);
    expect(viaRest.body).toEqual(created);

    expect(await client.questionnaires.get.query({ id: created.id })).toEqual(created);

    const page = await client.questionnaires.list.query({ size: 200 });
    expect(page).toMatchObject({ page: 0, size: 200 });
    expect(page.items.find((i) => i.id === created.id)).toMatchObject({ name: 'From the editor', responseCount: 0 });
    expect(page.total).toBe((await call(server, 'GET', '/api/v1/questionnaires')).body.total);

    const defaults = await client.questionnaires.list.query();
    expect(defaults).toMatchObject({ page: 0, size: 50 });
  });

  it('edits, publishes and reads versions', async () => {
    const created = await createQuestionnaire(server);
    const drafted = await client.questionnaires.replaceDraft.mutate({ id: created.id, ...sampleDefinition() });
    expect(drafted.draft.questions).toHaveLength(2);
    const published = await client.questionnaires.publish.mutate({ id: created.id, note: 'via trpc' });
    expect(published).toMatchObject({ currentVersion: 1, hasUnpublishedChanges: false });
    expect(await client.questionnaires.versions.query({ id: created.id })).toEqual([
      { versionNumber: 1, note: 'via trpc', publishedBy: null, publishedAt: expect.any(String) },
    ]);
    expect((await client.questionnaires.version.query({ id: created.id, n: 1 })).definition).toEqual(drafted.draft);
  });

  it('a NOT_FOUND carries the problem in error.data.problem', async () => {
    for (const id of ['nope', randomUUID()]) {
      const error = await rejection(client.questionnaires.get.query({ id }));
      expect(error.data?.httpStatus).toBe(404);
      expect(error.data?.code).toBe('NOT_FOUND');
      expect(error.data?.problem).toMatchObject({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'NOT_FOUND',
        detail: expect.any(String),
      });
    }
    const created = await createQuestionnaire(server);
    const version = await rejection(client.questionnaires.version.query({ id: created.id, n: 1 }));
    expect(version.data?.problem).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('a validation failure carries the problem with the offending fields', async () => {
    const error = await rejection(client.questionnaires.create.mutate({ name: '' }));
    expect(error.data?.httpStatus).toBe(400);
    expect(error.data?.problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(error.data?.problem.errors?.map((e) => e.path)).toContain('name');
    // no stack traces for the editor either
    expect(JSON.stringify(error.data)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('unknown procedures are a 404 problem', async () => {
    const res = await call(server, 'GET', '/trpc/questionnaires.nothing');
    expect(res.status).toBe(404);
    expect(res.body.error.data.problem).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
