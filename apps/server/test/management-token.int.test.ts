import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/router.ts';
import { expectProblem } from './expect-problem.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'secret';
const BASE = '/api/v1/questionnaires';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('with MANAGEMENT_API_TOKEN set', () => {
  let server: TestServer;
  let existingId: string;
  beforeAll(async () => {
    server = await startTestServer({ MANAGEMENT_API_TOKEN: TOKEN });
    const created = await call(server, 'POST', BASE, { name: 'Guarded' }, auth(TOKEN));
    expect(created.status).toBe(201);
    existingId = created.body.id;
  });
  afterAll(() => server.close());

  const routes = (): [string, string, unknown?][] => [
    ['GET', BASE],
    ['POST', BASE, { name: 'x' }],
    ['GET', `${BASE}/${existingId}`],
    ['PATCH', `${BASE}/${existingId}`, { name: 'hijacked' }],
    ['PUT', `${BASE}/${existingId}/draft`, { schemaVersion: 1 }],
    ['POST', `${BASE}/${existingId}/duplicate`],
    ['GET', `${BASE}/${existingId}/export`],
    ['POST', `${BASE}/import`, { formsEngineExport: 1, name: 'x', definition: { schemaVersion: 1 } }],
    ['POST', `${BASE}/${existingId}/publish`],
    ['GET', `${BASE}/${existingId}/versions`],
    ['GET', `${BASE}/${existingId}/versions/1`],
    ['POST', `${BASE}/${existingId}/versions/1/restore`],
    ['DELETE', `${BASE}/${existingId}`],
    ['GET', '/api/v1/no-such-route'],
  ];

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', auth('wrong')],
    ['a token with a suffix', auth(`${TOKEN}x`)],
    ['a token prefix', auth(TOKEN.slice(0, 3))],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['Basic auth', { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` }],
    ['the bare token', { authorization: TOKEN }],
  ])('rejects %s with 401 UNAUTHORIZED on every /api/v1 route', async (_label, headers) => {
    for (const [method, path, body] of routes()) {
      const res = await call(server, method, path, body, headers as Record<string, string>);
      const problem = expectProblem(res, 401, 'UNAUTHORIZED');
      expect(problem.title).toBe('Unauthorized');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    // nothing changed
    const after = await call(server, 'GET', `${BASE}/${existingId}`, undefined, auth(TOKEN));
    expect(after.body).toMatchObject({ name: 'Guarded', currentVersion: 0 });
    expect((await call(server, 'GET', BASE, undefined, auth(TOKEN))).body.total).toBe(1);
  });

  it('checks the token before the body: a malformed body without a token is still 401', async () => {
    expectProblem(await call(server, 'POST', BASE, '{bad json'), 401, 'UNAUTHORIZED');
    expectProblem(await call(server, 'POST', BASE, 'x'.repeat(2 * 1024 * 1024)), 401, 'UNAUTHORIZED');
  });

  it('rejects /trpc without or with a wrong token', async () => {
    for (const headers of [{}, auth('wrong')]) {
      const get = await call(server, 'GET', '/trpc/questionnaires.list', undefined, headers);
      expectProblem(get, 401, 'UNAUTHORIZED');
      const post = await call(server, 'POST', '/trpc/questionnaires.create', { name: 'x' }, headers);
      expectProblem(post, 401, 'UNAUTHORIZED');
    }
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
    const error = await client.questionnaires.list.query({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((await call(server, 'GET', BASE, undefined, auth(TOKEN))).body.total).toBe(1);
  });

  it('works with the right token, on REST and on /trpc', async () => {
    const created = await call(server, 'POST', BASE, { name: 'Allowed' }, auth(TOKEN));
    expect(created.status).toBe(201);
    const lowerScheme = await call(server, 'GET', `${BASE}/${created.body.id}`, undefined, {
      authorization: `bearer ${TOKEN}`,
    });
    expect(lowerScheme.status).toBe(200);
    expect((await call(server, 'POST', `${BASE}/${created.body.id}/publish`, undefined, auth(TOKEN))).status).toBe(200);
    expect((await call(server, 'DELETE', `${BASE}/${created.body.id}`, undefined, auth(TOKEN))).status).toBe(204);
    // errors behind the guard are the usual ones
    expectProblem(await call(server, 'GET', `${BASE}/nope`, undefined, auth(TOKEN)), 404, 'NOT_FOUND');

    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/trpc`, headers: auth(TOKEN) })],
    });
    const viaTrpc = await client.questionnaires.get.query({ id: existingId });
    expect(viaTrpc.name).toBe('Guarded');
  });

  it('leaves /healthz, /readyz and /openapi.json open', async () => {
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);
    const doc = await call(server, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    // The document says that the management API needs the token.
    expect(doc.body.components.securitySchemes.managementToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.body.paths[BASE].get.security).toEqual([{ managementToken: [] }]);
    expect(doc.body.paths[BASE].get.responses['401']).toBeDefined();
  });
});

describe('without MANAGEMENT_API_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('the management API is open, and any Authorization header is ignored', async () => {
    expect((await call(server, 'POST', BASE, { name: 'Open' })).status).toBe(201);
    expect((await call(server, 'GET', BASE, undefined, auth('anything'))).status).toBe(200);
    const input = encodeURIComponent('{}');
    expect((await call(server, 'GET', `/trpc/questionnaires.list?input=${input}`)).status).toBe(200);
    const doc = (await call(server, 'GET', '/openapi.json')).body;
    expect(doc.paths[BASE].get.security ?? []).toEqual([]);
    expect(doc.paths[BASE].get.responses['401']).toBeUndefined();
  });
});
