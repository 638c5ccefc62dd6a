import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('public origins and CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const restricted = async (allowedOrigins: string[]) => {
    const q = await createPublished(server);
    expect((await call(server, 'PATCH', `/api/v1/questionnaires/${q.id}`, { allowedOrigins })).status).toBe(200);
    return q;
  };

  it('lets any origin use a questionnaire with an empty list', async () => {
    const q = await createPublished(server);
    const res = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`, undefined, {
      origin: 'https://anywhere.example',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('admits listed origins, exact or one wildcard level, and echoes them', async () => {
    const q = await restricted(['https://a.example', 'https://*.shop.example', 'http://localhost:5173']);
    for (const origin of ['https://a.example', 'https://eu.shop.example', 'http://localhost:5173']) {
      const res = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`, undefined, { origin });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('refuses unlisted origins with 403 ORIGIN_NOT_ALLOWED and changes nothing', async () => {
    const q = await restricted(['https://a.example', 'https://*.shop.example']);
    for (const origin of [
      'https://b.example',
      'http://a.example',
      'https://x.y.shop.example',
      'https://shop.example',
      'null',
    ]) {
      const res = await call(
        server,
        'POST',
        `/public/v1/questionnaires/${q.publicId}/responses`,
        { versionNumber: 1 },
        { origin },
      );
      expect(res).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } });
      // Echoed so that the embed on that site can read the problem and say why.
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
    }
    expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.total).toBe(0);
  });

  it('allows server-to-server requests without Origin', async () => {
    const q = await restricted(['https://a.example']);
    expect(
      (await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1 })).status,
    ).toBe(201);
  });

  it('checks routes addressed by responseId against that response questionnaire', async () => {
    const q = await restricted(['https://a.example']);
    const created = await call(
      server,
      'POST',
      `/public/v1/questionnaires/${q.publicId}/responses`,
      { versionNumber: 1 },
      {
        origin: 'https://a.example',
      },
    );
    const id = created.body.responseId;
    const evil = { origin: 'https://evil.example' };
    expect((await call(server, 'GET', `/public/v1/responses/${id}`, undefined, evil)).status).toBe(403);
    expect((await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers: { name: 'x' } }, evil)).status).toBe(
      403,
    );
    expect((await call(server, 'POST', `/public/v1/responses/${id}/complete`, undefined, evil)).status).toBe(403);
    const rehydrated = await call(server, 'GET', `/public/v1/responses/${id}`, undefined, {
      origin: 'https://a.example',
    });
    expect(rehydrated).toMatchObject({ status: 200, body: { status: 'IN_PROGRESS', answers: {} } });
  });

  it('lets a page of another origin read Retry-After, so the embed waits as long as the server asks', async () => {
    const q = await restricted(['https://a.example']);
    const origin = { origin: 'https://a.example' };
    const exposed = (res: { headers: Headers }) =>
      (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((name) => name.toLowerCase());
    const live = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`, undefined, origin);
    expect(live.status).toBe(200);
    expect(exposed(live)).toContain('retry-after');
    const missing = await call(
      server,
      'PATCH',
      '/public/v1/responses/00000000-0000-4000-8000-000000000000',
      { answers: {} },
      origin,
    );
    expect(missing.status).toBe(404);
    expect(exposed(missing)).toContain('retry-after');
  });

  it('answers CORS preflight with only the headers the public API reads', async () => {
    const q = await restricted(['https://a.example']);
    const preflight = (origin: string, headers = 'content-type') =>
      server.fetch(`/public/v1/questionnaires/${q.publicId}/responses`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
      });
    const ok = await preflight('https://a.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    expect(ok.headers.get('access-control-allow-headers')).toBe('Content-Type, If-None-Match, X-Request-Id');
    // Never echoed: a page may not send credentials-like headers to the public API.
    const greedy = await preflight('https://a.example', 'authorization, cookie, x-anything');
    expect(greedy.headers.get('access-control-allow-headers')).not.toMatch(/authorization|cookie|x-anything/i);
    // An unlisted origin's preflight passes, so that the request itself gets a readable 403.
    const other = await preflight('https://b.example');
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBe('https://b.example');
  });
});
