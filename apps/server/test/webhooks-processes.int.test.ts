import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import type { CreatedWebhook, QuestionnaireDetail } from '@forms-engine/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sleep } from './expect-problem.ts';
import { sampleDefinition } from './factories.ts';
import { rawRequest } from './raw-http.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { drainedOutbox } from './webhook-helpers.ts';
import { expectVerified, WebhookReceiver } from './webhook-receiver.ts';

const COMPLETIONS = 20;
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '0.5,0.5,0.5,0.5',
};

/**
 * One request on a connection of its own: on a starved machine a kept-alive connection can be
 * closed by the server just as the client reuses it, which is not what these tests are about.
 */
async function send(base: string, method: string, path: string, body?: unknown) {
  const res = await rawRequest(base, method, path, {
    headers: { connection: 'close', ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** A published questionnaire with a webhook on `path` for completions; the receiver holds its secret. */
async function setUp(base: string, receiver: WebhookReceiver, path: string) {
  const questionnaire = (await send(base, 'POST', '/api/v1/questionnaires', { name: 'Outbox' })) as QuestionnaireDetail;
  await send(base, 'PUT', `/api/v1/questionnaires/${questionnaire.id}/draft`, sampleDefinition());
  await send(base, 'POST', `/api/v1/questionnaires/${questionnaire.id}/publish`);
  const webhook = (await send(base, 'POST', `/api/v1/questionnaires/${questionnaire.id}/webhooks`, {
    url: receiver.url(path),
    events: ['response.completed'],
  })) as CreatedWebhook;
  receiver.secrets.push(webhook.secret);
  return { ...questionnaire, webhookId: webhook.id };
}

/** Another webhook for completions of the questionnaire, on `path`, added through `base`. */
async function addCompletionsWebhook(base: string, receiver: WebhookReceiver, questionnaireId: string, path: string) {
  const webhook = (await send(base, 'POST', `/api/v1/questionnaires/${questionnaireId}/webhooks`, {
    url: receiver.url(path),
    events: ['response.completed'],
  })) as CreatedWebhook;
  receiver.secrets.push(webhook.secret);
  return webhook;
}

async function complete(base: string, publicId: string, index: number): Promise<string> {
  const { responseId } = await send(base, 'POST', `/public/v1/questionnaires/${publicId}/responses`, {
    versionNumber: 1,
  });
  await send(base, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: `Person ${index}` } });
  await send(base, 'POST', `/public/v1/responses/${responseId}/complete`);
  return responseId;
}

/** The distinct response ids the receiver's `path` has heard of, once it has heard of `expected`. */
async function responsesHeard(receiver: WebhookReceiver, path: string, expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const heard = () => new Set(receiver.at(path).map((request) => request.payload.data.responseId as string));
  while (heard().size < expected && Date.now() < deadline) await sleep(50);
  return heard();
}

describe('the outbox across server processes', () => {
  let receiver: WebhookReceiver;
  let dataDir: string;
  let database: TestDatabase | undefined;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((server) => server.stop()));
    await database?.dispose();
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });
  afterAll(() => receiver.close());

  /** Postgres when DATABASE_URL is set (a fresh database), the embedded PGlite in DATA_DIR otherwise. */
  async function databaseEnv(): Promise<Record<string, string>> {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-webhooks-'));
    if (!process.env.DATABASE_URL) return { DATABASE_URL: '', DATA_DIR: dataDir };
    database = await createTestDatabase();
    return { DATABASE_URL: database.databaseUrl!, DATA_DIR: dataDir };
  }

  it('loses no event when the server is killed (SIGKILL) right after 20 completions', async () => {
    const env = { ...(await databaseEnv()), ...WEBHOOK_ENV };
    // Slow answers keep deliveries in flight and waiting when the process dies.
    receiver.respond = (request) => (request.path === '/killed' ? { status: 204, delayMs: 1000 } : { status: 204 });
    const first = await startServerProcess(env);
    processes.push(first);
    const questionnaire = await setUp(first.url, receiver, '/killed');
    const completed = await Promise.all(
      Array.from({ length: COMPLETIONS }, (_, index) => complete(first.url, questionnaire.publicId, index)),
    );
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    processes.splice(processes.indexOf(first), 1);
    const beforeRestart = new Set(receiver.at('/killed').map((request) => request.payload.data.responseId));
    expect(beforeRestart.size, 'some events were still waiting when the process died').toBeLessThan(COMPLETIONS);

    const second = await startServerProcess(env);
    processes.push(second);
    // Deliveries the dead process had claimed wait for their lease (2 x 2 s + 5 s) to end.
    const heard = await responsesHeard(receiver, '/killed', COMPLETIONS, 30_000);
    expect([...heard].sort()).toEqual([...completed].sort());
    const requests = receiver.at('/killed');
    expectVerified(requests);
    // At least once: a request on the wire as the process died may come again, with its webhook-id.
    const idsByResponse = new Map<string, Set<string>>();
    for (const request of requests) {
      const ids = idsByResponse.get(request.payload.data.responseId) ?? new Set();
      idsByResponse.set(request.payload.data.responseId, ids.add(request.id));
    }
    for (const ids of idsByResponse.values()) expect(ids.size).toBe(1);
  }, 120_000);

  it('leaves deliveries to a process whose key opens their secrets, and says why', async () => {
    const env = { ...(await databaseEnv()), ...WEBHOOK_ENV };
    const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
    const owner = await startServerProcess({ ...env, WEBHOOK_SECRET_KEY: key(1) });
    processes.push(owner);
    const questionnaire = await setUp(owner.url, receiver, '/keyed');
    await owner.stop();

    // Another key: it cannot sign for this webhook, so it sends nothing and says so.
    const stranger = await startServerProcess({ ...env, WEBHOOK_SECRET_KEY: key(2) });
    processes.push(stranger);
    await vi.waitFor(() => expect(stranger.logs.some((line) => line.includes('sealed with another key'))).toBe(true));
    // A webhook of its own on the same event: once that delivery arrives, this process has looked
    // for due deliveries after the event committed, with the other one due beside it.
    await addCompletionsWebhook(stranger.url, receiver, questionnaire.id, '/keyed-by-stranger');
    const responseId = await complete(stranger.url, questionnaire.publicId, 1);
    const [own] = await receiver.waitFor('/keyed-by-stranger', 1);
    expect(own!.payload.data.responseId).toBe(responseId);
    expect(receiver.at('/keyed')).toEqual([]);
    await stranger.stop();

    const again = await startServerProcess({ ...env, WEBHOOK_SECRET_KEY: key(1) });
    processes.push(again);
    const [request] = await receiver.waitFor('/keyed', 1);
    expectVerified([request!]);
    expect(request!.payload.data.responseId).toBe(responseId);
  }, 120_000);

  // Several OS processes can only share a database server.
  it.runIf(process.env.DATABASE_URL)(
    'delivers each event once when two processes send from one database',
    async () => {
      // A generous timeout: on a loaded machine a first attempt that times out is tried again,
      // which is right, but this test counts attempts to prove no delivery is sent twice.
      const env = { ...(await databaseEnv()), ...WEBHOOK_ENV, WEBHOOK_TIMEOUT_SECONDS: '15' };
      receiver.respond = (request) => (request.path === '/shared' ? { status: 204, delayMs: 50 } : { status: 204 });
      // Both share DATA_DIR, and so the key that seals the secrets.
      const servers = await Promise.all([0, 1].map(() => startServerProcess(env)));
      processes.push(...servers);
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const questionnaire = await setUp(a.url, receiver, '/shared');
      const completed = await Promise.all(
        Array.from({ length: 40 }, (_, index) => complete(index % 2 ? a.url : b.url, questionnaire.publicId, index)),
      );
      const heard = await responsesHeard(receiver, '/shared', completed.length, 30_000);
      expect(heard.size).toBe(completed.length);
      // Every delivery sent and recorded, none leased: each was attempted once (a second sender
      // would have counted a second attempt), and the receiver heard exactly those.
      const outbox = await drainedOutbox(database!.db.sql, questionnaire.webhookId);
      expect(outbox).toHaveLength(completed.length);
      expect(outbox.filter((row) => row.status !== 'SUCCEEDED' || row.attempts !== 1)).toEqual([]);
      const requests = receiver.at('/shared');
      expectVerified(requests);
      expect(requests).toHaveLength(completed.length);
      expect(new Set(requests.map((request) => request.id)).size).toBe(completed.length);

      // A new event goes out at once (NOTIFY), whichever process sends it: well before the 30 s
      // look a sender takes without one (5 s leaves room for a loaded machine).
      const last = await complete(b.url, questionnaire.publicId, 99);
      const committedAt = Date.now();
      await responsesHeard(receiver, '/shared', completed.length + 1, 10_000);
      const arrival = receiver.at('/shared').find((request) => request.payload.data.responseId === last);
      expect(arrival!.receivedAt - committedAt).toBeLessThan(5_000);
      const after = await drainedOutbox(database!.db.sql, questionnaire.webhookId);
      expect(after.reduce((sum, row) => sum + row.attempts, 0)).toBe(completed.length + 1);
      expect(receiver.at('/shared')).toHaveLength(completed.length + 1);
    },
    120_000,
  );
});
