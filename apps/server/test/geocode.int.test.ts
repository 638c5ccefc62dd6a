import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.ts';

const PATH = '/public/v1/geocode';
const get = (server: TestServer, query: string, headers: Record<string, string> = {}) =>
  call(server, 'GET', `${PATH}${query}`, undefined, headers);

function expectBadRequest(res: { status: number; headers: Headers; body: any }, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  expect(res.headers.get('cache-control') ?? '').not.toContain('public');
  expect(JSON.stringify(res.body.errors ?? [])).toContain(path);
}

describe('GET /public/v1/geocode (offline provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('suggests places, best first, with a cacheable answer', async () => {
    const res = await get(server, '?q=Springfield');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.body).toHaveLength(5);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['city', 'country', 'label', 'line1', 'postalCode', 'state']);
      expect(item).toMatchObject({ city: 'Springfield', country: 'US', line1: '' });
    }
  });

  it('trims q and ignores accents and case', async () => {
    const res = await get(server, `?q=${encodeURIComponent('  zurich  ')}`);
    expect(res.body[0]).toMatchObject({ city: 'Zürich', country: 'CH', label: 'Zürich, Zurich, Switzerland' });
  });

  it('ranks exact names first, then by population', async () => {
    const res = await get(server, '?q=Paris&limit=3');
    expect(res.body.map((s: any) => `${s.city}/${s.country}`)).toEqual(['Paris/FR', 'Paris/US', 'Paris/CA']);
  });

  it('carries the typed street into line1', async () => {
    const res = await get(server, `?q=${encodeURIComponent('12 Main Street, Springfield, IL')}&limit=2`);
    expect(res.body[0]).toEqual({
      line1: '12 Main Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '',
      country: 'US',
      label: '12 Main Street, Springfield, IL, United States',
    });
  });

  it('resolves US ZIP codes', async () => {
    const res = await get(server, '?q=90210');
    expect(res.body).toEqual([
      {
        line1: '',
        city: 'Beverly Hills',
        state: 'CA',
        postalCode: '90210',
        country: 'US',
        label: 'Beverly Hills, CA 90210, United States',
      },
    ]);
  });

  it('answers [] for an absent, empty or one-character q', async () => {
    for (const query of ['', '?q=', '?q=a', `?q=${encodeURIComponent('   é  ')}`, '?limit=3']) {
      const res = await get(server, query);
      expect(res.status, query).toBe(200);
      expect(res.body, query).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    }
  });

  it('answers [] when nothing matches', async () => {
    expect((await get(server, '?q=Qqxyzzyq')).body).toEqual([]);
  });

  it('defaults limit to 5, honours smaller and larger ones, and clamps above 20', async () => {
    expect((await get(server, '?q=san')).body).toHaveLength(5);
    expect((await get(server, '?q=san&limit=1')).body).toHaveLength(1);
    expect((await get(server, '?q=san&limit=7')).body).toHaveLength(7);
    expect((await get(server, '?q=san&limit=20')).body).toHaveLength(20);
    const clamped = await get(server, '?q=san&limit=1000');
    expect(clamped.status).toBe(200);
    expect(clamped.body).toHaveLength(20);
  });

  it('rejects a limit below 1 or not an integer', async () => {
    for (const limit of ['0', '-3', '2.5', 'abc', '1e400']) {
      expectBadRequest(await get(server, `?q=Paris&limit=${limit}`), 'limit');
    }
  });

  it('treats an empty limit or country as absent', async () => {
    expect((await get(server, '?q=san&limit=')).body).toHaveLength(5);
    const countries = new Set((await get(server, '?q=Paris&country=&limit=10')).body.map((s: any) => s.country));
    expect(countries.size).toBeGreaterThan(1);
  });

  it('filters by country, in any case', async () => {
    for (const country of ['fr', 'FR', 'Fr']) {
      const res = await get(server, `?q=san&limit=20&country=${country}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(20);
      for (const item of res.body) expect(item.country).toBe('FR');
    }
    expect((await get(server, '?q=Paris&country=US')).body[0]).toMatchObject({ city: 'Paris', state: 'TX' });
  });

  it('rejects a country that is not an ISO 3166-1 alpha-2 code', async () => {
    for (const country of ['ZZ', 'USA', 'U', '12', 'EU', 'f r']) {
      expectBadRequest(await get(server, `?q=Paris&country=${country}`), 'country');
    }
  });

  it('rejects an overlong q', async () => {
    expectBadRequest(await get(server, `?q=${'a'.repeat(257)}`), 'q');
  });

  it('answers any origin, since it names no questionnaire', async () => {
    const res = await get(server, '?q=Paris', { origin: 'https://forms.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await call(server, 'GET', '/openapi.json')).body;
    const operation = doc.paths[PATH]?.get;
    expect(operation).toBeDefined();
    expect(operation.tags).toEqual(['Public']);
    expect(operation.parameters.map((p: any) => `${p.in}:${p.name}`).sort()).toEqual([
      'header:Origin',
      'query:country',
      'query:limit',
      'query:q',
    ]);
    const country = operation.parameters.find((p: any) => p.name === 'country');
    expect(country.schema.pattern).toBeDefined();
    expect(country.description ?? country.schema.description).toMatch(/ISO 3166-1 alpha-2/);
  });
});

describe('GET /public/v1/geocode (HTTP provider, GEOCODER_URL)', () => {
  let upstream: Server;
  let upstreamUrl: string;
  let failing = false;
  let requests = 0;
  let server: TestServer;

  beforeAll(async () => {
    // A fake Photon: one answer, or a 500 with internals that must never reach the client.
    upstream = createServer((req, res) => {
      requests++;
      if (failing) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('SECRET upstream stack trace at db.internal:5432');
        return;
      }
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          features: [
            {
              properties: {
                type: 'house',
                housenumber: '1',
                street: `${q} Way`,
                city: 'Testville',
                state: 'Ohio',
                postcode: '44101',
                countrycode: 'US',
              },
            },
          ],
        }),
      );
    });
    upstream.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => upstream.once('listening', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;
    server = await startTestServer({ GEOCODER_URL: upstreamUrl });
  });
  afterAll(async () => {
    await server.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('answers from the upstream geocoder, cached', async () => {
    const res = await get(server, '?q=Elm');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.body).toEqual([
      {
        line1: '1 Elm Way',
        city: 'Testville',
        state: 'Ohio',
        postalCode: '44101',
        country: 'US',
        label: '1 Elm Way, Testville, Ohio 44101, United States',
      },
    ]);
    const before = requests;
    expect((await get(server, '?q=Elm')).body).toEqual(res.body);
    expect(requests).toBe(before);
  });

  it('still validates input and answers [] for a short q without asking upstream', async () => {
    const before = requests;
    expect((await get(server, '?q=x')).body).toEqual([]);
    expectBadRequest(await get(server, '?q=Elm&country=XX'), 'country');
    expect(requests).toBe(before);
  });

  it('never leaks an upstream failure: [] and no-store', async () => {
    failing = true;
    try {
      const res = await get(server, '?q=Oak');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(JSON.stringify(res.body)).not.toContain('SECRET');
    } finally {
      failing = false;
    }
    // The failure was not cached: the next call reaches the upstream again.
    expect((await get(server, '?q=Oak')).body[0]).toMatchObject({ line1: '1 Oak Way' });
  });
});
