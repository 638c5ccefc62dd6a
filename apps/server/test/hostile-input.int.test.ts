import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire, getQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

/** `[[[ … "x" … ]]]` nested `levels` deep, as JSON text. */
const deepArray = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe('input no stage can handle is a 4xx problem that changes nothing', () => {
  let server: TestServer;
  let q: Awaited<ReturnType<typeof createPublished>>;
  let responseId: string;
  const rehydrate = async () => (await call(server, 'GET', `/public/v1/responses/${responseId}`)).body;

  beforeAll(async () => {
    server = await startTestServer();
    q = await createPublished(server);
    const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
      versionNumber: 1,
      externalRef: 'ref-1',
    });
    responseId = created.body.responseId;
    const saved = await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'Ada' } });
    expect(saved.status).toBe(200);
  });
  afterAll(() => server.close());

  describe('JSON nested 5,000+ levels', () => {
    it.each([
      ['PATCH', () => `/public/v1/responses/${responseId}`, (deep: string) => `{"answers":{"name":${deep}}}`],
      ['POST', () => `/public/v1/responses/${responseId}/complete`, (deep: string) => `{"x":${deep}}`],
      ['PUT', () => `/api/v1/questionnaires/${q.id}/draft`, (deep: string) => `{"schemaVersion":1,"x":${deep}}`],
      ['POST', () => `/api/v1/questionnaires/${q.id}/duplicate`, (deep: string) => deep],
      ['GET', () => `/api/v1/questionnaires/${q.id}`, (deep: string) => deep],
      [
        'POST',
        () => '/trpc/public.patchResponse',
        (deep: string) => `{"responseId":"${responseId}","answers":${deep}}`,
      ],
    ])('%s %s is 400 VALIDATION_FAILED', async (method, path, body) => {
      const before = await rehydrate();
      const res = await rawRequest(server.url, method, path(), {
        headers: { 'content-type': 'application/json' },
        body: body(deepArray(6000)),
      });
      const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(problem.errors?.[0]?.message).toMatch(/deeper than/);
      expect(await rehydrate()).toEqual(before);
      expect((await getQuestionnaire(server, q.id)).hasUnpublishedChanges).toBe(false);
    });

    it('in a tRPC query input as well, with the NUL checks', async () => {
      // Brackets unencoded, so 5,000 levels fit in Node's 16 KiB header limit.
      const deep = await rawRequest(server.url, 'GET', `/trpc/questionnaires.get?input={"id":${deepArray(5000)}}`);
      expectProblem(deep, 400, 'VALIDATION_FAILED');
      const input = encodeURIComponent(JSON.stringify({ id: q.id, externalRef: NUL }));
      const nul = await call(server, 'GET', `/trpc/responses.browse?input=${input}`);
      expectProblem(nul, 400, 'VALIDATION_FAILED');
    });
  });

  describe('NUL and unpaired surrogates in any string that reaches Postgres', () => {
    it.each([
      ['an answer', { answers: { name: NUL } }],
      ['an answer with a lone surrogate', { answers: { name: LONE } }],
      ['an answer key', { answers: { [NUL]: 'x' } }],
      ['a nested answer', { answers: { name: ['ok', { deep: LONE }] } }],
      ['lastPosition', { answers: {}, lastPosition: { stepId: NUL } }],
      ['lastPosition with a lone surrogate', { answers: {}, lastPosition: { tabId: '\udfff' } }],
    ])('PATCH with %s is 400 and keeps the saved answers', async (_label, body) => {
      const before = await rehydrate();
      expectProblem(await call(server, 'PATCH', `/public/v1/responses/${responseId}`, body), 400, 'VALIDATION_FAILED');
      expect(await rehydrate()).toEqual(before);
    });

    it('externalRef at creation', async () => {
      for (const externalRef of [NUL, LONE]) {
        const res = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
          versionNumber: 1,
          externalRef,
        });
        expectProblem(res, 400, 'VALIDATION_FAILED');
      }
      const list = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`);
      expect(list.body.total).toBe(1);
    });

    it('ref-status, browse and the CSV filter', async () => {
      expectProblem(
        await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/ref-status?ref=a%00b`),
        400,
        'VALIDATION_FAILED',
      );
      expectProblem(
        await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses?externalRef=a%00b`),
        400,
        'VALIDATION_FAILED',
      );
      // Refused before the first byte: a problem body, not a CSV header and a dropped connection.
      const csv = await rawRequest(
        server.url,
        'GET',
        `/api/v1/questionnaires/${q.id}/responses/export.csv?externalRef=a%00b`,
      );
      expectProblem(csv, 400, 'VALIDATION_FAILED');
      expect(csv.text).not.toContain('responseId');
    });

    it('questionnaire names, publish notes, draft texts and imports', async () => {
      const fresh = await createQuestionnaire(server, 'Clean');
      const base = `/api/v1/questionnaires/${fresh.id}`;
      for (const text of [NUL, LONE]) {
        expectProblem(await call(server, 'POST', '/api/v1/questionnaires', { name: text }), 400, 'VALIDATION_FAILED');
        expectProblem(await call(server, 'PATCH', base, { name: text }), 400, 'VALIDATION_FAILED');
        const draft = sampleDefinition();
        (draft.questions as { prompt?: string }[])[0]!.prompt = text;
        expectProblem(await call(server, 'PUT', `${base}/draft`, draft), 400, 'VALIDATION_FAILED');
        expectProblem(await call(server, 'POST', `${base}/publish`, { note: text }), 400, 'VALIDATION_FAILED');
        const imported = { formsEngineExport: 1, name: text, definition: { schemaVersion: 1 } };
        expectProblem(await call(server, 'POST', '/api/v1/questionnaires/import', imported), 400, 'VALIDATION_FAILED');
      }
      const after = await getQuestionnaire(server, fresh.id);
      expect(after).toMatchObject({ name: 'Clean', currentVersion: 0 });
      expect(
        (await call(server, 'GET', '/api/v1/questionnaires?size=200')).body.items.map((x: any) => x.name),
      ).not.toContain(NUL);
    });
  });

  describe('bodies that lie about themselves', () => {
    it('Content-Encoding gzip on a body that is not gzip is 400', async () => {
      const res = await rawRequest(server.url, 'POST', '/api/v1/questionnaires', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: '{"name":"not gzip"}',
      });
      expectProblem(res, 400, 'VALIDATION_FAILED');
      const trpc = await rawRequest(server.url, 'POST', '/trpc/questionnaires.create', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: '{"name":"not gzip"}',
      });
      expectProblem(trpc, 400, 'VALIDATION_FAILED');
      // Brotli reports its failures with other error codes than inflate (found by the fuzz test).
      const brotli = await rawRequest(server.url, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, {
        headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
        body: 'not brotli',
      });
      expectProblem(brotli, 400, 'VALIDATION_FAILED');
    });

    it('a real gzip body is accepted', async () => {
      const res = await rawRequest(server.url, 'POST', '/api/v1/questionnaires', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync('{"name":"zipped"}'),
      });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('zipped');
    });

    it('numbers that overflow to infinity are 400, not stored as null', async () => {
      const before = await rehydrate();
      const res = await rawRequest(server.url, 'PATCH', `/public/v1/responses/${responseId}`, {
        headers: { 'content-type': 'application/json' },
        body: '{"answers":{"name":1e400}}',
      });
      expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors?.[0]?.path).toBe('answers.name');
      expect(await rehydrate()).toEqual(before);
      const version = await rawRequest(server.url, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
        headers: { 'content-type': 'application/json' },
        body: '{"versionNumber":-1e400}',
      });
      expectProblem(version, 400, 'VALIDATION_FAILED');
    });
  });
});
