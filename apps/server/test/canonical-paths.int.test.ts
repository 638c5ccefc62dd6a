import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

const TOKEN = 'secret';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Ways to spell `path` that a path-normalising layer reads as `path` (each from the security report). */
const disguises = (path: string): string[] => [
  `/x/..${path}`,
  `/.${path}`,
  `/%2e${path}`,
  `/%2E/x/%2e%2E${path}`,
  `/public/v1/%2e%2e/%2e%2e${path}`,
  path.replace(/^\/(api|public)\/v1\//, '/$1\\v1/'),
  path.replace(/^\/(api|public)\/v1\//, '/$1%5Cv1/'),
  `/${path}`,
];

describe('non-canonical request targets', () => {
  let server: TestServer;
  let questionnaireId: string;
  let responseId: string;
  let snapshot: () => Promise<unknown>;
  beforeAll(async () => {
    server = await startTestServer({ MANAGEMENT_API_TOKEN: TOKEN });
    const created = await call(server, 'POST', '/api/v1/questionnaires', { name: 'Target' }, auth);
    questionnaireId = created.body.id;
    await call(server, 'PUT', `/api/v1/questionnaires/${questionnaireId}/draft`, sampleDefinition(), auth);
    await call(server, 'POST', `/api/v1/questionnaires/${questionnaireId}/publish`, undefined, auth);
    const { publicId } = (await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}`, undefined, auth)).body;
    responseId = (await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1 }))
      .body.responseId;
    snapshot = async () => ({
      list: (await call(server, 'GET', '/api/v1/questionnaires', undefined, auth)).body,
      detail: (await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}`, undefined, auth)).body,
      versions: (await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}/versions`, undefined, auth)).body,
      responses: (await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}/responses`, undefined, auth))
        .body,
    });
  });
  afterAll(() => server.close());

  /** Every management operation of the OpenAPI document, with real ids and a body it would accept. */
  async function managementOperations() {
    const document = (await call(server, 'GET', '/openapi.json')).body;
    const bodies: Record<string, unknown> = {
      'POST /api/v1/questionnaires': { name: 'Bypass' },
      'PATCH /api/v1/questionnaires/{id}': { name: 'Hijacked' },
      'PUT /api/v1/questionnaires/{id}/draft': { schemaVersion: 1 },
      'POST /api/v1/questionnaires/import': { formsEngineExport: 1, name: 'Bypass', definition: { schemaVersion: 1 } },
      'POST /api/v1/questionnaires/{id}/publish': { note: 'bypass' },
    };
    const operations: { method: string; path: string; body?: unknown }[] = [];
    for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      if (!template.startsWith('/api/v1/')) continue;
      for (const method of Object.keys(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const path = template
          .replace('{id}', questionnaireId)
          .replace('{n}', '1')
          .replace('{responseId}', responseId)
          .replace('{fileId}', '00000000-0000-4000-8000-000000000000')
          .replace('{webhookId}', '00000000-0000-4000-8000-000000000000')
          .replace('{deliveryId}', '00000000-0000-4000-8000-000000000000');
        operations.push({ method: method.toUpperCase(), path, body: bodies[`${method.toUpperCase()} ${template}`] });
      }
    }
    expect(operations.length).toBeGreaterThanOrEqual(19);
    return operations;
  }

  it('refuses every disguised management route with 400 before the token guard, changing nothing', async () => {
    const before = await snapshot();
    for (const { method, path, body } of await managementOperations()) {
      for (const target of disguises(path)) {
        const res = await rawRequest(server.url, method, target, {
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        expect(res.status, `${method} ${target}`).toBe(400);
        expectProblem(res, 400, 'VALIDATION_FAILED');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('still answers the canonical paths: 401 without the token', async () => {
    for (const { method, path } of await managementOperations()) {
      const res = await rawRequest(server.url, method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses disguised public routes before the origin check', async () => {
    const q = await createPublishedWithOrigins(server, ['https://allowed.example']);
    const created = await call(
      server,
      'POST',
      `/public/v1/questionnaires/${q.publicId}/responses`,
      { versionNumber: 1 },
      { origin: 'https://allowed.example' },
    );
    const id = created.body.responseId;
    const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
    const operations: [string, string, unknown?][] = [
      ['GET', `/public/v1/questionnaires/${q.publicId}/live`],
      ['GET', `/public/v1/questionnaires/${q.publicId}/ref-status?ref=a`],
      ['POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1 }],
      ['GET', `/public/v1/responses/${id}`],
      ['PATCH', `/public/v1/responses/${id}`, { answers: { name: 'evil' } }],
      ['POST', `/public/v1/responses/${id}/complete`],
    ];
    for (const [method, path, body] of operations) {
      expect((await rawRequest(server.url, method, path, { headers: evil })).status, `${method} ${path}`).toBe(403);
      for (const target of disguises(path)) {
        const res = await rawRequest(server.url, method, target, {
          headers: evil,
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        expect(res.status, `${method} ${target}`).toBe(400);
      }
    }
    const rehydrated = await call(server, 'GET', `/public/v1/responses/${id}`);
    expect(rehydrated.body).toMatchObject({ status: 'IN_PROGRESS', answers: {} });
    const list = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`, undefined, auth);
    expect(list.body.total).toBe(1);
  });
});

async function createPublishedWithOrigins(server: TestServer, allowedOrigins: string[]) {
  const created = await call(server, 'POST', '/api/v1/questionnaires', { name: 'Origins' }, auth);
  const id = created.body.id;
  await call(server, 'PUT', `/api/v1/questionnaires/${id}/draft`, sampleDefinition(), auth);
  await call(server, 'POST', `/api/v1/questionnaires/${id}/publish`, undefined, auth);
  const patched = await call(server, 'PATCH', `/api/v1/questionnaires/${id}`, { allowedOrigins }, auth);
  expect(patched.status).toBe(200);
  return patched.body as { id: string; publicId: string };
}
