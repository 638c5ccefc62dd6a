import { randomUUID } from 'node:crypto';
import type { Problem, QuestionnaireDetail } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const BASE = '/api/v1/questionnaires';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every {id} route of the questionnaire half of the management API, with a body it accepts. */
const ID_ROUTES: [method: string, path: (id: string) => string, body?: unknown][] = [
  ['GET', (id) => `${BASE}/${id}`],
  ['PATCH', (id) => `${BASE}/${id}`, { name: 'renamed' }],
  ['DELETE', (id) => `${BASE}/${id}`],
  ['PUT', (id) => `${BASE}/${id}/draft`, sampleDefinition()],
  ['POST', (id) => `${BASE}/${id}/duplicate`],
  ['GET', (id) => `${BASE}/${id}/export`],
  ['POST', (id) => `${BASE}/${id}/publish`],
  ['POST', (id) => `${BASE}/${id}/publish`, { note: 'n' }],
  ['GET', (id) => `${BASE}/${id}/versions`],
  ['GET', (id) => `${BASE}/${id}/versions/1`],
  ['POST', (id) => `${BASE}/${id}/versions/1/restore`],
];

const BAD_IDS = [
  ['a word', 'nope'],
  ['a number', '123'],
  ['a random UUID', randomUUID()],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['a UUID with a suffix', `${randomUUID()}x`],
  ['a truncated UUID', randomUUID().slice(0, 35)],
  ['an SQL fragment', encodeURIComponent("1' OR '1'='1")],
  ['a very long id', 'x'.repeat(500)],
  ['unicode', encodeURIComponent('fragebögen')],
];

describe('unknown and malformed ids', () => {
  it.each(BAD_IDS)('%s is 404 NOT_FOUND on every {id} route', async (_label, id) => {
    for (const [method, path, body] of ID_ROUTES) {
      const res = await call(server, method, path(id), body);
      const problem = expectProblem(res, 404, 'NOT_FOUND');
      expect(problem.instance, `${method} ${path(id)}`).toBe(path(id));
    }
  });

  it.each([
    'GET /api/v1/questionnaires/%E0%A4%A',
    'GET /api/v1/questionnaires/%E0%A4%A/responses/export.csv',
    'GET /api/v1/questionnaires/%E0%A4%A/responses/%E0%A4%A/files/%E0%A4%A',
    'GET /public/v1/questionnaires/%E0%A4%A/live',
    'POST /public/v1/responses/%E0%A4%A/files?questionCode=a',
    'DELETE /public/v1/responses/%ZZ/files/%ZZ',
  ])('a path that cannot be percent-decoded is a problem 400, not a 500: %s', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    expectProblem(await call(server, method, path), 400, 'VALIDATION_FAILED');
  });

  it('a publicId is not a questionnaire id', async () => {
    const created = await createQuestionnaire(server);
    expectProblem(await call(server, 'GET', `${BASE}/${created.publicId}`), 404, 'NOT_FOUND');
  });

  it('an upper-case spelling of a real id finds it', async () => {
    const created = await createQuestionnaire(server);
    const res = await call(server, 'GET', `${BASE}/${created.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.id);
  });

  it('a deleted questionnaire is 404 on every {id} route', async () => {
    const published = await createPublished(server);
    expect((await call(server, 'DELETE', `${BASE}/${published.id}`)).status).toBe(204);
    for (const [method, path, body] of ID_ROUTES) {
      expectProblem(await call(server, method, path(published.id), body), 404, 'NOT_FOUND');
    }
  });
});

describe('problem details', () => {
  it('carry type, title, status, code, detail, instance and the request id', async () => {
    const res = await call(server, 'GET', `${BASE}/${randomUUID()}`, undefined, { 'x-request-id': 'trace-42' });
    const problem = expectProblem(res, 404, 'NOT_FOUND');
    expect(problem).toMatchObject({ title: 'Not Found', requestId: 'trace-42' });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect(problem.errors).toBeUndefined();
  });

  it('validation failures list each offending field', async () => {
    const created = await createQuestionnaire(server);
    const res = await call(server, 'PATCH', `${BASE}/${created.id}`, {
      name: '',
      allowedOrigins: ['nope'],
      submissionPolicy: 'X',
    });
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(problem.title).toBe('Bad Request');
    expect(problem.instance).toBe(`${BASE}/${created.id}`);
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(['allowedOrigins.0', 'name', 'submissionPolicy']);
    for (const error of problem.errors ?? []) expect(error.message.length).toBeGreaterThan(0);
  });

  it('unknown routes under /api/v1 are problem 404s', async () => {
    expectProblem(await call(server, 'GET', '/api/v1/nothing-here'), 404, 'NOT_FOUND');
    const created = await createQuestionnaire(server);
    expectProblem(await call(server, 'GET', `${BASE}/${created.id}/nothing`), 404, 'NOT_FOUND');
  });

  it('never leak stack traces or SQL', async () => {
    const res = await call(server, 'GET', `${BASE}/${"'; DROP TABLE questionnaire; --"}`);
    expect(res.status).toBe(404);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/stack|at .*\.ts|SELECT|prisma/i);
  });
});

describe('bodies', () => {
  it('malformed JSON is 400 MALFORMED_JSON on every body-carrying route', async () => {
    const created = await createQuestionnaire(server);
    const routes: [string, string][] = [
      ['POST', BASE],
      ['PATCH', `${BASE}/${created.id}`],
      ['PUT', `${BASE}/${created.id}/draft`],
      ['POST', `${BASE}/${created.id}/publish`],
      ['POST', `${BASE}/import`],
    ];
    for (const [method, path] of routes) {
      for (const body of ['{"name": ', '{name: "x"}', "{'name':'x'}", 'nul', '{"a":1}}']) {
        expectProblem(await call(server, method, path, body), 400, 'MALFORMED_JSON');
      }
    }
    expect((await call(server, 'GET', `${BASE}/${created.id}`)).body).toEqual(created);
  });

  it('a JSON body over 1 MiB is 413 PAYLOAD_TOO_LARGE and changes nothing', async () => {
    const created = await createQuestionnaire(server);
    const huge = 'x'.repeat(1024 * 1024 + 1);
    expectProblem(await call(server, 'POST', BASE, { name: huge }), 413, 'PAYLOAD_TOO_LARGE');
    expectProblem(await call(server, 'PATCH', `${BASE}/${created.id}`, { name: huge }), 413, 'PAYLOAD_TOO_LARGE');
    const bigDraft = sampleDefinition();
    bigDraft.questions![0]!.prompt = huge;
    expectProblem(await call(server, 'PUT', `${BASE}/${created.id}/draft`, bigDraft), 413, 'PAYLOAD_TOO_LARGE');
    expectProblem(
      await call(server, 'POST', `${BASE}/import`, { formsEngineExport: 1, name: 'x', definition: bigDraft }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect((await call(server, 'GET', `${BASE}/${created.id}`)).body).toEqual(created);
  });

  it('a body just under 1 MiB is read (and then judged on its content)', async () => {
    const created = await createQuestionnaire(server);
    const draft = sampleDefinition();
    draft.questions![0]!.prompt = 'x'.repeat(1024 * 1024 - 2000);
    const res = await call(server, 'PUT', `${BASE}/${created.id}/draft`, draft);
    // The prompt is over its own 5000-character limit: a validation failure, not a size one.
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('questions.0.prompt');
  });

  it.each([
    ['text/plain', '{"name":"x"}'],
    ['application/x-www-form-urlencoded', 'name=x'],
    ['multipart/form-data; boundary=abc', '--abc--'],
    ['application/xml', '<name>x</name>'],
  ])('a %s body is 415 UNSUPPORTED_MEDIA_TYPE', async (contentType, body) => {
    const before = (await call(server, 'GET', BASE)).body.total;
    const created = await createQuestionnaire(server);
    expectProblem(
      await call(server, 'POST', BASE, body, { 'content-type': contentType }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectProblem(
      await call(server, 'PATCH', `${BASE}/${created.id}`, body, { 'content-type': contentType }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectProblem(
      await call(server, 'POST', `${BASE}/${created.id}/publish`, body, { 'content-type': contentType }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await call(server, 'GET', BASE)).body.total).toBe(before + 1);
    expect((await call(server, 'GET', `${BASE}/${created.id}`)).body).toEqual(created);
  });

  it('JSON with a charset, in upper case or as a +json type is accepted', async () => {
    const res = await call(
      server,
      'POST',
      BASE,
      { name: 'charset' },
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(res.status).toBe(201);
    const vendor = await call(server, 'POST', BASE, { name: 'vendor' }, { 'content-type': 'application/vnd.api+json' });
    expect(vendor.status).toBe(201);
    // Media types are case-insensitive (RFC 9110 §8.3.1).
    const shouting = await call(server, 'POST', BASE, { name: 'upper' }, { 'content-type': 'Application/JSON' });
    expect(shouting.status).toBe(201);
    expect(shouting.body.name).toBe('upper');
    const merge = await call(
      server,
      'PATCH',
      `${BASE}/${shouting.body.id}`,
      { name: 'merged' },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(merge.body.name).toBe('merged');
  });

  it.each([
    ['name: 5 on create', 'POST', () => BASE, { name: 5 }, 'name'],
    ['name: true on create', 'POST', () => BASE, { name: true }, 'name'],
    ['name: {} on patch', 'PATCH', (id: string) => `${BASE}/${id}`, { name: {} }, 'name'],
    ['allowedOrigins: "x"', 'PATCH', (id: string) => `${BASE}/${id}`, { allowedOrigins: 'x' }, 'allowedOrigins'],
    ['allowedOrigins: {}', 'PATCH', (id: string) => `${BASE}/${id}`, { allowedOrigins: {} }, 'allowedOrigins'],
    ['submissionPolicy: 1', 'PATCH', (id: string) => `${BASE}/${id}`, { submissionPolicy: 1 }, 'submissionPolicy'],
    ['note: []', 'POST', (id: string) => `${BASE}/${id}/publish`, { note: [] }, 'note'],
    ['questions: "x"', 'PUT', (id: string) => `${BASE}/${id}/draft`, { schemaVersion: 1, questions: 'x' }, 'questions'],
    ['a JSON string body', 'POST', () => BASE, '"just a string"', ''],
  ])('wrong types (%s) are 400 VALIDATION_FAILED', async (_label, method, path, body, field) => {
    const created = await createQuestionnaire(server);
    const res = await call(server, method, path(created.id), body);
    // A bare JSON string is not an object: either malformed (strict JSON parsing) or a validation failure.
    if (typeof body === 'string') {
      expect(res.status).toBe(400);
      expect(['MALFORMED_JSON', 'VALIDATION_FAILED']).toContain(res.body.code);
      return;
    }
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(problem.errors?.map((e) => e.path)).toContain(field);
    expect((await call(server, 'GET', `${BASE}/${created.id}`)).body).toEqual(created);
  });

  it('bodiless POSTs without a content type work: publish, duplicate', async () => {
    const created = await createQuestionnaire(server);
    const published = await server.fetch(`${BASE}/${created.id}/publish`, { method: 'POST' });
    expect(published.status).toBe(200);
    expect(((await published.json()) as QuestionnaireDetail).currentVersion).toBe(1);
    const duplicated = await server.fetch(`${BASE}/${created.id}/duplicate`, { method: 'POST' });
    expect(duplicated.status).toBe(201);
    expect(((await duplicated.json()) as QuestionnaireDetail).name).toBe(`${created.name} (copy)`);
    const restored = await server.fetch(`${BASE}/${created.id}/versions/1/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    const deleted = await server.fetch(`${BASE}/${created.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
  });

  it('a bodiless POST with an explicit Content-Length: 0 works too', async () => {
    const created = await createQuestionnaire(server);
    const res = await server.fetch(`${BASE}/${created.id}/publish`, {
      method: 'POST',
      headers: { 'content-length': '0' },
      body: new Uint8Array(0),
    });
    expect(res.status).toBe(200);
  });

  it('a bodiless import without a content type is a 400 naming the fields, not a 415', async () => {
    const res = await server.fetch(`${BASE}/import`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.map((e) => e.path)).toContain('formsEngineExport');
  });
});
