import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepFiles } from '../src/services/orphan-files.ts';
import { expectProblem } from './expect-problem.ts';
import {
  download,
  fileRows,
  keyOf,
  publishFileQuestionnaire,
  randomBytesOf,
  startResponse,
  upload,
  uploadOk,
} from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const GRACE_SECONDS = 3600;
const MiB = 1024 * 1024;

// What only the object store has: multipart uploads, a prefix. The deletes and the sweeper's
// grace period run on both stores in files-sweeper.int.test.ts.
describe('files in an S3-compatible object store (FILE_STORAGE=s3, s3rver)', () => {
  let s3: TestS3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({
      ...s3.env,
      S3_PREFIX: 'deployment-1',
      ORPHAN_FILE_GRACE_SECONDS: String(GRACE_SECONDS),
      UPLOAD_MAX_FILE_SIZE_MB: '8',
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  /** Every key in the bucket under this deployment's prefix. */
  async function objects(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of server.deps.storage.list()) keys.push(object.key);
    return keys.sort();
  }
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('stores an upload as an object and downloads the exact bytes as a sandboxed attachment', async () => {
    expect(server.deps.storage.kind).toBe('s3');
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    // Larger than one 5 MiB part: a multipart upload.
    const bytes = randomBytesOf(7 * MiB + 123);
    const ref = await uploadOk(server, responseId, bytes, { name: 'rapport été.pdf', type: 'application/x-report' });
    expect(ref.size).toBe(bytes.length);
    expect(await objects()).toContain(keyOf(q.id, responseId, ref.fileId));

    const res = await download(server, q.id, responseId, ref.fileId);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/x-report');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="rapport ?t?.pdf"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('cache-control')).toBe('private, no-store, no-transform');
  });

  it('an upload over the cap is 413 and leaves no object and no row, even after a part was sent', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    expectProblem(await upload(server, responseId, randomBytesOf(9 * MiB)), 413, 'FILE_TOO_LARGE');
    expect(await fileRows(server, { responseId })).toEqual([]);
    expect((await objects()).filter((key) => key.startsWith(`${q.id}/`))).toEqual([]);
  });

  it('public delete of a file removes its object', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const ref = await uploadOk(server, responseId, Buffer.from('gone soon'));
    expect((await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${ref.fileId}`)).status).toBe(204);
    expect(await objects()).not.toContain(keyOf(q.id, responseId, ref.fileId));
  });

  it('the sweeper removes orphans after the grace period, stray objects and dead uploads; keeps the rest', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const referenced = await uploadOk(server, responseId, Buffer.from('in the answer'));
    const orphan = await uploadOk(server, responseId, Buffer.from('never referenced'));
    expect(
      (await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { doc: [referenced] } })).status,
    ).toBe(200);
    const prisma = server.database.db.prisma;
    const storage = server.deps.storage;
    // A crash between the object's completion and the row's flip to STORED: a dead PENDING row.
    const deadId = randomUUID();
    await prisma.storedFile.create({
      data: {
        id: deadId,
        responseId,
        questionnaireId: q.id,
        questionCode: 'doc',
        fileName: 'dead.bin',
        contentType: 'application/octet-stream',
        size: 0n,
        createdAt: new Date(Date.now() - server.config.orphanFiles.pendingStaleMs - 1000),
      },
    });
    await storage.write(keyOf(q.id, responseId, deadId), Readable.from([Buffer.from('complete')]), { maxBytes: 100 });
    // A crash between a row's delete and its object's: an object no row names.
    const strayId = randomUUID();
    await storage.write(keyOf(q.id, responseId, strayId), Readable.from([Buffer.from('stray')]), { maxBytes: 100 });

    // Counts are for the whole bucket (other tests' files too); the end state below is this test's.
    const first = await sweepFiles(server.deps, later(10));
    expect(first.stalePendingDeleted).toBeGreaterThanOrEqual(1);
    // The stray is younger than the grace period: kept until the second sweep.
    expect(await objects()).toContain(keyOf(q.id, responseId, strayId));
    const marked = await prisma.storedFile.findUniqueOrThrow({ where: { id: orphan.fileId } });
    expect(marked.unreferencedSince).not.toBeNull();
    expect(await objects()).toContain(keyOf(q.id, responseId, orphan.fileId));
    // s3rver has no ListMultipartUploads: tidy reports nothing and the sweep still succeeds.
    expect(first.temporariesDeleted).toBe(0);
    const second = await sweepFiles(server.deps, later(10 + GRACE_SECONDS + 1));
    expect(second.orphansDeleted).toBeGreaterThanOrEqual(1);
    expect(second.strayBytesDeleted).toBeGreaterThanOrEqual(1);

    const left = (await objects()).filter((key) => key.startsWith(`${q.id}/${responseId}/`));
    expect(left).toEqual([keyOf(q.id, responseId, referenced.fileId)]);
    expect((await fileRows(server, { responseId })).map((row) => row.id)).toEqual([referenced.fileId]);
    expect((await download(server, q.id, responseId, orphan.fileId)).status).toBe(404);
    expect((await download(server, q.id, responseId, referenced.fileId)).status).toBe(200);
  });
});
