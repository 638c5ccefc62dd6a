import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpGeocoder } from './http-geocoder.ts';

/** A tiny fake Photon + Nominatim on 127.0.0.1 that records what it was asked. */
const requests: URL[] = [];
let server: Server;
let base: string;

const photonBody = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {
        type: 'house',
        housenumber: '12',
        street: 'Main Street',
        city: 'Springfield',
        state: 'Illinois',
        postcode: '62701',
        countrycode: 'US',
      },
    },
    { type: 'Feature', properties: { type: 'city', name: 'Springfield', state: 'Missouri', countrycode: 'US' } },
    { type: 'Feature', properties: { type: 'city', name: 'Springfield', state: 'Victoria', countrycode: 'AU' } },
    { type: 'Feature', properties: { type: 'city', name: 'Nowhere' } },
  ],
};

const nominatimBody = [
  {
    display_name: '10 Downing Street, London',
    address: {
      house_number: '10',
      road: 'Downing Street',
      city: 'London',
      state: 'England',
      postcode: 'SW1A 2AA',
      country_code: 'gb',
    },
  },
  { display_name: 'Paris', address: { town: 'Paris', state: 'Texas', country_code: 'us' } },
];

function handle(req: IncomingMessage): { status: number; body: string; delayMs?: number } {
  const url = new URL(req.url ?? '/', base);
  requests.push(url);
  if (url.pathname === '/api') return { status: 200, body: JSON.stringify(photonBody) };
  if (url.pathname === '/search') return { status: 200, body: JSON.stringify(nominatimBody) };
  if (url.pathname === '/fail/api') return { status: 500, body: 'java.lang.NullPointerException at secret.Internal' };
  if (url.pathname === '/garbage/api') return { status: 200, body: '<html>not json' };
  if (url.pathname === '/wrong-shape/api') return { status: 200, body: JSON.stringify({ features: 'nope' }) };
  if (url.pathname === '/huge/api') return { status: 200, body: `{"features":[],"pad":"${'x'.repeat(2_000_000)}"}` };
  if (url.pathname === '/slow/api') return { status: 200, body: JSON.stringify(photonBody), delayMs: 1_000 };
  return { status: 404, body: 'not found' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body, delayMs = 0 } = handle(req);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    }, delayMs);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

describe('HttpGeocoder against a fake Photon', () => {
  it('maps features to suggestions and drops those without a country', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api` });
    const result = await geocoder.search({ q: 'Springfield', limit: 5 });
    expect(result.maxAgeSeconds).toBeGreaterThan(0);
    expect(result.suggestions).toEqual([
      {
        line1: '12 Main Street',
        city: 'Springfield',
        state: 'Illinois',
        postalCode: '62701',
        country: 'US',
        label: '12 Main Street, Springfield, Illinois 62701, United States',
      },
      {
        line1: '',
        city: 'Springfield',
        state: 'Missouri',
        postalCode: '',
        country: 'US',
        label: 'Springfield, Missouri, United States',
      },
      {
        line1: '',
        city: 'Springfield',
        state: 'Victoria',
        postalCode: '',
        country: 'AU',
        label: 'Springfield, Victoria, Australia',
      },
    ]);
    expect(requests[0]?.searchParams.get('q')).toBe('Springfield');
    expect(requests[0]?.searchParams.get('limit')).toBe('5');
  });

  it('filters by country itself and over-asks, since Photon has no country filter', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api` });
    const { suggestions } = await geocoder.search({ q: 'Springfield', country: 'AU', limit: 5 });
    expect(suggestions.map((s) => s.country)).toEqual(['AU']);
    expect(requests[0]?.searchParams.get('limit')).toBe('15');
  });

  it('keeps the typed street when the upstream has none', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api` });
    const { suggestions } = await geocoder.search({ q: '5 Elm Road, Springfield', limit: 3 });
    expect(suggestions.map((s) => s.line1)).toEqual(['12 Main Street', '5 Elm Road', '5 Elm Road']);
  });

  it('respects the limit', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api` });
    expect((await geocoder.search({ q: 'Springfield', limit: 1 })).suggestions).toHaveLength(1);
  });

  it('caches successful answers', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api` });
    const first = await geocoder.search({ q: 'Springfield', limit: 5 });
    const second = await geocoder.search({ q: 'Springfield', limit: 5 });
    expect(second).toEqual(first);
    expect(requests).toHaveLength(1);
    await geocoder.search({ q: 'Springfield', limit: 4 });
    expect(requests).toHaveLength(2);
  });

  it('expires cached answers after the TTL', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/api`, cacheTtlMs: 1 });
    await geocoder.search({ q: 'Springfield', limit: 5 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await geocoder.search({ q: 'Springfield', limit: 5 });
    expect(requests).toHaveLength(2);
  });
});

describe('HttpGeocoder against a fake Nominatim', () => {
  it('asks with jsonv2, address details and the country filter, and maps addresses', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/search` });
    const { suggestions } = await geocoder.search({ q: '10 Downing Street, London', country: 'GB', limit: 5 });
    expect(suggestions).toEqual([
      {
        line1: '10 Downing Street',
        city: 'London',
        state: 'England',
        postalCode: 'SW1A 2AA',
        country: 'GB',
        label: '10 Downing Street, London, England SW1A 2AA, United Kingdom',
      },
    ]);
    const asked = requests[0]?.searchParams;
    expect(asked?.get('format')).toBe('jsonv2');
    expect(asked?.get('addressdetails')).toBe('1');
    expect(asked?.get('countrycodes')).toBe('gb');
    expect(asked?.get('limit')).toBe('5');
  });

  it('reads town when there is no city', async () => {
    const geocoder = new HttpGeocoder({ url: `${base}/search` });
    const { suggestions } = await geocoder.search({ q: 'Paris', limit: 5 });
    expect(suggestions[1]).toMatchObject({ city: 'Paris', state: 'Texas', country: 'US' });
  });
});

describe('HttpGeocoder when the upstream fails', () => {
  const failures: Array<[string, string]> = [
    ['a 500', '/fail/api'],
    ['a body that is not JSON', '/garbage/api'],
    ['a body of the wrong shape', '/wrong-shape/api'],
    ['a body over 1 MiB', '/huge/api'],
    ['a 404', '/missing/api'],
  ];
  for (const [what, path] of failures) {
    it(`answers an empty, uncacheable list on ${what}, and does not cache it`, async () => {
      const errors: unknown[] = [];
      const geocoder = new HttpGeocoder({ url: `${base}${path}`, onUpstreamError: (error) => errors.push(error) });
      expect(await geocoder.search({ q: 'Springfield', limit: 5 })).toEqual({ suggestions: [], maxAgeSeconds: 0 });
      await geocoder.search({ q: 'Springfield', limit: 5 });
      expect(requests).toHaveLength(2);
      expect(errors).toHaveLength(2);
    });
  }

  it('gives up after the timeout', async () => {
    const errors: unknown[] = [];
    const geocoder = new HttpGeocoder({
      url: `${base}/slow/api`,
      timeoutMs: 100,
      onUpstreamError: (e) => errors.push(e),
    });
    const started = performance.now();
    expect(await geocoder.search({ q: 'Springfield', limit: 5 })).toEqual({ suggestions: [], maxAgeSeconds: 0 });
    expect(performance.now() - started).toBeLessThan(900);
    expect((errors[0] as Error).name).toBe('TimeoutError');
  });

  it('answers an empty list when nothing listens', async () => {
    const geocoder = new HttpGeocoder({ url: 'http://127.0.0.1:9/api', timeoutMs: 500 });
    expect(await geocoder.search({ q: 'Springfield', limit: 5 })).toEqual({ suggestions: [], maxAgeSeconds: 0 });
  });
});
