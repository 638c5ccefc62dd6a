import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { fileDefinition } from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

const REQUESTS = 10_500;
const CONCURRENCY = 12;

/** A small seeded PRNG (mulberry32), so a failure names a request that can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** Path segments a hostile client sends in place of an id. */
const BAD_SEGMENTS = [
  'x',
  '0',
  '-1',
  '1e400',
  '99999999999999999999',
  '0x1',
  '1.5',
  '%00',
  '..',
  '.',
  '%2e%2e',
  '%2E',
  'a%2Fb',
  'a%5Cb',
  'a\\b',
  '%C3%A9',
  '%E0%A4%A',
  '%ZZ',
  '%',
  'caf%C3%A9%00',
  "'OR'1'='1",
  '00000000-0000-4000-8000-000000000000',
  'A'.repeat(300),
  '%F0%9F%98%80',
  '%EF%BF%BF',
];

const QUERY_VALUES = ['', 'x', '%00', 'a%00b', '1e400', '-1', '0x1', '01', '1.5', '9'.repeat(30), '%ZZ', '%C3', '[]'];

/** Bodies: each a content type and bytes, from plausible to hostile. */
const BODIES: { type?: string; encoding?: string; body: string | Buffer }[] = [
  { type: 'application/json', body: '{}' },
  { type: 'application/json', body: '{"name":"fuzz"}' },
  { type: 'application/json', body: '{"answers":{"q":"a\\u0000b"}}' },
  { type: 'application/json', body: '{"answers":{"q":"\\ud800"}}' },
  { type: 'application/json', body: '{"answers":{"q":1e400},"lastPosition":{"stepId":"s"}}' },
  { type: 'application/json', body: `{"answers":{"q":${deep(6000)}}}` },
  { type: 'application/json', body: deep(6000) },
  { type: 'application/json', body: '{"versionNumber":1,"externalRef":"\\u0000"}' },
  { type: 'application/json', body: '{"versionNumber":"1"}' },
  { type: 'application/json', body: '{"schemaVersion":1,"questions":[{"id":"a","code":"a","type":"NOPE"}]}' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '"string"' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', body: `{"name":"${'x'.repeat(300)}"}` },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'application/json', encoding: 'gzip', body: '{"name":"not gzip"}' },
  { type: 'application/json', encoding: 'gzip', body: gzipSync('{"name":"gz"}') },
  { type: 'application/json', encoding: 'br', body: 'nope' },
  { type: 'application/merge-patch+json', body: '{"name":"merge"}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'name=x' },
  { type: 'multipart/form-data; boundary=X', body: '--X\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: 'image/png', body: '\x89PNG' },
  { body: '{"name":"no type"}' },
  { type: 'application/json', body: Buffer.alloc(1_100_000, 0x20) },
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const HEADERS: Record<string, string>[] = [
  {},
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'if-none-match': 'W/"x", "y", *' },
  { 'if-none-match': '"' },
  { authorization: 'Bearer \u00ff' },
  { 'x-request-id': '../../etc' },
  { 'x-forwarded-for': '::1, 10.0.0.1' },
  { 'accept-encoding': 'gzip' },
];

describe('fuzzing every documented operation', () => {
  let server: TestServer;
  let templates: { path: string; methods: string[]; query: string[] }[];
  const ids: Record<string, string[]> = {};
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'error' });
    const q = await createPublished(server, fileDefinition());
    const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
      versionNumber: 1,
    });
    Object.assign(ids, {
      id: [q.id],
      publicId: [q.publicId],
      responseId: [created.body.responseId],
      n: ['1'],
      fileId: ['00000000-0000-4000-8000-000000000000'],
    });
    const document = (await call(server, 'GET', '/openapi.json')).body;
    templates = Object.entries<any>(document.paths).map(([path, item]) => ({
      path,
      methods: Object.keys(item).map((method) => method.toUpperCase()),
      query: Object.values<any>(item)
        .flatMap((operation) => operation.parameters ?? [])
        .filter((parameter: any) => parameter.in === 'query')
        .map((parameter: any) => parameter.name),
    }));
  });
  afterAll(() => server.close());

  it(`answers ${REQUESTS} generated requests without a 5xx, and every error with a problem body`, async () => {
    const rng = random(20261122);
    const failures: string[] = [];
    let next = 0;
    const one = async () => {
      const template = rng.pick(templates);
      const method = rng.next() < 0.7 ? rng.pick(template.methods) : rng.pick(METHODS);
      let path = template.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        rng.next() < 0.5 ? rng.pick(ids[name] ?? ['x']) : rng.pick(BAD_SEGMENTS),
      );
      if (rng.next() < 0.1) path = rng.pick(['/x/..', '/.', '/%2e', '//', '/public/v1/%2e%2e/..']) + path;
      const query = template.query
        .filter(() => rng.next() < 0.5)
        .map((name) => `${name}=${rng.pick(QUERY_VALUES)}`)
        .concat(rng.next() < 0.1 ? ['unknown=1', 'page=1&page=2'] : []);
      const target = query.length ? `${path}?${query.join('&')}` : path;
      const withBody = method !== 'GET' && method !== 'HEAD' ? rng.next() < 0.8 : rng.next() < 0.1;
      const body = withBody ? rng.pick(BODIES) : undefined;
      const headers: Record<string, string> = { ...rng.pick(HEADERS) };
      if (body?.type) headers['content-type'] = body.type;
      if (body?.encoding) headers['content-encoding'] = body.encoding;
      const label = `${method} ${target} ${JSON.stringify(headers)} ${String(body?.body ?? '').slice(0, 60)}`;
      try {
        const res = await rawRequest(server.url, method, target, {
          headers,
          ...(body && { body: body.body }),
        });
        if (res.status >= 500) failures.push(`${res.status} for ${label}: ${res.text.slice(0, 200)}`);
        else if (res.status >= 400 && method !== 'HEAD') {
          const problem = res.body as { status?: number; code?: string } | undefined;
          const typed = res.headers.get('content-type')?.startsWith('application/problem+json');
          if (!typed || problem?.status !== res.status || typeof problem?.code !== 'string') {
            failures.push(`${res.status} without a problem body for ${label}: ${res.text.slice(0, 120)}`);
          }
        }
      } catch (error) {
        failures.push(`no answer for ${label}: ${(error as Error).message}`);
      }
    };
    const worker = async () => {
      while (next < REQUESTS) {
        next++;
        await one();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(next).toBeGreaterThanOrEqual(10_000);
    expect(failures.slice(0, 200)).toEqual([]);
    // The server is still healthy and its data intact.
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);
  }, 300_000);
});
