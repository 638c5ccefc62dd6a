import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

describe('GET /embed/v1/embed.js', () => {
  let server: TestServer;
  let built: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    built = await readFile(createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js'));
  });
  afterAll(() => server.close());

  it('serves the built script-tag bundle to any site, cacheable, with a strong ETag', async () => {
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
    expect(built.toString('utf8')).toContain('forms-engine-questionnaire');
  });
});
