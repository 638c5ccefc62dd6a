import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import {
  download,
  fileRows,
  filesOnDisk,
  keyOf,
  PNG,
  publishFileQuestionnaire,
  randomBytesOf,
  startResponse,
  upload,
  uploadOk,
} from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('files: upload, download, delete', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('round-trips the exact bytes and serves them as a sandboxed attachment', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const bytes = randomBytesOf(300_000);
    const ref = await uploadOk(server, responseId, bytes, { name: 'report.dat', type: 'application/x-report' });
    expect(ref).toEqual({
      fileId: expect.stringMatching(UUID),
      fileName: 'report.dat',
      size: 300_000,
      contentType: 'application/x-report',
    });
    expect(await filesOnDisk(server)).toContain(keyOf(q.id, responseId, ref.fileId));

    const res = await download(server, q.id, responseId, ref.fileId);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/x-report');
    expect(res.headers.get('content-length')).toBe('300000');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=report.dat');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('detects the content type from the bytes, not the label', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const png = await uploadOk(server, responseId, PNG, { name: 'notes.txt', type: 'text/plain' });
    expect(png.contentType).toBe('image/png');
    expect((await download(server, q.id, responseId, png.fileId)).headers.get('content-type')).toBe('image/png');

    const text = await uploadOk(server, responseId, Buffer.from('just words\n'), { type: 'text/plain' });
    expect(text.contentType).toBe('text/plain');
    const fakePng = await uploadOk(server, responseId, Buffer.from('<html>not a png</html>'), { type: 'image/png' });
    expect(fakePng.contentType).toBe('application/octet-stream');
  });

  it('stores an empty file as application/octet-stream', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const empty = await uploadOk(server, responseId, new Uint8Array(0), { name: 'empty' });
    expect(empty).toMatchObject({ size: 0, contentType: 'application/octet-stream' });
    const res = await download(server, q.id, responseId, empty.fileId);
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(0);
  });

  it('sanitises the file name and encodes it per RFC 6266 / 5987 on download', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const evil = await uploadOk(server, responseId, Buffer.from('x'), { name: '../../etc/pass\u200Bwd\u202Egnp.txt' });
    expect(evil.fileName).toBe('passwdgnp.txt');
    const windows = await uploadOk(server, responseId, Buffer.from('x'), { name: 'C:\\Users\\me\\cv.pdf' });
    expect(windows.fileName).toBe('cv.pdf');
    const long = await uploadOk(server, responseId, Buffer.from('x'), { name: `${'a'.repeat(400)}.jpeg` });
    expect(long.fileName).toHaveLength(255);
    expect(long.fileName.endsWith('a.jpeg')).toBe(true);

    const name = 'Résumé 📄 "final" (1)%.pdf';
    const unicode = await uploadOk(server, responseId, Buffer.from('x'), { name });
    expect(unicode.fileName).toBe(name);
    const res = await download(server, q.id, responseId, unicode.fileId);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R?sum? ?? \\"final\\" (1)%.pdf"; ` +
        `filename*=UTF-8''R%C3%A9sum%C3%A9%20%F0%9F%93%84%20%22final%22%20%281%29%25.pdf`,
    );
  });

  it('lists only STORED files: stats count them, PENDING rows are invisible', async () => {
    const q = await publishFileQuestionnaire(server);
    const emptyStats = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/files/stats`);
    expect(emptyStats.status).toBe(200);
    expect(emptyStats.body).toEqual({ fileCount: 0, totalBytes: 0 });

    const responseId = await startResponse(server, q.publicId);
    await uploadOk(server, responseId, randomBytesOf(1000));
    await uploadOk(server, responseId, randomBytesOf(234));
    const other = await startResponse(server, q.publicId);
    await uploadOk(server, other, randomBytesOf(66));
    const pendingId = randomUUID();
    await server.database.db.prisma.storedFile.create({
      data: {
        id: pendingId,
        responseId,
        questionnaireId: q.id,
        questionCode: 'doc',
        fileName: 'half.bin',
        contentType: 'application/octet-stream',
        size: 999n,
      },
    });
    const stats = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/files/stats`);
    expect(stats.body).toEqual({ fileCount: 3, totalBytes: 1300 });
    expectProblem(
      await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/${responseId}/files/${pendingId}`),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${pendingId}`),
      404,
      'NOT_FOUND',
    );
  });

  it('stats of an unknown questionnaire is 404', async () => {
    expectProblem(await call(server, 'GET', `/api/v1/questionnaires/${randomUUID()}/files/stats`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'GET', '/api/v1/questionnaires/nope/files/stats'), 404, 'NOT_FOUND');
  });

  it('reports the upload caps', async () => {
    const res = await call(server, 'GET', '/api/v1/uploads/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ maxFileSizeMb: 10, maxFilesPerResponse: 20, maxBytesPerResponse: 104_857_600 });
  });

  describe('bad uploads', () => {
    let responseId: string;
    beforeAll(async () => {
      const q = await publishFileQuestionnaire(server);
      responseId = await startResponse(server, q.publicId);
    });

    const post = (init: RequestInit, query = '?questionCode=doc') =>
      server
        .fetch(`/public/v1/responses/${responseId}/files${query}`, { method: 'POST', ...init })
        .then(async (res) => ({
          status: res.status,
          headers: res.headers,
          body: await res.json(),
        }));

    it('400 without a file part, with the file under another name, or with two files', async () => {
      const onlyField = new FormData();
      onlyField.append('note', 'hello');
      expectProblem(await post({ body: onlyField }), 400, 'VALIDATION_FAILED');
      expectProblem(
        await upload(server, responseId, Buffer.from('x'), { field: 'attachment' }),
        400,
        'VALIDATION_FAILED',
      );
      const two = new FormData();
      two.append('file', new Blob(['one']), 'one.txt');
      two.append('file', new Blob(['two']), 'two.txt');
      expectProblem(await post({ body: two }), 400, 'VALIDATION_FAILED');
      expect(await fileRows(server, { responseId })).toEqual([]);
    });

    it.each([
      ['missing', null],
      ['empty', ''],
      ['blank', '   '],
      ['too long', 'x'.repeat(129)],
    ])('400 with a %s questionCode', async (_label, questionCode) => {
      const problem = expectProblem(
        await upload(server, responseId, Buffer.from('x'), { questionCode }),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(['questionCode']);
    });

    it('415 for a body that is not multipart, or no body at all', async () => {
      expectProblem(
        await post({ body: JSON.stringify({ file: 'x' }), headers: { 'content-type': 'application/json' } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectProblem(
        await post({ body: 'x', headers: { 'content-type': 'application/octet-stream' } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectProblem(await post({}), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('400 for a truncated or boundary-less multipart body, and nothing is kept', async () => {
      const truncated =
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\nsome bytes but no closing boundary';
      expectProblem(
        await post({ body: truncated, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' } }),
        400,
        'VALIDATION_FAILED',
      );
      expectProblem(
        await post({ body: 'x', headers: { 'content-type': 'multipart/form-data' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await fileRows(server, { responseId })).toEqual([]);
    });

    it('404 for an unknown or malformed response id', async () => {
      expectProblem(await upload(server, randomUUID(), Buffer.from('x')), 404, 'NOT_FOUND');
      expectProblem(await upload(server, 'not-an-id', Buffer.from('x')), 404, 'NOT_FOUND');
    });
  });

  it('a COMPLETED response takes no uploads or deletes (409) and its files stay downloadable', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const ref = await uploadOk(server, responseId, Buffer.from('kept'));
    expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);

    expectProblem(await upload(server, responseId, Buffer.from('late')), 409, 'RESPONSE_COMPLETED');
    expectProblem(
      await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${ref.fileId}`),
      409,
      'RESPONSE_COMPLETED',
    );
    expect(await fileRows(server, { responseId })).toHaveLength(1);
    const res = await download(server, q.id, responseId, ref.fileId);
    expect(res.status).toBe(200);
    expect(res.bytes.toString()).toBe('kept');
  });

  it('delete removes the row and the bytes; only the owning response may delete', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const other = await startResponse(server, q.publicId);
    const ref = await uploadOk(server, responseId, Buffer.from('to delete'));
    const key = keyOf(q.id, responseId, ref.fileId);
    expect(await filesOnDisk(server)).toContain(key);

    expectProblem(await call(server, 'DELETE', `/public/v1/responses/${other}/files/${ref.fileId}`), 404, 'NOT_FOUND');
    expectProblem(
      await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${randomUUID()}`),
      404,
      'NOT_FOUND',
    );
    expectProblem(await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/nope`), 404, 'NOT_FOUND');
    expect(await filesOnDisk(server)).toContain(key);

    const res = await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${ref.fileId}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await filesOnDisk(server)).not.toContain(key);
    expect(await fileRows(server, { responseId })).toEqual([]);
    expectProblem(
      await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${ref.fileId}`),
      404,
      'NOT_FOUND',
    );
    expect((await download(server, q.id, responseId, ref.fileId)).status).toBe(404);
  });

  it('download is 404 unless the file belongs to that response of that questionnaire', async () => {
    const a = await publishFileQuestionnaire(server);
    const b = await publishFileQuestionnaire(server);
    const responseA = await startResponse(server, a.publicId);
    const otherA = await startResponse(server, a.publicId);
    const responseB = await startResponse(server, b.publicId);
    const ref = await uploadOk(server, responseA, Buffer.from('secret'));
    const path = (q: string, r: string, f: string) => `/api/v1/questionnaires/${q}/responses/${r}/files/${f}`;

    expect((await download(server, a.id, responseA, ref.fileId)).status).toBe(200);
    for (const wrong of [
      path(b.id, responseA, ref.fileId),
      path(b.id, responseB, ref.fileId),
      path(a.id, otherA, ref.fileId),
      path(a.id, responseA, randomUUID()),
      path(randomUUID(), responseA, ref.fileId),
      path(a.id, responseA, 'nope'),
      path('nope', 'nope', 'nope'),
    ]) {
      expectProblem(await call(server, 'GET', wrong), 404, 'NOT_FOUND');
    }
  });

  it('takes uploads only for FILE_UPLOAD questions of the pinned version', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    // Version 2 renames the upload question; the response stays pinned to version 1.
    await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, {
      schemaVersion: 1,
      questions: [{ id: 'q9', code: 'photo', type: 'FILE_UPLOAD' }],
    });
    await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
    for (const questionCode of ['note', 'unknown', 'photo']) {
      const res = await upload(server, responseId, Buffer.from('x'), { questionCode });
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(res.body.errors[0].path).toBe('questionCode');
    }
    expect(await fileRows(server, { responseId })).toEqual([]);
    await uploadOk(server, responseId, Buffer.from('x'), { questionCode: 'doc' });
  });

  it("refuses files outside the question's accepted types, judged by the detected type, keeping nothing", async () => {
    const q = await createPublished(server, {
      schemaVersion: 1,
      questions: [{ id: 'q1', code: 'pic', type: 'FILE_UPLOAD', typeConfig: { acceptedContentTypes: ['image/*'] } }],
    });
    const responseId = await startResponse(server, q.publicId);
    const before = await filesOnDisk(server);
    const disguised = await upload(server, responseId, Buffer.from('plain text'), {
      questionCode: 'pic',
      type: 'image/png',
    });
    expectProblem(disguised, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A type detection does not know is no way around it: the bytes must be recognisably an image.
    const html = await upload(server, responseId, Buffer.from('<html><script>alert(1)</script></html>'), {
      questionCode: 'pic',
      type: 'image/x-foo',
    });
    expect(expectProblem(html, 415, 'UNSUPPORTED_MEDIA_TYPE').detail).toMatch(/not recognisably/);
    expect(await fileRows(server, { responseId })).toEqual([]);
    expect(await filesOnDisk(server)).toEqual(before);
    const image = await uploadOk(server, responseId, PNG, { questionCode: 'pic', type: 'text/plain' });
    expect(image.contentType).toBe('image/png');
  });

  it('describes the multipart upload, the binary download and the JSON file operations in /openapi.json', async () => {
    const doc = (await call(server, 'GET', '/openapi.json')).body;
    const uploadOp = doc.paths['/public/v1/responses/{responseId}/files'].post;
    expect(uploadOp.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(uploadOp.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'questionCode', in: 'query', required: true })]),
    );
    expect(Object.keys(uploadOp.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409', '413', '415']));
    expect(uploadOp.responses['413'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual(
      expect.arrayContaining(['PAYLOAD_TOO_LARGE', 'FILE_TOO_LARGE', 'TOO_MANY_FILES', 'RESPONSE_STORAGE_FULL']),
    );
    expect(uploadOp.responses['201'].headers.Location).toBeDefined();
    expect(uploadOp.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/FileReference',
    );

    const downloadOp = doc.paths['/api/v1/questionnaires/{id}/responses/{responseId}/files/{fileId}'].get;
    // Served as the stored type, whatever it is.
    expect(downloadOp.responses['200'].content['*/*'].schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(doc.paths['/public/v1/responses/{responseId}/files/{fileId}'].delete.responses['204']).toBeDefined();
    expect(doc.paths['/api/v1/questionnaires/{id}/files/stats'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/v1/uploads/config'].get.responses['200']).toBeDefined();
  });
});

describe('files: caps', () => {
  const MiB = 1024 * 1024;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      LOG_LEVEL: 'error',
      UPLOAD_MAX_FILE_SIZE_MB: '1',
      UPLOAD_MAX_FILES_PER_RESPONSE: '2',
      UPLOAD_MAX_BYTES_PER_RESPONSE: String(1.5 * MiB),
    });
  });
  afterAll(() => server.close());

  const nothingKeptBeyond = async (responseId: string, storedKeys: string[]) => {
    const rows = await fileRows(server, { responseId });
    expect(rows.map((row) => row.state)).toEqual(storedKeys.map(() => 'STORED'));
    expect(await filesOnDisk(server)).toEqual([...storedKeys].sort());
  };

  it('reports the configured caps', async () => {
    expect((await call(server, 'GET', '/api/v1/uploads/config')).body).toEqual({
      maxFileSizeMb: 1,
      maxFilesPerResponse: 2,
      maxBytesPerResponse: 1.5 * MiB,
    });
  });

  it('enforces FILE_TOO_LARGE, RESPONSE_STORAGE_FULL and TOO_MANY_FILES, keeping nothing of a rejected file', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);

    expectProblem(await upload(server, responseId, randomBytesOf(MiB + 1)), 413, 'FILE_TOO_LARGE');
    await nothingKeptBeyond(responseId, []);

    const first = await uploadOk(server, responseId, randomBytesOf(MiB));
    const firstKey = keyOf(q.id, responseId, first.fileId);
    await nothingKeptBeyond(responseId, [firstKey]);

    expectProblem(await upload(server, responseId, randomBytesOf(600 * 1024)), 413, 'RESPONSE_STORAGE_FULL');
    await nothingKeptBeyond(responseId, [firstKey]);

    const second = await uploadOk(server, responseId, randomBytesOf(100 * 1024));
    const secondKey = keyOf(q.id, responseId, second.fileId);
    expectProblem(await upload(server, responseId, Buffer.from('third')), 413, 'TOO_MANY_FILES');
    await nothingKeptBeyond(responseId, [firstKey, secondKey]);

    // Deleting frees room again.
    expect((await call(server, 'DELETE', `/public/v1/responses/${responseId}/files/${first.fileId}`)).status).toBe(204);
    await uploadOk(server, responseId, Buffer.from('third'));
  });

  it('holds the file-count cap under concurrent uploads to one response', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(server, responseId, Buffer.from(`file ${i}`))),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 413, 413, 413, 413]);
    for (const res of results.filter((r) => r.status === 413)) expect(res.body.code).toBe('TOO_MANY_FILES');
    const rows = await fileRows(server, { responseId });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.state === 'STORED')).toBe(true);
    const keys = (await filesOnDisk(server)).filter((key) => key.startsWith(`${q.id}/${responseId}/`));
    expect(keys.sort()).toEqual(rows.map((row) => keyOf(q.id, responseId, row.id)).sort());
  });

  it('holds the byte cap under concurrent uploads to one response', async () => {
    const q = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, q.publicId);
    const results = await Promise.all(
      Array.from({ length: 2 }, () => upload(server, responseId, randomBytesOf(900 * 1024))),
    );
    expect(results.map((res) => res.status).sort()).toEqual([201, 413]);
    expect(results.find((res) => res.status === 413)?.body.code).toBe('RESPONSE_STORAGE_FULL');
    const rows = await fileRows(server, { responseId });
    expect(rows).toHaveLength(1);
    expect((await filesOnDisk(server)).filter((key) => key.startsWith(`${q.id}/${responseId}/`))).toEqual([
      keyOf(q.id, responseId, rows[0]?.id ?? ''),
    ]);
  });
});
