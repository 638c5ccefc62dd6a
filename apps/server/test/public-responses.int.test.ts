import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished, createQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('public response lifecycle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const start = async (publicId: string, body: Record<string, unknown> = { versionNumber: 1 }, headers = {}) => {
    const res = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, body, headers);
    expect(res.status).toBe(201);
    return res.body.responseId as string;
  };

  describe('live', () => {
    it('serves the latest published version with a strong ETag and honours If-None-Match', async () => {
      const q = await createPublished(server);
      const live = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`);
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({
        publicId: q.publicId,
        name: q.name,
        versionNumber: 1,
        submissionPolicy: 'MULTIPLE',
      });
      expect(live.body.definition.questions.map((x: { code: string }) => x.code)).toEqual(['name', 'colour']);
      const etag = live.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await server.fetch(`/public/v1/questionnaires/${q.publicId}/live`, {
        headers: { 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');

      // A new publish changes what live serves, and so its ETag.
      await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, sampleDefinition({ questions: [] }));
      await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
      const newer = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`, undefined, {
        'if-none-match': etag!,
      });
      expect(newer.status).toBe(200);
      expect(newer.body.versionNumber).toBe(2);
      expect(newer.headers.get('etag')).not.toBe(etag);
    });

    it('is 404 NOT_PUBLISHED before the first publish and 404 NOT_FOUND for unknown ids', async () => {
      const q = await createQuestionnaire(server);
      expect(await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`)).toMatchObject({
        status: 404,
        body: { code: 'NOT_PUBLISHED' },
      });
      expect(await call(server, 'GET', '/public/v1/questionnaires/nope/live')).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    });

    it('never shows the unpublished draft', async () => {
      const q = await createPublished(server);
      await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, sampleDefinition({ questions: [] }));
      const live = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`);
      expect(live.body.definition.questions).toHaveLength(2);
    });
  });

  describe('create', () => {
    it('records origin, user agent, ref and the pinned version', async () => {
      const q = await createPublished(server);
      const responseId = await start(
        q.publicId,
        { versionNumber: 1, externalRef: 'crm-42' },
        {
          origin: 'https://shop.example',
          'user-agent': 'TestAgent/1.0',
        },
      );
      expect(responseId).toMatch(/^[0-9a-f-]{36}$/);
      const browse = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`);
      expect(browse.body.items[0]).toMatchObject({
        responseId,
        externalRef: 'crm-42',
        publicId: q.publicId,
        versionNumber: 1,
        status: 'IN_PROGRESS',
        answers: {},
        meta: { origin: 'https://shop.example', userAgent: 'TestAgent/1.0' },
      });
    });

    it('accepts any published version, not only the latest', async () => {
      const q = await createPublished(server);
      await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, sampleDefinition({ questions: [] }));
      await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
      const responseId = await start(q.publicId, { versionNumber: 1 });
      const rehydrated = await call(server, 'GET', `/public/v1/responses/${responseId}`);
      expect(rehydrated.body.versionNumber).toBe(1);
      expect(rehydrated.body.definition.questions).toHaveLength(2);
    });

    it.each([
      [{ versionNumber: 9 }, 400, 'UNKNOWN_VERSION'],
      [{ versionNumber: 0 }, 400, 'VALIDATION_FAILED'],
      [{ versionNumber: '1' }, 400, 'VALIDATION_FAILED'],
      [{ versionNumber: true }, 400, 'VALIDATION_FAILED'],
      [{ versionNumber: 1.5 }, 400, 'VALIDATION_FAILED'],
      [{}, 400, 'VALIDATION_FAILED'],
      [{ versionNumber: 1, externalRef: '' }, 400, 'VALIDATION_FAILED'],
      [{ versionNumber: 1, extra: 1 }, 400, 'VALIDATION_FAILED'],
    ])('rejects %j with %i %s', async (body, status, code) => {
      const q = await createPublished(server);
      const res = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, body);
      expect(res).toMatchObject({ status, body: { code } });
      const browse = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`);
      expect(browse.body.total).toBe(0);
    });

    it('rejects malformed JSON and unknown questionnaires', async () => {
      const q = await createPublished(server);
      expect(
        await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, '{"versionNumber":'),
      ).toMatchObject({
        status: 400,
        body: { code: 'MALFORMED_JSON' },
      });
      expect(
        await call(server, 'POST', '/public/v1/questionnaires/unknown/responses', { versionNumber: 1 }),
      ).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    });
  });

  describe('save, rehydrate, complete', () => {
    it('replaces the whole answers map and position, and rehydrates them', async () => {
      const q = await createPublished(server);
      const responseId = await start(q.publicId);
      const first = await call(server, 'PATCH', `/public/v1/responses/${responseId}`, {
        answers: { name: 'Ada', colour: 'red' },
        lastPosition: { stepId: 's1', tabId: 't1' },
      });
      expect(first.status).toBe(200);
      expect(first.body).toBeUndefined();
      await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'Ada L.' } });
      const rehydrated = await call(server, 'GET', `/public/v1/responses/${responseId}`);
      expect(rehydrated.status).toBe(200);
      expect(rehydrated.body).toMatchObject({
        status: 'IN_PROGRESS',
        versionNumber: 1,
        answers: { name: 'Ada L.' },
        submissionPolicy: 'MULTIPLE',
      });
      expect(rehydrated.body.lastPosition).toBeUndefined();
      expect(rehydrated.body.definition.schemaVersion).toBe(1);
    });

    it('stores the answers of every issue 25 type untouched: the server checks shape and size only', async () => {
      const q = await createPublished(server);
      const responseId = await start(q.publicId);
      // Codes and values the definition does not have, an NPS of 11: content is the renderer's business.
      const answers = {
        grid: { speed: 'good', price: 'bad', unknownRow: 'x' },
        times: { weekdays: ['mornings', 'evenings'], weekends: [] },
        rank: ['b', 'a', 'c'],
        nps: 11,
        when: '2026-03-29T01:30+01:00',
        at: '09:05',
        colour: { other: 'Teal' },
        pets: ['cat', { other: 'Hamster' }],
        blank: [{ other: '' }],
      };
      expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers })).status).toBe(200);
      expect((await call(server, 'GET', `/public/v1/responses/${responseId}`)).body.answers).toEqual(answers);
      expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
      const stored = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/${responseId}`);
      expect(stored.body.answers).toEqual(answers);
    });

    it('rejects explicit null anywhere in the answers and changes nothing', async () => {
      const q = await createPublished(server);
      const responseId = await start(q.publicId);
      await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'kept' } });
      for (const answers of [{ name: null }, { address: { city: null } }, { list: ['a', null] }]) {
        const res = await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers });
        expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
        expect(res.body.errors[0].path).toMatch(/^answers\./);
      }
      expect((await call(server, 'GET', `/public/v1/responses/${responseId}`)).body.answers).toEqual({ name: 'kept' });
    });

    it('bounds answers by shape and size', async () => {
      const q = await createPublished(server);
      const responseId = await start(q.publicId);
      const tooLong = await call(server, 'PATCH', `/public/v1/responses/${responseId}`, {
        answers: { name: 'x'.repeat(10_001) },
      });
      expect(tooLong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      const tooMany = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 1]));
      expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: tooMany })).status).toBe(
        400,
      );
      const tooBig = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'x'.repeat(9_000)]));
      expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: tooBig })).status).toBe(400);
      const hugeBody = { answers: { name: 'x'.repeat(2 * 1024 * 1024) } };
      expect(await call(server, 'PATCH', `/public/v1/responses/${responseId}`, hugeBody)).toMatchObject({
        status: 413,
        body: { code: 'PAYLOAD_TOO_LARGE' },
      });
      for (const body of [{ answers: 'text' }, { answers: [] }, {}, { answers: {}, lastPosition: 'x' }]) {
        expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, body)).status).toBe(400);
      }
    });

    it('completes idempotently, keeps the first completedAt, and then refuses changes with 409', async () => {
      const q = await createPublished(server);
      const responseId = await start(q.publicId);
      const completed = await call(server, 'POST', `/public/v1/responses/${responseId}/complete`);
      expect(completed.status).toBe(200);
      const before = (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.items[0];
      expect(before.status).toBe('COMPLETED');
      expect(before.completedAt).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 15));
      expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
      const after = (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.items[0];
      expect(after.completedAt).toBe(before.completedAt);

      expect(
        await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'late' } }),
      ).toMatchObject({
        status: 409,
        body: { code: 'RESPONSE_COMPLETED' },
      });
      const rehydrated = await call(server, 'GET', `/public/v1/responses/${responseId}`);
      expect(rehydrated.body).toMatchObject({ status: 'COMPLETED', answers: {} });
    });

    it('answers 404 for unknown, malformed, deleted responses and deleted questionnaires', async () => {
      const q = await createPublished(server);
      const deletedResponse = await start(q.publicId);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${deletedResponse}`)).status).toBe(
        204,
      );
      const orphaned = await start(q.publicId);
      const other = await createPublished(server);
      const inDeletedQuestionnaire = await start(other.publicId);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${other.id}`)).status).toBe(204);

      for (const id of ['nope', '00000000-0000-4000-8000-000000000000', deletedResponse, inDeletedQuestionnaire]) {
        expect(await call(server, 'GET', `/public/v1/responses/${id}`)).toMatchObject({
          status: 404,
          body: { code: 'NOT_FOUND' },
        });
        expect((await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers: {} })).status).toBe(404);
        expect((await call(server, 'POST', `/public/v1/responses/${id}/complete`)).status).toBe(404);
      }
      expect((await call(server, 'GET', `/public/v1/responses/${orphaned}`)).status).toBe(200);
    });
  });

  describe('ref-status', () => {
    it('tells NONE, IN_PROGRESS and COMPLETED', async () => {
      const q = await createPublished(server);
      const status = async (ref: string) =>
        (await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/ref-status?ref=${encodeURIComponent(ref)}`))
          .body;
      expect(await status('a&b')).toEqual({ status: 'NONE' });
      const first = await start(q.publicId, { versionNumber: 1, externalRef: 'a&b' });
      await start(q.publicId, { versionNumber: 1, externalRef: 'a&b' });
      expect(await status('a&b')).toEqual({ status: 'IN_PROGRESS' });
      await call(server, 'POST', `/public/v1/responses/${first}/complete`);
      expect(await status('a&b')).toEqual({ status: 'COMPLETED' });
    });

    it('needs ref and a known questionnaire', async () => {
      const q = await createPublished(server);
      expect(await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/ref-status`)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
      expect((await call(server, 'GET', '/public/v1/questionnaires/nope/ref-status?ref=x')).status).toBe(404);
    });
  });

  describe('ONE_PER_REF', () => {
    const onePerRef = async () => {
      const q = await createPublished(server);
      await call(server, 'PATCH', `/api/v1/questionnaires/${q.id}`, { submissionPolicy: 'ONE_PER_REF' });
      return q;
    };

    it('requires an externalRef at creation', async () => {
      const q = await onePerRef();
      expect(
        await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, { versionNumber: 1 }),
      ).toMatchObject({
        status: 400,
        body: { code: 'EXTERNAL_REF_REQUIRED' },
      });
    });

    it('refuses a second submission for the same ref, at completion and at creation', async () => {
      const q = await onePerRef();
      const a = await start(q.publicId, { versionNumber: 1, externalRef: 'ref-1' });
      const b = await start(q.publicId, { versionNumber: 1, externalRef: 'ref-1' });
      expect((await call(server, 'POST', `/public/v1/responses/${a}/complete`)).status).toBe(200);
      expect(await call(server, 'POST', `/public/v1/responses/${b}/complete`)).toMatchObject({
        status: 409,
        body: { code: 'ALREADY_SUBMITTED' },
      });
      expect(
        await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
          versionNumber: 1,
          externalRef: 'ref-1',
        }),
      ).toMatchObject({ status: 409, body: { code: 'ALREADY_SUBMITTED' } });
      // Other refs are unaffected, and the winner may repeat its complete.
      await start(q.publicId, { versionNumber: 1, externalRef: 'ref-2' });
      expect((await call(server, 'POST', `/public/v1/responses/${a}/complete`)).status).toBe(200);
      const live = await call(server, 'GET', `/public/v1/responses/${a}`);
      expect(live.body.submissionPolicy).toBe('ONE_PER_REF');
    });

    it('counts completions made before the policy switched', async () => {
      const q = await createPublished(server);
      const early = await start(q.publicId, { versionNumber: 1, externalRef: 'r' });
      const late = await start(q.publicId, { versionNumber: 1, externalRef: 'r' });
      await call(server, 'POST', `/public/v1/responses/${early}/complete`);
      await call(server, 'PATCH', `/api/v1/questionnaires/${q.id}`, { submissionPolicy: 'ONE_PER_REF' });
      expect((await call(server, 'POST', `/public/v1/responses/${late}/complete`)).body.code).toBe('ALREADY_SUBMITTED');
    });

    it('lets exactly one of many concurrent completions win', async () => {
      const q = await onePerRef();
      const ids = await Promise.all(
        Array.from({ length: 8 }, () => start(q.publicId, { versionNumber: 1, externalRef: 'race' })),
      );
      const results = await Promise.all(ids.map((id) => call(server, 'POST', `/public/v1/responses/${id}/complete`)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.body.code === 'ALREADY_SUBMITTED')).toHaveLength(7);
    });

    it('allows many completions per ref under MULTIPLE', async () => {
      const q = await createPublished(server);
      const ids = await Promise.all([1, 2, 3].map(() => start(q.publicId, { versionNumber: 1, externalRef: 'same' })));
      const results = await Promise.all(ids.map((id) => call(server, 'POST', `/public/v1/responses/${id}/complete`)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    });
  });
});
