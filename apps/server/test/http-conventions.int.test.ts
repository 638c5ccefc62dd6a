import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { fileDefinition, PNG } from './files-helpers.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('every 201 says where the created resource lives, and that path serves it', async () => {
    const created = await call(server, 'POST', '/api/v1/questionnaires', { name: 'Located' });
    expect(created.headers.get('location')).toBe(`/api/v1/questionnaires/${created.body.id}`);
    expect((await call(server, 'GET', created.headers.get('location')!)).body.name).toBe('Located');

    const copy = await call(server, 'POST', `/api/v1/questionnaires/${created.body.id}/duplicate`);
    expect(copy.headers.get('location')).toBe(`/api/v1/questionnaires/${copy.body.id}`);
    const imported = await call(server, 'POST', '/api/v1/questionnaires/import', {
      formsEngineExport: 1,
      name: 'Imported',
      definition: { schemaVersion: 1 },
    });
    expect(imported.headers.get('location')).toBe(`/api/v1/questionnaires/${imported.body.id}`);

    const q = await createPublished(server, fileDefinition());
    const response = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
      versionNumber: 1,
    });
    expect(response.headers.get('location')).toBe(`/public/v1/responses/${response.body.responseId}`);
    expect((await call(server, 'GET', response.headers.get('location')!)).status).toBe(200);

    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const upload = await server.fetch(`/public/v1/responses/${response.body.responseId}/files?questionCode=doc`, {
      method: 'POST',
      body: form,
    });
    const file = (await upload.json()) as { fileId: string };
    expect(upload.headers.get('location')).toBe(
      `/public/v1/responses/${response.body.responseId}/files/${file.fileId}`,
    );
    expect((await call(server, 'DELETE', upload.headers.get('location')!)).status).toBe(204);
  });

  it('answers a save and a completion with 200 and no body at all', async () => {
    const q = await createPublished(server);
    const { responseId } = (
      await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1 })
    ).body;
    for (const [method, path, body] of [
      ['PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'x' } }],
      ['POST', `/public/v1/responses/${responseId}/complete`, undefined],
    ] as const) {
      const res = await server.fetch(path, {
        method,
        ...(body && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBeNull();
      expect(await res.text()).toBe('');
    }
  });

  it('gives published versions a strong ETag; If-None-Match with it (weak or in a list) is 304', async () => {
    const q = await createPublished(server);
    const path = `/api/v1/questionnaires/${q.id}/versions/1`;
    const first = await server.fetch(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await server.fetch(path, { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(await again.text()).toBe('');
    }
    expect((await server.fetch(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const live = `/public/v1/questionnaires/${q.publicId}/live`;
    const liveTag = (await server.fetch(live)).headers.get('etag')!;
    expect((await server.fetch(live, { headers: { 'if-none-match': `W/${liveTag}` } })).status).toBe(304);
  });

  it('answers a known path asked with a wrong method with 405 and Allow', async () => {
    const q = await createPublished(server);
    const cases: [string, string, string][] = [
      ['PUT', '/api/v1/questionnaires', 'GET, HEAD, POST'],
      ['POST', `/api/v1/questionnaires/${q.id}`, 'GET, HEAD, PATCH, DELETE'],
      ['PATCH', `/api/v1/questionnaires/${q.id}/responses/export.csv`, 'GET, HEAD, DELETE'],
      ['GET', `/public/v1/responses/${q.id}/complete`, 'POST, OPTIONS'],
      ['PUT', '/public/v1/geocode', 'GET, HEAD, OPTIONS'],
      ['POST', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(server, method, path);
      expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
    expectProblem(await call(server, 'GET', '/api/v1/nothing-here'), 404, 'NOT_FOUND');
  });

  it('serves HEAD wherever GET works: same status and headers, no body', async () => {
    const q = await createPublished(server);
    const document = (await call(server, 'GET', '/openapi.json')).body;
    const ids: Record<string, string> = {
      id: q.id,
      publicId: q.publicId,
      n: '1',
      responseId: '00000000-0000-4000-8000-000000000000',
      fileId: '00000000-0000-4000-8000-000000000000',
    };
    for (const [template, item] of Object.entries<any>(document.paths)) {
      if (!item.get) continue;
      const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => ids[name]!);
      const query = template.endsWith('ref-status') ? '?ref=a' : '';
      const get = await server.fetch(path + query);
      const head = await server.fetch(path + query, { method: 'HEAD' });
      expect(head.status, `HEAD ${path}`).toBe(get.status);
      expect(head.headers.get('content-type'), `HEAD ${path}`).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
  });
});
