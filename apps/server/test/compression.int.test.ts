import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished, createQuestionnaire } from './factories.ts';
import { publishFileQuestionnaire, startResponse, uploadOk } from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, still encoded. */
  bytes: Buffer;
}

/** One GET with exactly these headers, the body left as sent (fetch would decode it). */
function getRaw(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (res: RawResponse): Buffer => {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.bytes);
  if (coding === 'gzip') return gunzipSync(res.bytes);
  expect(coding).toBeUndefined();
  return res.bytes;
};

const varyNames = (res: RawResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

/** A definition whose live document is well over 1 KB. */
const bigDefinition = () => ({
  schemaVersion: 1 as const,
  questions: Array.from({ length: 30 }, (_, i) => ({
    id: `q${i}`,
    code: `question_${i}`,
    type: 'SHORT_TEXT' as const,
    prompt: `Question number ${i}: tell us something about yourself`,
  })),
});

describe('compression negotiated by Accept-Encoding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends JSON over 1 KB as Brotli or gzip as the client asks, identity otherwise, always with Vary', async () => {
    const identity = await getRaw(server, '/openapi.json');
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varyNames(identity)).toContain('accept-encoding');
    for (const [accept, coding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const res = await getRaw(server, '/openapi.json', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(varyNames(res)).toContain('accept-encoding');
      expect(res.bytes.length).toBeLessThan(identity.bytes.length / 4);
      expect(decode(res).equals(identity.bytes)).toBe(true);
    }
  });

  it('leaves JSON under 1 KB and problem bodies as they are', async () => {
    const small = await getRaw(server, '/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    // A problem body over 1 KB: forty questions of an unknown type, each one named.
    const questionnaire = await createQuestionnaire(server);
    const draft = {
      schemaVersion: 1,
      questions: Array.from({ length: 40 }, (_, i) => ({ id: `q${i}`, code: `c${i}`, type: 'NOT_A_TYPE' })),
    };
    const refused = await call(server, 'PUT', `/api/v1/questionnaires/${questionnaire.id}/draft`, draft, {
      'accept-encoding': 'br, gzip',
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(refused.body).length).toBeGreaterThan(1024);
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the live document once per version, with an ETag of its own per coding and 304s', async () => {
    const published = await createPublished(server, bigDefinition());
    const path = `/public/v1/questionnaires/${published.publicId}/live`;
    const identity = await getRaw(server, path);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.bytes.length).toBeGreaterThan(1024);
    expect(varyNames(identity)).toContain('accept-encoding');
    const etags = new Set([identity.headers.etag]);
    for (const coding of ['br', 'gzip'] as const) {
      const res = await getRaw(server, path, { 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
      expect(varyNames(res)).toContain('accept-encoding');
      expect(decode(res).equals(identity.bytes)).toBe(true);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      etags.add(etag);
      const again = await getRaw(server, path, { 'accept-encoding': coding, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(varyNames(again)).toContain('accept-encoding');
      // The identity body's ETag does not stand for the encoded one, nor the other way round.
      expect(
        (await getRaw(server, path, { 'accept-encoding': coding, 'if-none-match': String(identity.headers.etag) }))
          .status,
      ).toBe(200);
      expect((await getRaw(server, path, { 'if-none-match': etag })).status).toBe(200);
    }
    expect(etags.size).toBe(3);
    expect((await getRaw(server, path, { 'if-none-match': String(identity.headers.etag) })).status).toBe(304);
  });

  it('gives an encoded version body an ETag of its own, and still answers 304', async () => {
    const published = await createPublished(server, bigDefinition());
    const path = `/api/v1/questionnaires/${published.id}/versions/1`;
    const identity = await getRaw(server, path);
    const br = await getRaw(server, path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br).equals(identity.bytes)).toBe(true);
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    expect(
      (await getRaw(server, path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status,
    ).toBe(304);
    expect((await getRaw(server, path, { 'if-none-match': String(identity.headers.etag) })).status).toBe(304);
    expect(
      (await getRaw(server, path, { 'accept-encoding': 'br', 'if-none-match': String(identity.headers.etag) })).status,
    ).toBe(200);
  });

  it('compresses the CSV export as it streams: the header line is flushed before the rows', async () => {
    const published = await createPublished(server);
    for (let i = 0; i < 3; i++) await startResponse(server, published.publicId);
    const path = `/api/v1/questionnaires/${published.id}/responses/export.csv`;
    const identity = await getRaw(server, path);
    const gzip = await getRaw(server, path, { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/csv/);
    expect(decode(gzip).toString()).toBe(identity.bytes.toString());
    // A sync flush ends in an empty stored block (00 00 ff ff): what came before it decodes alone.
    const marker = Buffer.from([0x00, 0x00, 0xff, 0xff]);
    const firstFlush = gzip.bytes.indexOf(marker);
    expect(firstFlush).toBeGreaterThan(0);
    const headerOnly = gunzipSync(gzip.bytes.subarray(0, firstFlush + marker.length), {
      finishFlush: constants.Z_SYNC_FLUSH,
    }).toString();
    expect(headerOnly).toBe(`${identity.bytes.toString().split('\r\n')[0]}\r\n`);
  });

  it('sends downloaded files exactly as stored, never recompressed', async () => {
    const published = await publishFileQuestionnaire(server);
    const responseId = await startResponse(server, published.publicId);
    const text = Buffer.from('A line of plain text that compresses very well.\n'.repeat(100));
    const file = await uploadOk(server, responseId, text, { name: 'notes.txt', type: 'text/plain' });
    const res = await getRaw(
      server,
      `/api/v1/questionnaires/${published.id}/responses/${responseId}/files/${file.fileId}`,
      {
        'accept-encoding': 'br, gzip',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes.equals(text)).toBe(true);
  });

  it('serves embed.js compressed once, each coding with its own ETag and length', async () => {
    const built = await readFile(createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js'));
    const path = '/embed/v1/embed.js';
    const identity = await getRaw(server, path);
    expect(identity.bytes.equals(built)).toBe(true);
    expect(varyNames(identity)).toContain('accept-encoding');
    for (const coding of ['br', 'gzip'] as const) {
      const res = await getRaw(server, path, { 'accept-encoding': `${coding}, identity` });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
      // The loader is small (about 1.5 KB): coded, it shrinks by less than half.
      expect(res.bytes.length).toBeLessThan(built.length * 0.75);
      expect(decode(res).equals(built)).toBe(true);
      expect(res.headers.etag).not.toBe(identity.headers.etag);
      expect(varyNames(res)).toContain('accept-encoding');
      const again = await getRaw(server, path, {
        'accept-encoding': coding,
        'if-none-match': String(res.headers.etag),
      });
      expect(again.status).toBe(304);
    }
  });
});
