import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

const INDEX = '<!doctype html><title>Forms Engine editor</title><div id="root"></div>';
const ASSET = 'console.log("editor")';
/** What the editor's build writes beside each asset (vite-plugin-compression2). */
const ASSET_BR = brotliCompressSync(ASSET);
const ASSET_GZ = gzipSync(ASSET);

describe('the editor at /', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'fe-editor-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), ASSET);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), ASSET_BR);
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), ASSET_GZ);
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ EDITOR_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  // Plain fetch: these pages are not API operations, so the OpenAPI contract check is not theirs.
  const get = (path: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    fetch(new URL(path, server.url), { headers });

  it('serves the page at / and for client routes, revalidated on every load', async () => {
    for (const path of ['/', '/questionnaires/abc', '/questionnaires/abc/responses?status=COMPLETED']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets for a year, immutable, and 404s a missing asset instead of the page', async () => {
    const res = await get('/assets/index-abc123.js', { accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(ASSET);
    const missing = await get('/assets/index-gone.js', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('serves the build-time Brotli and gzip files of an asset by Accept-Encoding, with Vary', async () => {
    const cases = [
      ['br, gzip', 'br', ASSET_BR],
      ['gzip, deflate', 'gzip', ASSET_GZ],
      ['identity', null, Buffer.from(ASSET)],
    ] as const;
    for (const [acceptEncoding, coding, bytes] of cases) {
      const res = await rawBytes(server.url, '/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'] ?? null, acceptEncoding).toBe(coding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.bytes.equals(bytes), acceptEncoding).toBe(true);
    }
  });

  it('answers /favicon.ico with the icon, so no page load logs a 404', async () => {
    const res = await get('/favicon.ico', { accept: 'image/avif,image/webp,*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/<svg/);
  });

  it('never shadows the API paths: their 404s and 405s stay problem bodies', async () => {
    for (const path of ['/api/v1/nope', '/public/v1/nope', '/trpc/nope', '/embed/v1/nope.js', '/healthzz/x']) {
      const res = await get(path);
      if (path === '/healthzz/x') {
        expect(res.status).toBe(200); // not an API path: a client route like any other
        continue;
      }
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type'), path).toMatch(/json/);
    }
    expect((await get('/openapi.json')).headers.get('content-type')).toMatch(/^application\/json/);
    expect((await get('/docs/')).status).toBe(200);
    expect(await (await get('/docs/')).text()).toMatch(/swagger/i);
    expect((await get('/readyz')).headers.get('content-type')).toMatch(/json/);
  });

  it('gives the page only to clients that ask for HTML: API clients get the 404 problem', async () => {
    const apiClients: Record<string, string>[] = [{}, { accept: '*/*' }, { accept: 'application/json' }];
    for (const headers of apiClients) {
      const res = await get('/nowhere', headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await get('/nowhere', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).status).toBe(200);
  });

  it('answers only GET and HEAD with the page', async () => {
    const head = await fetch(new URL('/questionnaires/abc', server.url), {
      method: 'HEAD',
      headers: { accept: 'text/html' },
    });
    expect(head.status).toBe(200);
    const post = await fetch(new URL('/questionnaires/abc', server.url), {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(post.status).toBe(404);
  });

  it('refuses targets that step outside, before any file is looked at', async () => {
    for (const target of [
      '/%2e%2e/%2e%2e/etc/passwd',
      '/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets\\..\\index.html',
    ]) {
      const res = await rawRequest(server.url, 'GET', target, { headers: { accept: 'text/html' } });
      expect(res.status, target).toBe(400);
    }
  });
});

/** A GET whose body stays as sent (fetch would decode it). */
function rawBytes(baseUrl: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('without a built editor', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ EDITOR_DIST_DIR: join(tmpdir(), 'fe-no-editor-here') });
  });
  afterAll(() => server.close());

  it('says at / how to build it', async () => {
    const res = await fetch(new URL('/', server.url));
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/pnpm start/);
  });
});
