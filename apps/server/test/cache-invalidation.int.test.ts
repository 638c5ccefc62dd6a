import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import type { QuestionnaireDetail } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MAX_AGE_MS } from '../src/cache/public-questionnaires.ts';
import { sleep } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * How soon a change must be seen elsewhere. NOTIFY takes milliseconds; the cache's safety-net age is 10 s from
 * when an entry was read, and every test reads its entries just before the change, so anything seen within half
 * of that came by NOTIFY. Half, not a tighter figure, because a loaded CI machine can stall one request for seconds.
 */
const BOUND_MS = SETTINGS_MAX_AGE_MS / 2;

/** Polls `check` until it holds, or fails after the bound. */
async function within(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < BOUND_MS) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error(`not seen within ${BOUND_MS} ms`);
}

const get = (base: string, path: string, origin?: string) =>
  fetch(`${base}${path}`, { headers: origin ? { origin } : {} }).then(async (res) => ({
    status: res.status,
    body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined,
  }));

describe('the in-memory questionnaire cache follows changes made anywhere', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a change written straight into the database (not through this process) reaches the cache by NOTIFY', async () => {
    const q = await createPublished(server);
    const live = `/public/v1/questionnaires/${q.publicId}/live`;
    expect((await get(server.url, live, 'https://site.example')).status).toBe(200); // cached now
    await server.database.db.prisma.$executeRaw`
      UPDATE questionnaire SET allowed_origins = ARRAY['https://other.example'], name = 'Renamed' WHERE id = ${q.id}::uuid`;
    await within(async () => (await get(server.url, live, 'https://site.example')).status === 403);
    expect((await get(server.url, live)).body?.name).toBe('Renamed');
  });
});

// Several OS processes can only share a database server, so this runs where DATABASE_URL names one.
describe.runIf(process.env.DATABASE_URL)('across server processes sharing one Postgres', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    const started = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.databaseUrl! })));
    [a, b] = started as [ServerProcess, ServerProcess];
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  });

  const send = (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.text()) || undefined }));

  it('allowedOrigins, publishes and deletes made on one process are enforced by the other within the bound', async () => {
    const created = JSON.parse(
      (await send(a.url, 'POST', '/api/v1/questionnaires', { name: 'Shared' })).body!,
    ) as QuestionnaireDetail;
    const base = `/api/v1/questionnaires/${created.id}`;
    await send(a.url, 'PUT', `${base}/draft`, {
      schemaVersion: 1,
      questions: [{ id: 'q', code: 'q', type: 'SHORT_TEXT' }],
    });
    await send(a.url, 'POST', `${base}/publish`);
    const live = `/public/v1/questionnaires/${created.publicId}/live`;
    const origin = 'https://shop.example';
    // B has everything cached: the live document, and the settings by publicId and by responseId.
    expect((await get(b.url, live, origin)).body?.versionNumber).toBe(1);
    const response = JSON.parse(
      (await send(b.url, 'POST', `/public/v1/questionnaires/${created.publicId}/responses`, { versionNumber: 1 }))
        .body!,
    ) as { responseId: string };
    expect((await get(b.url, `/public/v1/responses/${response.responseId}`, origin)).status).toBe(200);

    expect((await send(a.url, 'PATCH', base, { allowedOrigins: ['https://elsewhere.example'] })).status).toBe(200);
    await within(async () => (await get(b.url, live, origin)).status === 403);
    await within(async () => (await get(b.url, `/public/v1/responses/${response.responseId}`, origin)).status === 403);

    await send(a.url, 'PATCH', base, { allowedOrigins: [] });
    await send(a.url, 'PUT', `${base}/draft`, { schemaVersion: 1, questions: [{ id: 'r', code: 'r', type: 'EMAIL' }] });
    await send(a.url, 'POST', `${base}/publish`);
    await within(async () => (await get(b.url, live, origin)).body?.versionNumber === 2);

    await send(a.url, 'DELETE', base);
    await within(async () => (await get(b.url, live)).status === 404);
  }, 60_000);
});
