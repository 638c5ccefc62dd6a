import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, pgliteDirFor } from '@forms-engine/db';
import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { sweepFiles } from '../src/services/orphan-files.ts';
import { createFileStorage } from '../src/storage/create-file-storage.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import { filesDirFor } from '../src/storage/local-disk.ts';
import { fileDefinition, randomBytesOf } from './files-helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { startServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const BOUNDARY = 'crash-test-boundary';

async function post(url: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'POST' : path.endsWith('/draft') ? 'PUT' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
}

/**
 * Starts a multipart upload and sends `bytes` of the file, never the end of the body, waiting
 * until the server has taken them in (backpressure): the upload is in the middle of being stored.
 */
async function startUpload(url: string, responseId: string, bytes: number) {
  const target = new URL(`/public/v1/responses/${responseId}/files?questionCode=doc`, url);
  const req = request(target, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  req.on('error', () => undefined); // the server dies under it
  req.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const chunk = randomBytesOf(64 * 1024);
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    if (!req.write(chunk)) await once(req, 'drain');
  }
  return req;
}

/**
 * Waits until the store holds part of the upload, whatever the machine's speed: in the bucket,
 * the first part of the multipart upload written whole (s3rver writes `<part>.md5` once a part's
 * bytes are stored); on disk, the temporary file past `bytes`. The request is still open, so a
 * kill then is a crash in the middle of an upload.
 */
async function partWritten(kind: 's3' | 'local', where: string, bytes: number): Promise<void> {
  await vi.waitFor(
    async () => {
      if (kind === 's3') {
        const uploads = join(where, '._S3rver_uploads');
        const ids = await readdir(uploads).catch(() => []);
        const parts = await Promise.all(ids.map((id) => readdir(join(uploads, id)).catch(() => [])));
        expect(parts.flat()).toContain('1.md5');
      } else {
        const tmp = join(where, '.tmp');
        const sizes = await Promise.all(
          (await readdir(tmp).catch(() => [])).map(async (name) => (await stat(join(tmp, name))).size),
        );
        expect(Math.max(0, ...sizes)).toBeGreaterThanOrEqual(bytes);
      }
    },
    { timeout: 60_000, interval: 20 },
  );
}

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

// The object store; the local disk's temp + fsync + rename is covered by files-sweeper's crash leftovers
// (one server process start costs seconds on a shared machine: `kind` can be 'local' to run it here too).
describe.each(['s3'] as const)('kill -9 in the middle of an upload (%s store)', (kind: 's3' | 'local') => {
  let s3: TestS3Server | undefined;
  let database: TestDatabase | undefined;
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    dataDir = await mkdtemp(join(tmpdir(), 'fe-crash-'));
    env = {
      ...s3?.env,
      DATABASE_URL: database?.databaseUrl ?? '',
      DATA_DIR: dataDir,
      UPLOAD_MAX_FILE_SIZE_MB: '20',
    };
  });
  afterAll(async () => {
    await database?.dispose();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The database the processes used, opened here once none runs (PGlite allows one process). */
  const openShared = (): Promise<Database> =>
    database ? Promise.resolve(database.db) : openDatabase({ pgliteDir: pgliteDirFor(dataDir) });

  it('leaves no row pointing at a missing or partial object; a restart serves, the sweeper cleans up', async () => {
    const first = await startServerProcess(env);
    const { id } = await post(first.url, '/api/v1/questionnaires', { name: 'Crash' });
    await post(first.url, `/api/v1/questionnaires/${id}/draft`, fileDefinition());
    const { publicId } = await post(first.url, `/api/v1/questionnaires/${id}/publish`);
    const { responseId } = await post(first.url, `/public/v1/questionnaires/${publicId}/responses`, {
      versionNumber: 1,
    });
    // 8 MiB of a longer file: past the first 5 MiB part of a multipart upload (S3), or into the temporary (disk).
    const upload = await startUpload(first.url, responseId!, 8 * MiB);
    await partWritten(kind, kind === 's3' ? join(s3!.directory, s3!.bucket) : filesDirFor(dataDir), 5 * MiB);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    upload.destroy();

    const config = loadConfig(env);
    const storage = createFileStorage(config.fileStorage, config.dataDir);
    let db = await openShared();
    const rows = await db.prisma.storedFile.findMany({ where: { responseId } });
    // The row went in as PENDING before the first byte; it never became STORED.
    expect(rows.filter((row) => row.state === 'STORED')).toEqual([]);
    expect(await keysOf(storage)).toEqual([]);
    if (kind === 'local') expect((await readdir(join(filesDirFor(dataDir), '.tmp'))).length).toBe(1);
    if (!database) await db.close();

    // The next process serves the same response; a new upload works.
    const second = await startServerProcess(env);
    try {
      const form = new FormData();
      const bytes = randomBytesOf(6 * MiB);
      form.append('file', new Blob([bytes]), 'again.bin');
      const again = await fetch(`${second.url}/public/v1/responses/${responseId}/files?questionCode=doc`, {
        method: 'POST',
        body: form,
      });
      expect(again.status).toBe(201);
      const { fileId } = (await again.json()) as { fileId: string };
      const res = await fetch(`${second.url}/api/v1/questionnaires/${id}/responses/${responseId}/files/${fileId}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await second.stop();
    }

    // Once the dead upload is older than any upload can last, the sweeper removes what it left.
    db = await openShared();
    try {
      const later = new Date(Date.now() + config.orphanFiles.pendingStaleMs + 60_000);
      const swept = await sweepFiles({ prisma: db.prisma, config, storage }, later);
      expect(swept.stalePendingDeleted).toBe(1);
      const left = await db.prisma.storedFile.findMany({ where: { responseId } });
      expect(left.map((row) => row.state)).toEqual(['STORED']);
      // Every STORED row names a whole object.
      for (const row of left) {
        const stream = await storage.read(`${row.questionnaireId}/${row.responseId}/${row.id}`);
        let size = 0;
        for await (const chunk of stream) size += (chunk as Buffer).length;
        expect(size).toBe(Number(row.size));
      }
      if (kind === 'local') expect(await readdir(join(filesDirFor(dataDir), '.tmp'))).toEqual([]);
    } finally {
      if (!database) await db.close();
    }
  }, 180_000);
});
