import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addApiKey,
  addMember,
  auditEntries,
  bearer,
  cookieOf,
  setUpOwner,
  startAccountsServer,
  TOKEN,
} from './accounts-helpers.ts';
import { expectProblem } from './expect-problem.ts';
import { sampleDefinition } from './factories.ts';
import { call, type TestServer } from './harness.ts';

type Operation = { method: string; path: string };

/** Every management operation the document lists (HEAD twins included), its path parameters filled. */
async function managementOperations(server: TestServer): Promise<Operation[]> {
  const document = (await call(server, 'GET', '/openapi.json', undefined, bearer(TOKEN))).body;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    if (!template.startsWith('/api/v1/')) continue;
    const path = template.replace(/\{n\}/g, '1').replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
    for (const method of Object.keys(item)) operations.push({ method: method.toUpperCase(), path });
  }
  return operations;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const isSignIn = (path: string) => path.startsWith('/api/v1/auth/');
const jsonBody = (method: string) => (isRead(method) || method === 'DELETE' ? undefined : {});

describe('accounts mode: the guard in front of the management API', () => {
  let server: TestServer;
  let ownerCookie: string;
  let operations: Operation[];
  let analystKey: string;
  let questionnaireId: string;
  beforeAll(async () => {
    server = await startAccountsServer();
    ownerCookie = await setUpOwner(server);
    operations = await managementOperations(server);
    analystKey = (await addApiKey(server, 'ANALYST')).key;
    const created = await call(server, 'POST', '/api/v1/questionnaires', { name: 'Volunteers' }, bearer(TOKEN));
    questionnaireId = created.body.id;
    await call(server, 'PUT', `/api/v1/questionnaires/${questionnaireId}/draft`, sampleDefinition(), bearer(TOKEN));
    await call(server, 'POST', `/api/v1/questionnaires/${questionnaireId}/publish`, undefined, bearer(TOKEN));
  });
  afterAll(() => server.close());

  it('lists every management operation, the accounts ones included', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations).toContainEqual({ method: 'GET', path: '/api/v1/audit' });
    expect(operations).toContainEqual({
      method: 'POST',
      path: '/api/v1/questionnaires/{id}/publish'.replace('{id}', '00000000-0000-4000-8000-000000000000'),
    });
  });

  it('answers 401 to every operation without credentials, or with a wrong key', async () => {
    for (const headers of [{}, bearer('fe_not-a-key'), bearer('wrong'), cookieOf('fe_session=forged')]) {
      for (const { method, path } of operations) {
        if (isSignIn(path)) continue;
        const res = await call(server, method, path, jsonBody(method), headers);
        expect(res.status, `${method} ${path}`).toBe(401);
        if (method !== 'HEAD') expectProblem(res, 401, 'UNAUTHORIZED');
      }
    }
    for (const path of ['/docs/', '/openapi.json', '/trpc/questionnaires.list']) {
      expect((await call(server, 'GET', path)).status, path).toBe(401);
    }
  });

  it("refuses an analyst's key on every write with 403, changing nothing", async () => {
    const before = await auditEntries(server);
    for (const { method, path } of operations) {
      if (isRead(method) || isSignIn(path)) continue;
      const res = await call(server, method, path, jsonBody(method), bearer(analystKey));
      const problem = expectProblem(res, 403, 'FORBIDDEN');
      // In words a person reads, never the role constants.
      expect(problem.detail).toMatch(/^Only an (editor or an )?owner may do this; you are an analyst\.$/);
    }
    // Also with the real questionnaire: no publish, no delete.
    for (const [method, path] of [
      ['POST', `/api/v1/questionnaires/${questionnaireId}/publish`],
      ['DELETE', `/api/v1/questionnaires/${questionnaireId}`],
    ] as const) {
      expectProblem(await call(server, method, path, undefined, bearer(analystKey)), 403, 'FORBIDDEN');
    }
    expect(await auditEntries(server)).toEqual(before);
  });

  it('lets an analyst read questionnaires, versions, responses, the summary and the CSV', async () => {
    const id = questionnaireId;
    for (const path of [
      '/api/v1/questionnaires',
      `/api/v1/questionnaires/${id}`,
      `/api/v1/questionnaires/${id}/versions`,
      `/api/v1/questionnaires/${id}/versions/1`,
      `/api/v1/questionnaires/${id}/responses`,
      `/api/v1/questionnaires/${id}/summary`,
      `/api/v1/questionnaires/${id}/responses/export.csv`,
    ]) {
      expect((await call(server, 'GET', path, undefined, bearer(analystKey))).status, path).toBe(200);
    }
    // Not the members, keys, audit log or webhooks.
    for (const path of [
      '/api/v1/members',
      '/api/v1/api-keys',
      '/api/v1/audit',
      `/api/v1/questionnaires/${id}/webhooks`,
    ]) {
      expectProblem(await call(server, 'GET', path, undefined, bearer(analystKey)), 403, 'FORBIDDEN');
    }
  });

  it('keeps members, keys and the audit log to owners', async () => {
    const editor = await addMember(server, ownerCookie, 'EDITOR', 'eve@example.com');
    for (const path of ['/api/v1/members', '/api/v1/api-keys', '/api/v1/audit']) {
      const problem = expectProblem(
        await call(server, 'GET', path, undefined, cookieOf(editor.cookie)),
        403,
        'FORBIDDEN',
      );
      expect(problem.detail).toBe('Only an owner may do this; you are an editor.');
    }
    const editorKey = await addApiKey(server, 'EDITOR');
    expectProblem(
      await call(server, 'POST', '/api/v1/api-keys', { name: 'x', role: 'EDITOR' }, bearer(editorKey.key)),
      403,
      'FORBIDDEN',
    );
    // An editor publishes.
    const published = await call(
      server,
      'POST',
      `/api/v1/questionnaires/${questionnaireId}/duplicate`,
      undefined,
      cookieOf(editor.cookie),
    );
    expect(published.status).toBe(201);
  });

  it('refuses cookie writes from another site, changing nothing; keys need no such check', async () => {
    const path = `/api/v1/questionnaires/${questionnaireId}`;
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await call(server, 'PATCH', path, { name: 'Hijacked' }, { ...cookieOf(ownerCookie), ...headers });
      expectProblem(res, 403, 'FORBIDDEN');
    }
    const trpc = await server.fetch('/trpc/questionnaires.patch', {
      method: 'POST',
      headers: { ...cookieOf(ownerCookie), origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ id: questionnaireId, name: 'Hijacked' }),
    });
    expect(trpc.status).toBe(403);
    expect((await call(server, 'GET', path, undefined, bearer(TOKEN))).body.name).toBe('Volunteers');

    // The editor's own origin, a same-origin fetch, a read from anywhere, a key from anywhere: fine.
    const own = new URL(server.url).origin;
    const same = { origin: own, 'sec-fetch-site': 'same-origin' };
    expect(
      (await call(server, 'PATCH', path, { name: 'Volunteers' }, { ...cookieOf(ownerCookie), ...same })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', path, undefined, { ...cookieOf(ownerCookie), 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(200);
    const withKey = await call(
      server,
      'PATCH',
      path,
      { name: 'Volunteers' },
      { ...bearer(TOKEN), origin: 'https://ci.example' },
    );
    expect(withKey.status).toBe(200);
  });

  it('lets the editor call /trpc with its cookie', async () => {
    const res = await server.fetch('/trpc/questionnaires.list', { headers: cookieOf(ownerCookie) });
    expect(res.status).toBe(200);
    const me = await server.fetch('/trpc/auth.me', { headers: cookieOf(ownerCookie) });
    expect(((await me.json()) as any).result.data.role).toBe('OWNER');
    const signedOut = await server.fetch('/trpc/auth.me');
    expect(signedOut.status).toBe(401);
  });
});
