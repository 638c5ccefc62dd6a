import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createFileStorage } from '../src/storage/create-file-storage.ts';
import { fileDefinition, randomBytesOf } from './files-helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.warn('Several server processes share one database only on Postgres: skipped on PGlite');

async function send(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function uploadVia(url: string, responseId: string, bytes: Uint8Array, client: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'file.bin');
  const res = await fetch(`${url}/public/v1/responses/${responseId}/files?questionCode=doc`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': client },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { fileId: string; fileName: string; size: number; contentType: string };
}

describe.runIf(onPostgres)('three server processes on one Postgres and one bucket are one service', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let servers: ServerProcess[];
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    env = {
      ...s3.env,
      DATABASE_URL: database.databaseUrl!,
      RATE_LIMIT_PUBLIC_WRITES: '10',
      TRUST_PROXY: 'loopback',
      ORPHAN_FILE_GRACE_SECONDS: '1',
      ORPHAN_SWEEP_INTERVAL_SECONDS: '1',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await s3?.close();
    await database?.dispose();
  });

  const urlOf = (i: number) => () => servers[i]!.url;
  const [one, two, three] = [urlOf(0), urlOf(1), urlOf(2)];

  async function publishedQuestionnaire() {
    const { body } = await send(one(), 'POST', '/api/v1/questionnaires', { name: 'Shared' });
    await send(one(), 'PUT', `/api/v1/questionnaires/${body.id}/draft`, fileDefinition());
    const published = await send(one(), 'POST', `/api/v1/questionnaires/${body.id}/publish`);
    return { id: body.id as string, publicId: published.body.publicId as string };
  }

  const createResponse = (url: string, publicId: string, client: string) =>
    send(
      url,
      'POST',
      `/public/v1/questionnaires/${publicId}/responses`,
      { versionNumber: 1 },
      { 'x-forwarded-for': client },
    );

  it('a file uploaded through the first is downloaded through the second and deleted through the third', async () => {
    const q = await publishedQuestionnaire();
    const client = '203.0.113.1';
    const { body } = await createResponse(one(), q.publicId, client);
    const responseId = body.responseId as string;
    const bytes = randomBytesOf(6 * MiB);
    const file = await uploadVia(one(), responseId, bytes, client);
    expect(
      (await send(one(), 'PATCH', `/public/v1/responses/${responseId}`, { answers: { doc: [file] } })).status,
    ).toBe(200);

    const downloaded = await fetch(
      `${two()}/api/v1/questionnaires/${q.id}/responses/${responseId}/files/${file.fileId}`,
    );
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await send(three(), 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${responseId}`)).status).toBe(204);
    const storage = createFileStorage(loadConfig(env).fileStorage, '');
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    expect(keys.filter((key) => key.startsWith(`${q.id}/`))).toEqual([]);
    const gone = await fetch(`${one()}/api/v1/questionnaires/${q.id}/responses/${responseId}/files/${file.fileId}`);
    expect(gone.status).toBe(404);
  }, 120_000);

  it('20 creates alternated over two processes with a budget of 10 give exactly 10 successes', async () => {
    const q = await publishedQuestionnaire();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await createResponse(i % 2 === 0 ? one() : two(), q.publicId, '203.0.113.2')).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  }, 60_000);

  it('the sweeper, running in all three, removes each orphan exactly once', async () => {
    const q = await publishedQuestionnaire();
    const client = '203.0.113.3';
    const { body } = await createResponse(three(), q.publicId, client);
    const orphans = [];
    for (let i = 0; i < 4; i++)
      orphans.push(await uploadVia(servers[i % 3]!.url, body.responseId, randomBytesOf(1000 + i), client));

    const prisma = database.db.prisma;
    const storage = createFileStorage(loadConfig(env).fileStorage, '');
    const objectsLeft = async () => {
      let count = 0;
      for await (const object of storage.list()) if (object.key.startsWith(`${q.id}/`)) count++;
      return count;
    };
    // A sweep deletes the rows, then their objects: wait for both.
    const deadline = Date.now() + 60_000;
    while (
      (await prisma.storedFile.count({ where: { responseId: body.responseId } })) > 0 ||
      (await objectsLeft()) > 0
    ) {
      expect(Date.now(), 'the orphans were not swept in time').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // Stopping flushes each process's log; every deletion is reported by exactly one sweep.
    await Promise.all(servers.map((server) => server.stop()));
    const reported = servers.flatMap((server) =>
      server.logs
        .filter((line) => line.includes('"file sweep"'))
        .map((line) => (JSON.parse(line) as { sweep: { orphansDeleted: number } }).sweep.orphansDeleted),
    );
    expect(reported.reduce((sum, count) => sum + count, 0)).toBe(orphans.length);
  }, 120_000);
});
