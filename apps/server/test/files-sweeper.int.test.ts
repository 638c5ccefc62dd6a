import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '@forms-engine/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepFiles, sweepFilesOnce } from '../src/services/orphan-files.ts';
import { filesDirFor } from '../src/storage/local-disk.ts';
import { expectProblem } from './expect-problem.ts';
import {
  download,
  fileRows,
  filesOnDisk,
  keyOf,
  publishFileQuestionnaire,
  startResponse,
  storedKeys,
  sweepDeps,
  uploadOk,
} from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const GRACE_SECONDS = 3600;

// The same guarantees on the local disk and in an S3-compatible object store (s3rver).
describe.each(['local', 's3'] as const)('stored bytes follow their rows (%s store)', (kind) => {
  let server: TestServer;
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    server = await startTestServer({ ...s3?.env, ORPHAN_FILE_GRACE_SECONDS: String(GRACE_SECONDS) });
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('hard-deleting a response removes its bytes, not only the rows', async () => {
    const q = await publishFileQuestionnaire(server);
    const doomed = await startResponse(server, q.publicId);
    const kept = await startResponse(server, q.publicId);
    const a = await uploadOk(server, doomed, Buffer.from('a'));
    const b = await uploadOk(server, doomed, Buffer.from('b'));
    const c = await uploadOk(server, kept, Buffer.from('c'));
    expect(await storedKeys(server)).toEqual(
      expect.arrayContaining([keyOf(q.id, doomed, a.fileId), keyOf(q.id, doomed, b.fileId)]),
    );

    expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${doomed}`)).status).toBe(204);
    const stored = await storedKeys(server);
    expect(stored.filter((key) => key.startsWith(`${q.id}/${doomed}`))).toEqual([]);
    expect(stored).toContain(keyOf(q.id, kept, c.fileId));
    expect(await fileRows(server, { responseId: doomed })).toEqual([]);
    expectProblem(await call(server, 'GET', `/public/v1/responses/${doomed}`), 404, 'NOT_FOUND');
    expect((await download(server, q.id, doomed, a.fileId)).status).toBe(404);
  });

  it('deleting a questionnaire removes the bytes of all its responses', async () => {
    const doomed = await publishFileQuestionnaire(server);
    const other = await publishFileQuestionnaire(server);
    const r1 = await startResponse(server, doomed.publicId);
    const r2 = await startResponse(server, doomed.publicId);
    const survivor = await startResponse(server, other.publicId);
    await uploadOk(server, r1, Buffer.from('1'));
    await uploadOk(server, r2, Buffer.from('2'));
    const s = await uploadOk(server, survivor, Buffer.from('s'));

    expect((await call(server, 'DELETE', `/api/v1/questionnaires/${doomed.id}`)).status).toBe(204);
    const stored = await storedKeys(server);
    expect(stored.filter((key) => key.startsWith(`${doomed.id}/`))).toEqual([]);
    expect(stored).toContain(keyOf(other.id, survivor, s.fileId));
    expect(await fileRows(server, { questionnaireId: doomed.id })).toEqual([]);
  });

  it('removes an object that no row names only once it is older than the grace period', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const strayId = randomUUID();
    await server.deps.storage.write(keyOf(q.id, responseId, strayId), Readable.from([Buffer.from('stray')]), {
      maxBytes: 100,
    });
    await sweepFiles(sweepDeps(server), later(GRACE_SECONDS - 60));
    expect(await storedKeys(server)).toContain(keyOf(q.id, responseId, strayId));
    await sweepFiles(sweepDeps(server), later(GRACE_SECONDS + 60));
    expect(await storedKeys(server)).not.toContain(keyOf(q.id, responseId, strayId));
  });

  it('sweeps files unreferenced by the answers after the grace period, keeping referenced ones', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const referenced = await uploadOk(server, responseId, Buffer.from('in the answer'));
    const nested = await uploadOk(server, responseId, Buffer.from('nested somewhere'));
    const orphan = await uploadOk(server, responseId, Buffer.from('never referenced'));
    const revived = await uploadOk(server, responseId, Buffer.from('referenced again later'));
    const patch = (answers: Record<string, unknown>) =>
      call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers });
    expect((await patch({ doc: [referenced], extra: { deep: [{ fileId: nested.fileId }] } })).status).toBe(200);

    const deps = sweepDeps(server);
    await sweepFiles(deps, new Date());
    const marks = async () =>
      Object.fromEntries(
        (await fileRows(server, { responseId })).map((row) => [row.id, row.unreferencedSince !== null]),
      );
    expect(await marks()).toEqual({
      [referenced.fileId]: false,
      [nested.fileId]: false,
      [orphan.fileId]: true,
      [revived.fileId]: true,
    });

    // Referenced again before the grace ran out: the mark is cleared and the file stays.
    expect((await patch({ doc: [referenced, revived], extra: { deep: [{ fileId: nested.fileId }] } })).status).toBe(
      200,
    );
    await sweepFiles(deps, later(60));
    expect((await marks())[revived.fileId]).toBe(false);

    // Not yet past the grace period: nothing is deleted.
    await sweepFiles(deps, later(GRACE_SECONDS - 120));
    expect(Object.keys(await marks())).toHaveLength(4);

    const result = await sweepFiles(deps, later(GRACE_SECONDS + 60));
    expect(result.orphansDeleted).toBeGreaterThanOrEqual(1);
    expect(Object.keys(await marks()).sort()).toEqual([referenced.fileId, nested.fileId, revived.fileId].sort());
    const stored = await storedKeys(server);
    expect(stored).not.toContain(keyOf(q.id, responseId, orphan.fileId));
    for (const kept of [referenced, nested, revived]) {
      expect(stored).toContain(keyOf(q.id, responseId, kept.fileId));
      expect((await download(server, q.id, responseId, kept.fileId)).status).toBe(200);
    }

    // The abandoned IN_PROGRESS response itself is never deleted.
    const rehydrated = await call(server, 'GET', `/public/v1/responses/${responseId}`);
    expect(rehydrated.status).toBe(200);
    expect(rehydrated.body.status).toBe('IN_PROGRESS');
  });

  it('a file unreferenced for longer than the grace is deleted even when the answers were never saved', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const file = await uploadOk(server, responseId, Buffer.from('abandoned'));
    const deps = sweepDeps(server);
    await sweepFiles(deps, later(10));
    await sweepFiles(deps, later(10 + GRACE_SECONDS + 1));
    expect(await fileRows(server, { responseId })).toEqual([]);
    expect(await storedKeys(server)).not.toContain(keyOf(q.id, responseId, file.fileId));
  });

  it('two sweepers at once never handle a file twice', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    for (let i = 0; i < 8; i++) await uploadOk(server, responseId, Buffer.from(`orphan ${i}`));
    const deps = sweepDeps(server);
    await sweepFiles(deps, later(5));
    const before = await server.database.db.prisma.storedFile.count();
    const results = await Promise.all([
      sweepFiles(deps, later(GRACE_SECONDS + 30)),
      sweepFiles(sweepDeps(server), later(GRACE_SECONDS + 30)),
    ]);
    const leftover = await fileRows(server, { responseId });
    expect(leftover).toEqual([]);
    const after = await server.database.db.prisma.storedFile.count();
    // Every deleted row was reported by exactly one of the two sweepers.
    expect(results[0].orphansDeleted + results[1].orphansDeleted).toBe(before - after);
    expect(before - after).toBeGreaterThanOrEqual(8);
    expect((await storedKeys(server)).filter((key) => key.startsWith(`${q.id}/${responseId}/`))).toEqual([]);
  });

  // Writes the leftovers into DATA_DIR/files itself; files-s3.int.test.ts has the object store's.
  it.runIf(kind === 'local')(
    'crash leftovers are swept: stale PENDING rows with their bytes, bytes without rows, temporaries',
    async () => {
      const q = await publishFileQuestionnaire(server);
      const responseId = await startResponse(server, q.publicId);
      const root = filesDirFor(server.config.dataDir);
      const prisma = server.database.db.prisma;

      // A crash after the bytes were renamed into place but before the row was flipped to STORED.
      const pendingId = randomUUID();
      await prisma.storedFile.create({
        data: {
          id: pendingId,
          responseId,
          questionnaireId: q.id,
          questionCode: 'doc',
          fileName: 'half.bin',
          contentType: 'application/octet-stream',
          size: 0n,
        },
      });
      await mkdir(join(root, q.id, responseId), { recursive: true });
      await writeFile(join(root, q.id, responseId, pendingId), 'renamed, never flipped');
      // A fresh PENDING row (an upload in flight) must survive.
      const inFlightId = randomUUID();
      await prisma.storedFile.create({
        data: {
          id: inFlightId,
          responseId,
          questionnaireId: q.id,
          questionCode: 'doc',
          fileName: 'uploading.bin',
          contentType: 'application/octet-stream',
          size: 0n,
          createdAt: new Date(Date.now() + server.config.orphanFiles.pendingStaleMs),
        },
      });
      // A crash between deleting a row and removing its bytes.
      const strayId = randomUUID();
      await writeFile(join(root, q.id, responseId, strayId), 'row already gone');
      const beforeGrace = new Date(Date.now() - (server.config.orphanFiles.graceSeconds + 60) * 1000);
      await utimes(join(root, q.id, responseId, strayId), beforeGrace, beforeGrace);
      // A crash mid-write.
      await mkdir(join(root, '.tmp'), { recursive: true });
      await writeFile(join(root, '.tmp', 'interrupted'), 'half');
      const old = new Date(Date.now() - 2 * server.config.orphanFiles.pendingStaleMs);
      await utimes(join(root, '.tmp', 'interrupted'), old, old);
      // A legitimate STORED file, referenced.
      const kept = await uploadOk(server, responseId, Buffer.from('kept'));
      await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { doc: [kept] } });

      const result = await sweepFiles(
        sweepDeps(server),
        new Date(Date.now() + server.config.orphanFiles.pendingStaleMs + 60_000),
      );
      expect(result.stalePendingDeleted).toBeGreaterThanOrEqual(1);
      expect(result.strayBytesDeleted).toBeGreaterThanOrEqual(1);
      expect(result.temporariesDeleted).toBeGreaterThanOrEqual(1);

      const rows = await fileRows(server, { responseId });
      expect(rows.map((row) => row.id).sort()).toEqual([inFlightId, kept.fileId].sort());
      const onDisk = await filesOnDisk(server);
      expect(onDisk).not.toContain(keyOf(q.id, responseId, pendingId));
      expect(onDisk).not.toContain(keyOf(q.id, responseId, strayId));
      expect(onDisk).not.toContain('.tmp/interrupted');
      expect(onDisk).toContain(keyOf(q.id, responseId, kept.fileId));
    },
  );
});

describe('dead uploads are recognised by the configured upload timeout, not a fixed age', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 1 MiB at 1 MiB/s + 1 s of headers + 30 s of framing: a request times out after 32 s,
    // so a PENDING row older than 32 s + 60 s cannot belong to a live upload.
    server = await startTestServer({
      UPLOAD_MAX_FILE_SIZE_MB: '1',
      UPLOAD_MIN_BYTES_PER_SECOND: String(1024 * 1024),
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(() => server.close());

  it('sweeps a PENDING row and its bytes once older than the request timeout plus a minute', async () => {
    expect(server.config.http.requestTimeoutMs).toBe(32_000);
    expect(server.config.orphanFiles.pendingStaleMs).toBe(92_000);
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const root = filesDirFor(server.config.dataDir);
    const prisma = server.database.db.prisma;
    const pendingRow = (id: string, ageSeconds: number) =>
      prisma.storedFile.create({
        data: {
          id,
          responseId,
          questionnaireId: q.id,
          questionCode: 'doc',
          fileName: `${id}.bin`,
          contentType: 'application/octet-stream',
          size: 0n,
          createdAt: new Date(Date.now() - ageSeconds * 1000),
        },
      });
    const dead = randomUUID();
    const alive = randomUUID();
    await pendingRow(dead, 100);
    await pendingRow(alive, 80);
    await mkdir(join(root, q.id, responseId), { recursive: true });
    await writeFile(join(root, q.id, responseId, dead), 'never flipped');

    const result = await sweepFiles(sweepDeps(server));
    expect(result.stalePendingDeleted).toBe(1);
    expect((await fileRows(server, { responseId })).map((row) => row.id)).toEqual([alive]);
    expect(await filesOnDisk(server)).not.toContain(keyOf(q.id, responseId, dead));
  });
});

describe('one sweeper at a time across processes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on Postgres a sweep is skipped while another process holds the sweeper lock, and runs once it is free',
    async () => {
      expect(server.deps.databaseKind).toBe('postgres');
      // Another process, as far as Postgres can tell: its own connections, one holding the lock.
      const other = await openDatabase({ databaseUrl: server.database.databaseUrl });
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = other.prisma.$transaction(async (tx) => {
        const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`SELECT pg_try_advisory_xact_lock(72707370) AS taken`;
        expect(lock?.taken).toBe(true);
        locked();
        await released;
      });
      try {
        await holding;
        expect(await sweepFilesOnce(server.deps)).toBeUndefined();
        release();
        await holder;
        expect(await sweepFilesOnce(server.deps)).toMatchObject({ orphansDeleted: 0 });
      } finally {
        release();
        await holder.catch(() => undefined);
        await other.close();
      }
    },
  );

  it.runIf(!process.env.DATABASE_URL)('on the embedded database (one process) a sweep needs no lock', async () => {
    expect(server.deps.databaseKind).toBe('pglite');
    expect(await sweepFilesOnce(server.deps)).toMatchObject({ orphansDeleted: 0 });
  });
});
