import { openDatabase } from '@forms-engine/db';
import { createTestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, sleep } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { filesOnDisk, publishFileQuestionnaire, startResponse, upload, uploadOk } from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { captureLogs } from './log-capture.ts';
import { createPostgresCluster, findPostgresBin, type PostgresCluster } from './postgres-cluster.ts';
import { createSilentRelay, type SilentRelay } from './silent-relay.ts';

type Answer = Awaited<ReturnType<typeof call>>;

/** A temporary outage: 503 SERVICE_UNAVAILABLE, a problem body, and a Retry-After of a few seconds. */
function expectUnavailable(answer: Answer) {
  expectProblem(answer, 503, 'SERVICE_UNAVAILABLE');
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(30);
}

/** A promise and the function that settles it. */
function signal() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Asks until the answer is not a 503 (the database is back), for at most `ms`. */
async function untilAvailable(ask: () => Promise<Answer>, ms = 20_000): Promise<Answer> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (answer.status !== 503 || Date.now() > deadline) return answer;
    await sleep(200);
  }
}

const outageLines = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.msg === 'dependency unavailable' && line.dependency === 'database');

const bin = findPostgresBin();
if (!bin) console.warn('No initdb/pg_ctl under /usr/lib/postgresql/*/bin: the stopped-Postgres test is skipped');

describe.skipIf(!bin)('a Postgres database stopped and started again under the server', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  const { logger, lines } = captureLogs();
  beforeAll(async () => {
    cluster = await createPostgresCluster(bin as string);
    const db = await openDatabase({ databaseUrl: cluster.url, poolSize: 5 });
    await db.migrate();
    const database = { db, databaseUrl: cluster.url, dispose: () => db.close() };
    server = await startTestServer({}, { database, logger });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await server?.database.dispose();
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After while it is down, logs the outage once, and 2xx once it is back', async () => {
    const q = await createPublished(server);
    const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
      versionNumber: 1,
    });
    expect(created.status).toBe(201);
    const responseId = created.body.responseId as string;

    await cluster.stop();
    expectUnavailable(await call(server, 'GET', '/api/v1/questionnaires'));
    expectUnavailable(await call(server, 'POST', '/api/v1/questionnaires', { name: 'During the outage' }));
    expectUnavailable(await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'A' } }));
    expectUnavailable(await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`));
    const ready = await call(server, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(outageLines(lines)).toHaveLength(1);

    await cluster.start();
    const list = await untilAvailable(() => call(server, 'GET', '/api/v1/questionnaires'));
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const saved = await untilAvailable(() =>
      call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'B' } }),
    );
    expect(saved.status).toBe(200);
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);
    expect(lines.filter((line) => line.msg === 'dependency available again')).toHaveLength(1);
  }, 120_000);
});

describe('the embedded database closed under the server', () => {
  let server: TestServer;
  const { logger, lines } = captureLogs();
  beforeAll(async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL; // PGlite, whatever the run uses
    const database = await createTestDatabase().finally(() => {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    });
    server = await startTestServer({}, { database, logger });
  });
  afterAll(() => server.close());

  it('answers 503 with Retry-After, and /readyz 503, logged once', async () => {
    const q = await createPublished(server);
    await server.database.db.close();
    expectUnavailable(await call(server, 'GET', '/api/v1/questionnaires'));
    expectUnavailable(await call(server, 'GET', `/api/v1/questionnaires/${q.id}`));
    // From an embed on another origin: the settings cannot be read, yet the page may read the 503.
    const origin = 'https://embed.example';
    const create = await call(
      server,
      'POST',
      `/public/v1/questionnaires/${q.publicId}/responses`,
      { versionNumber: 1 },
      { origin },
    );
    expectUnavailable(create);
    expect(create.headers.get('access-control-allow-origin')).toBe(origin);
    expect(create.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
    expect((await call(server, 'GET', '/readyz')).status).toBe(503);
    // The editor's /trpc says the same, in its status too.
    const trpc = await call(
      server,
      'GET',
      `/trpc/questionnaires.get?input=${encodeURIComponent(JSON.stringify({ id: q.id }))}`,
    );
    expect(trpc.status).toBe(503);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(trpc.body.error.data.problem.code).toBe('SERVICE_UNAVAILABLE');
    expect(outageLines(lines)).toHaveLength(1);
  });
});

/** An errno error as the filesystem raises it when the disk is full. */
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

/** Passes `source` on until `room` bytes have gone by, then fails as a full disk does. */
async function* runsOutAfter(room: number, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let written = 0;
  for await (const chunk of source) {
    written += chunk.length;
    if (written > room) throw enospc();
    yield chunk;
  }
}

describe('a disk that fills up during an upload', () => {
  let server: TestServer;
  const { logger, lines } = captureLogs();
  let full = false;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        logger,
        // The real local disk, whose bytes run out after the first 4 KiB while `full` is set.
        deps: ({ storage }) => ({
          storage: {
            ...storage,
            kind: storage.kind,
            write(key, source, options) {
              if (!full) return storage.write(key, source, options);
              return storage.write(key, runsOutAfter(4096, source), options);
            },
          },
        }),
      },
    );
  });
  afterAll(() => server.close());

  it('answers 507 INSUFFICIENT_STORAGE, leaves no partial file and no row, and keeps serving', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    full = true;
    const bytes = Buffer.alloc(64 * 1024, 7);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await upload(server, responseId, bytes);
      expectProblem(refused, 507, 'INSUFFICIENT_STORAGE');
    }
    expect(await filesOnDisk(server)).toEqual([]);
    expect(await server.deps.prisma.storedFile.count()).toBe(0);
    expect(lines.filter((line) => line.msg === 'file store full')).toHaveLength(1);
    // Everything else is still served, and the same upload works once there is room again.
    expect(
      (await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { note: 'hi' } })).status,
    ).toBe(200);
    full = false;
    const stored = await uploadOk(server, responseId, bytes);
    expect(stored.size).toBe(bytes.length);
  });
});

describe.skipIf(!bin)('a Postgres database that hangs', () => {
  let cluster: PostgresCluster;
  let relay: SilentRelay;
  let server: TestServer;
  const { logger, lines } = captureLogs();
  beforeAll(async () => {
    cluster = await createPostgresCluster(bin as string);
    relay = await createSilentRelay({ host: '127.0.0.1', port: Number(new URL(cluster.url).port) });
    const url = new URL(cluster.url);
    url.port = String(relay.port);
    // As DATABASE_CONNECT_TIMEOUT_SECONDS=1 and DATABASE_STATEMENT_TIMEOUT_SECONDS=1 configure it.
    const db = await openDatabase({
      databaseUrl: url.toString(),
      poolSize: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 1000,
    });
    await db.migrate();
    const database = { db, databaseUrl: url.toString(), dispose: () => db.close() };
    server = await startTestServer({}, { database, logger });
  }, 120_000);
  afterAll(async () => {
    relay?.resume();
    await server?.close();
    await server?.database.dispose();
    await relay?.close();
    await cluster?.destroy();
  });

  /** The answer and how long it took. */
  async function timed(ask: () => Promise<Answer>) {
    const started = Date.now();
    const answer = await ask();
    return { answer, ms: Date.now() - started };
  }

  it('ends a statement stuck behind a lock in 503 after statement_timeout', async () => {
    await createPublished(server);
    // Another session holds the table: every statement that reads it waits.
    const other = await openDatabase({ databaseUrl: cluster.url, poolSize: 1 });
    const released = signal();
    const isLocked = signal();
    const holding = other.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('LOCK TABLE questionnaire IN ACCESS EXCLUSIVE MODE');
      isLocked.resolve();
      await released.promise;
    });
    try {
      await isLocked.promise;
      const { answer, ms } = await timed(() => call(server, 'GET', '/api/v1/questionnaires'));
      expectUnavailable(answer);
      expect(ms).toBeLessThan(5_000);
    } finally {
      released.resolve();
      await holding;
      await other.close();
    }
    expect((await call(server, 'GET', '/api/v1/questionnaires')).status).toBe(200);
  }, 60_000);

  it('ends requests to a server that stops answering (open connections and new ones) in 503, in bounded time', async () => {
    relay.hang();
    // Several at once: some find an idle pooled connection that never answers, the rest wait for new ones.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => timed(() => call(server, 'GET', '/api/v1/questionnaires'))),
    );
    for (const { answer, ms } of answers) {
      expectUnavailable(answer);
      expect(ms).toBeLessThan(15_000);
    }
    const ready = await timed(() => call(server, 'GET', '/readyz'));
    expect(ready.answer.status).toBe(503);
    expect(ready.ms).toBeLessThan(15_000);
    expect(lines.filter((line) => line.msg === 'dependency unavailable')).toHaveLength(1);
    relay.resume();
    const back = await untilAvailable(() => call(server, 'GET', '/api/v1/questionnaires'));
    expect(back.status).toBe(200);
  }, 90_000);
});
