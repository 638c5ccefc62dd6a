import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonCanonicalReason } from '../src/http/canonical-target.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

describe('GET /embed/v1/embed.js', () => {
  let server: TestServer;
  let built: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    built = await readFile(createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js'));
  });
  afterAll(() => server.close());

  it('serves the built script-tag loader to any site, cacheable, with a strong ETag', async () => {
    const res = await server.fetch('/embed/v1/embed.js', { headers: { origin: 'https://any.example' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(built)).toBe(true);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=86400/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server.fetch('/embed/v1/embed.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const head = await server.fetch('/embed/v1/embed.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // The loader names the module it imports, and the element the module defines.
    expect(built.toString('utf8')).toContain('embed-module.js');
    expect(built.toString('utf8')).toContain('forms-engine-questionnaire');
  });
});

/** One GET with exactly these headers and this target, the body left as sent (fetch would decode it). */
function getRaw(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: hostname, port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('GET /embed/v1/{file}: the module the script tag imports, and its chunks', () => {
  let server: TestServer;
  let folder: string;
  let chunk: string;
  beforeAll(async () => {
    server = await startTestServer();
    folder = join(dirname(createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js')), 'script');
    const module = await readFile(join(folder, 'embed-module.js'), 'utf8');
    // The chunk the module imports (the renderer): the largest file of the first load.
    chunk = /from\s*"\.\/(chunk-[A-Z0-9]{8}\.js)"/.exec(module)![1]!;
  });
  afterAll(() => server.close());

  it('serves a chunk as JavaScript to any site, cached for a year, in Brotli or gzip, with 304 for its ETag', async () => {
    const built = await readFile(join(folder, chunk));
    const res = await getRaw(server, `/embed/v1/${chunk}`, { origin: 'https://any.example' });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(built)).toBe(true);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const coded = await getRaw(server, `/embed/v1/${chunk}`, { 'accept-encoding': coding });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(coded.headers['content-length'])).toBe(coded.bytes.length);
      expect(coded.bytes.length).toBeLessThan(built.length / 2);
      expect(decode(coded.bytes).equals(built)).toBe(true);
      expect(coded.headers.etag).not.toBe(res.headers.etag);
      const again = await getRaw(server, `/embed/v1/${chunk}`, {
        'accept-encoding': coding,
        'if-none-match': String(coded.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    }
  });

  it('sends the gzip copy the build made (zopfli, smaller than zlib would), and never serves it as a file', async () => {
    const built = await readFile(join(folder, chunk));
    const copy = await readFile(join(folder, '..', 'gzip', 'script', `${chunk}.gz`));
    expect(copy.length).toBeLessThan(gzipSync(built, { level: 9 }).length);
    const coded = await getRaw(server, `/embed/v1/${chunk}`, { 'accept-encoding': 'gzip' });
    expect(coded.headers['content-encoding']).toBe('gzip');
    expect(coded.bytes.equals(copy)).toBe(true);
    expect((await server.fetch(`/embed/v1/${chunk}.gz`)).status).toBe(404);
  });

  it('serves every file of the built folder; the module itself is revalidated on every use', async () => {
    const names = await readdir(folder);
    expect(names).toContain('embed-module.js');
    for (const name of names) {
      const res = await server.fetch(`/embed/v1/${name}`);
      expect([name, res.status, res.headers.get('content-type')]).toEqual([
        name,
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(join(folder, name)))).toBe(true);
      expect(res.headers.get('cache-control')).toBe(
        name === 'embed-module.js' ? 'public, no-cache' : 'public, max-age=31536000, immutable',
      );
    }
    const module = await server.fetch('/embed/v1/embed-module.js');
    const again = await server.fetch('/embed/v1/embed-module.js', {
      headers: { 'if-none-match': module.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for any name not in the build, and never reads a path from the request', async () => {
    for (const target of [
      '/embed/v1/nope.js',
      '/embed/v1/chunk-AAAAAAAA.js',
      '/embed/v1/script/embed-module.js',
      '/embed/v1/../package.json',
      '/embed/v1/..%2fpackage.json',
      '/embed/v1/%2e%2e%2fembed.global.js',
      '/embed/v1/..%5c..%5cpackage.json',
      '/embed/v1/..\\embed.global.js',
      '/embed/v1/embed-module.js%00',
      '/embed/v1/embed-module.js%00.js',
      '/embed/v1/%2e%2e',
      '/embed/v1/embed.global.js',
      '/embed/v1/embed-module.js.map',
      '/embed/v1/EMBED-MODULE.JS',
      '/embed/v1/embed-module.js/',
    ]) {
      const res = await rawRequest(server.url, 'GET', target);
      // Dot segments, backslashes, encoded separators and NUL are refused before any route (400,
      // canonical-target.ts); what reaches the route finds no such name (404).
      expect([target, res.status]).toEqual([target, nonCanonicalReason(target) ? 400 : 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // The names that reach the route.
    for (const target of ['/embed/v1/nope.js', '/embed/v1/embed-module.js.map', '/embed/v1/EMBED-MODULE.JS'])
      expect(nonCanonicalReason(target)).toBeUndefined();
  });
});
