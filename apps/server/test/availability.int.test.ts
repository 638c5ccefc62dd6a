import type { QuestionnaireDetail } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completeAll,
  expectExactly,
  ROUNDS,
  racedQuestionnaire,
  redQuota,
  startedRed,
  withEnding,
} from './availability-race.ts';
import { errorPaths, expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Issue 24 in one process (Postgres when DATABASE_URL is set, else PGlite): a schedule, a limit of
// completed responses and quotas; their settings, the availability shown, each refusal and what it
// leaves unchanged. The race across two processes is availability-processes.int.test.ts.

const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('schedule, limit and quotas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const patch = (id: string, body: unknown) => call(server, 'PATCH', `/api/v1/questionnaires/${id}`, body);
  const settle = async (id: string, body: unknown) => {
    const res = await patch(id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as QuestionnaireDetail;
  };
  const create = (publicId: string, body: Record<string, unknown> = {}) =>
    call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1, ...body });
  const started = async (publicId: string, answers: Record<string, unknown> = {}, hidden?: Record<string, string>) => {
    const res = await create(publicId, hidden ? { hidden } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.responseId as string;
    expect((await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers })).status).toBeLessThan(300);
    return id;
  };
  const complete = (id: string) => call(server, 'POST', `/public/v1/responses/${id}/complete`);
  const live = async (publicId: string) =>
    (await call(server, 'GET', `/public/v1/questionnaires/${publicId}/live`)).body;
  const detail = async (id: string) =>
    (await call(server, 'GET', `/api/v1/questionnaires/${id}`)).body as QuestionnaireDetail;
  const responseCount = async (id: string) => (await detail(id)).availability.completed;
  const statusOf = async (id: string, responseId: string) =>
    (await call(server, 'GET', `/api/v1/questionnaires/${id}/responses/${responseId}`)).body.status;

  describe('settings', () => {
    it('are returned in UTC without milliseconds that are 0, and null clears them', async () => {
      const q = await createQuestionnaire(server);
      const set = await settle(q.id, {
        opensAt: '2026-12-01T09:00:00+01:00',
        closesAt: '2026-12-05T18:00:00.250Z',
        closeGraceMinutes: 15,
        maxCompletedResponses: 200,
      });
      expect(set).toMatchObject({
        opensAt: '2026-12-01T08:00:00Z',
        closesAt: '2026-12-05T18:00:00.250Z',
        closeGraceMinutes: 15,
        maxCompletedResponses: 200,
        quotas: [],
      });
      const cleared = await settle(q.id, { opensAt: null, closesAt: null, maxCompletedResponses: null });
      expect(cleared).toMatchObject({
        opensAt: null,
        closesAt: null,
        closeGraceMinutes: 15,
        maxCompletedResponses: null,
      });
    });

    it('refuse closesAt before opensAt as they stand after the PATCH (400, nothing changes)', async () => {
      const q = await createQuestionnaire(server);
      await settle(q.id, { opensAt: '2026-12-05T08:00:00Z' });
      expect(errorPaths(await patch(q.id, { closesAt: '2026-12-01T08:00:00Z' }))).toEqual(['closesAt']);
      expect(
        errorPaths(await patch(q.id, { opensAt: '2026-12-09T08:00:00Z', closesAt: '2026-12-08T08:00:00Z' })),
      ).toEqual(['closesAt']);
      const res = await patch(q.id, { name: 'Renamed', closesAt: '2026-12-01T08:00:00Z' });
      expect(res.body.errors[0].message).toMatch(/closing date is before the opening date/);
      expect(await detail(q.id)).toMatchObject({ name: q.name, opensAt: '2026-12-05T08:00:00Z', closesAt: null });
    });

    it('refuse a grace, a limit or quotas out of bounds (400 naming the field)', async () => {
      const q = await createQuestionnaire(server);
      expect(errorPaths(await patch(q.id, { closeGraceMinutes: 1441 }))).toEqual(['closeGraceMinutes']);
      expect(errorPaths(await patch(q.id, { closeGraceMinutes: -1 }))).toEqual(['closeGraceMinutes']);
      expect(errorPaths(await patch(q.id, { maxCompletedResponses: -1 }))).toEqual(['maxCompletedResponses']);
      expect(errorPaths(await patch(q.id, { maxCompletedResponses: 1.5 }))).toEqual(['maxCompletedResponses']);
      expect(errorPaths(await patch(q.id, { opensAt: 'Monday' }))).toEqual(['opensAt']);
      expect(errorPaths(await patch(q.id, { quotas: [redQuota(1), redQuota(2)] }))).toContain('quotas.1.id');
      expect(
        errorPaths(
          await patch(q.id, { quotas: Array.from({ length: 21 }, (_, i) => ({ ...redQuota(1), id: `q${i}` })) }),
        ),
      ).toEqual(['quotas']);
      expect(await detail(q.id)).toMatchObject({ closeGraceMinutes: 60, maxCompletedResponses: null, quotas: [] });
    });

    it('refuse a quota naming a question, hidden field or ending the latest published version lacks', async () => {
      const q = await createPublished(server, withEnding());
      const res = await patch(q.id, {
        quotas: [
          { ...redQuota(5), endingId: 'e_gone' },
          {
            id: 'h',
            name: 'Campaign',
            limit: 5,
            rule: {
              combinator: 'ANY',
              conditions: [
                { source: 'ANSWER', questionCode: 'q_gone', operator: 'IS_NOT_EMPTY' },
                { source: 'HIDDEN_FIELD', key: 'campaign', operator: 'EQUALS', value: 'x' },
              ],
            },
          },
        ],
      });
      expect(errorPaths(res).sort()).toEqual([
        'quotas.0.endingId',
        'quotas.1.rule.conditions.0.questionCode',
        'quotas.1.rule.conditions.1.key',
      ]);
      expect(res.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/“q_gone”.*does not have/);
      // The draft does not count once something is published: a question only the draft has is refused.
      const draft = withEnding();
      draft.questions?.push({ id: 'q9', code: 'draft_only', type: 'SHORT_TEXT', prompt: 'New' });
      expect((await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, draft)).status).toBe(200);
      const draftOnly = {
        ...redQuota(1),
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'ANSWER', questionCode: 'draft_only', operator: 'IS_NOT_EMPTY' }],
        },
      };
      expect(errorPaths(await patch(q.id, { quotas: [draftOnly] }))).toEqual([
        'quotas.0.rule.conditions.0.questionCode',
      ]);
      // Before any publish the draft is what quotas read.
      const unpublished = await createQuestionnaire(server);
      expect((await call(server, 'PUT', `/api/v1/questionnaires/${unpublished.id}/draft`, draft)).status).toBe(200);
      expect((await patch(unpublished.id, { quotas: [draftOnly] })).status).toBe(200);
    });
  });

  describe('availability', () => {
    it('is SCHEDULED before opensAt: live says so, create is 409 NOT_YET_OPEN with opensAt, nothing created', async () => {
      const q = await createPublished(server, withEnding());
      const opensAt = '2099-01-01T08:00:00Z';
      const set = await settle(q.id, { opensAt });
      expect(set.availability).toEqual({ status: 'SCHEDULED', completed: 0, quotas: [] });
      expect((await live(q.publicId)).availability).toEqual({ status: 'SCHEDULED', opensAt, closesAt: null });
      const refused = expectProblem(await create(q.publicId), 409, 'QUESTIONNAIRE_CLOSED');
      expect(refused).toMatchObject({ reason: 'NOT_YET_OPEN', opensAt });
      const list = (await call(server, 'GET', '/api/v1/questionnaires?size=100')).body.items;
      expect(list.find((item: { id: string }) => item.id === q.id)).toMatchObject({
        opensAt,
        closesAt: null,
        maxCompletedResponses: null,
        availability: { status: 'SCHEDULED' },
      });
      expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.total).toBe(0);
    });

    it('is CLOSED after closesAt: create 409 CLOSED; a response in progress still saves', async () => {
      const q = await createPublished(server, withEnding());
      const id = await started(q.publicId, { name: 'Ada' });
      const closesAt = '2020-01-01T00:00:00Z';
      expect((await settle(q.id, { closesAt })).availability.status).toBe('CLOSED');
      expect((await live(q.publicId)).availability).toEqual({ status: 'CLOSED', opensAt: null, closesAt });
      const refused = expectProblem(await create(q.publicId), 409, 'QUESTIONNAIRE_CLOSED');
      expect(refused.reason).toBe('CLOSED');
      expect(refused.opensAt).toBeUndefined();
      expect(
        (await call(server, 'PATCH', `/public/v1/responses/${id}`, { answers: { name: 'Bo' } })).status,
      ).toBeLessThan(300);
      expect(expectProblem(await complete(id), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('CLOSED');
      expect(await statusOf(q.id, id)).toBe('IN_PROGRESS');
    });

    it('ends the cached live document when the clock crosses opensAt, with nothing else changed', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { opensAt: at(1_500) });
      const scheduled = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`);
      expect(scheduled.body.availability.status).toBe('SCHEDULED');
      await vi.waitFor(
        async () => {
          const opened = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`);
          expect(opened.body.availability.status).toBe('OPEN');
          expect(opened.headers.get('etag')).not.toBe(scheduled.headers.get('etag'));
        },
        { timeout: 5_000, interval: 100 },
      );
      expect((await create(q.publicId)).status).toBe(201);
    });

    it('lets a response started before closesAt complete within the grace, not after it', async () => {
      const q = await createPublished(server, withEnding());
      const inGrace = await started(q.publicId, { name: 'Ada' });
      const pastGrace = await started(q.publicId, { name: 'Bo' });
      // Both started a moment ago; closing a minute from now would not test the grace.
      await settle(q.id, { closesAt: at(MINUTE), closeGraceMinutes: 5 });
      await settle(q.id, { closesAt: at(-0) });
      expect((await complete(inGrace)).status).toBe(200);
      // Grace 0: the closing time itself is the end.
      await settle(q.id, { closeGraceMinutes: 0 });
      expect(expectProblem(await complete(pastGrace), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('CLOSED');
      await settle(q.id, { closeGraceMinutes: 60 });
      expect((await complete(pastGrace)).status).toBe(200);
    });

    it('refuses completing a response started after closesAt, whatever the grace', async () => {
      const q = await createPublished(server, withEnding());
      const id = await started(q.publicId, { name: 'Ada' });
      await settle(q.id, { closesAt: at(-10 * MINUTE), closeGraceMinutes: 1440 });
      expect(expectProblem(await complete(id), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('CLOSED');
    });

    it('refuses completing while SCHEDULED with NOT_YET_OPEN and opensAt', async () => {
      const q = await createPublished(server, withEnding());
      const id = await started(q.publicId, { name: 'Ada' });
      await settle(q.id, { opensAt: '2099-01-01T08:00:00Z' });
      const refused = expectProblem(await complete(id), 409, 'QUESTIONNAIRE_CLOSED');
      expect(refused).toMatchObject({ reason: 'NOT_YET_OPEN', opensAt: '2099-01-01T08:00:00Z' });
      await settle(q.id, { opensAt: null });
      expect((await complete(id)).status).toBe(200);
    });

    it('is FULL at the limit: completion 409 FULL, create 409 FULL, live FULL; erasing a completed one frees its place', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { maxCompletedResponses: 2 });
      const [a, b, c] = [await started(q.publicId), await started(q.publicId), await started(q.publicId)];
      expect((await complete(a)).status).toBe(200);
      expect((await complete(a)).status).toBe(200); // repeated: counted once
      expect((await complete(b)).status).toBe(200);
      expect(expectProblem(await complete(c), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('FULL');
      expect(await statusOf(q.id, c)).toBe('IN_PROGRESS');
      expect(expectProblem(await create(q.publicId), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('FULL');
      expect((await live(q.publicId)).availability.status).toBe('FULL');
      expect((await detail(q.id)).availability).toEqual({ status: 'FULL', completed: 2, quotas: [] });
      const listed = (await call(server, 'GET', '/api/v1/questionnaires?size=100')).body.items;
      expect(listed.find((item: { id: string }) => item.id === q.id)).toMatchObject({
        maxCompletedResponses: 2,
        availability: { status: 'FULL', completed: 2 },
      });
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${a}`)).status).toBe(204);
      expect((await live(q.publicId)).availability.status).toBe('OPEN');
      expect((await detail(q.id)).availability).toEqual({ status: 'OPEN', completed: 1, quotas: [] });
      expect((await complete(c)).status).toBe(200);
      // 0 means full from the start.
      await settle(q.id, { maxCompletedResponses: 0 });
      expect(expectProblem(await create(q.publicId), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('FULL');
    });

    it('a limit raised reopens it at once', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { maxCompletedResponses: 1 });
      expect((await complete(await started(q.publicId))).status).toBe(200);
      expect(expectProblem(await create(q.publicId), 409, 'QUESTIONNAIRE_CLOSED').reason).toBe('FULL');
      await settle(q.id, { maxCompletedResponses: 2 });
      expect((await create(q.publicId)).status).toBe(201);
    });
  });

  describe('quotas', () => {
    const hiddenQuota = (limit: number) => ({
      id: 'news',
      name: 'Newsletter',
      limit,
      rule: {
        combinator: 'ALL',
        conditions: [{ source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'newsletter' }],
      },
    });

    it('count matching completions by answers; a full one is 409 QUOTA_FULL with quotaId and endingId; others pass', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { quotas: [redQuota(1)] });
      const first = await started(q.publicId, { name: 'Ada', colour: 'red' });
      const second = await started(q.publicId, { name: 'Bo', colour: 'red' });
      const blue = await started(q.publicId, { name: 'Cy', colour: 'blue' });
      expect((await complete(first)).status).toBe(200);
      const refused = expectProblem(await complete(second), 409, 'QUOTA_FULL');
      expect(refused).toMatchObject({ quotaId: 'red', endingId: 'e_full' });
      expect(await statusOf(q.id, second)).toBe('IN_PROGRESS');
      expect((await complete(blue)).status).toBe(200);
      expect((await detail(q.id)).availability).toEqual({
        status: 'OPEN',
        completed: 2,
        quotas: [{ id: 'red', count: 1, full: true }],
      });
      // The quota's place comes back when its response is erased.
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${first}`)).status).toBe(204);
      expect((await detail(q.id)).availability.quotas).toEqual([{ id: 'red', count: 0, full: false }]);
      expect((await complete(second)).status).toBe(200);
    });

    it('read the rule as the rule engine does: a hidden question answers as empty', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { quotas: [redQuota(0)] });
      // colour shows only once name is answered: a saved "red" without a name is not read.
      expect((await complete(await started(q.publicId, { colour: 'red' }))).status).toBe(200);
      expect(
        expectProblem(await complete(await started(q.publicId, { name: 'A', colour: 'red' })), 409, 'QUOTA_FULL')
          .quotaId,
      ).toBe('red');
    });

    it('count by hidden fields; the first full matching quota in list order answers; no ending leaves endingId out', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { quotas: [hiddenQuota(1), { ...redQuota(0), id: 'red2' }, redQuota(0)] });
      const other = await started(q.publicId, { name: 'A' }, { utm_source: 'ads' });
      const news = await started(q.publicId, { name: 'B' }, { utm_source: 'newsletter' });
      const newsAgain = await started(q.publicId, { name: 'C' }, { utm_source: 'newsletter' });
      const red = await started(q.publicId, { name: 'D', colour: 'red' });
      expect((await complete(other)).status).toBe(200);
      expect((await complete(news)).status).toBe(200);
      const refused = expectProblem(await complete(newsAgain), 409, 'QUOTA_FULL');
      expect(refused.quotaId).toBe('news');
      expect('endingId' in refused).toBe(false);
      expect(expectProblem(await complete(red), 409, 'QUOTA_FULL').quotaId).toBe('red2');
      expect((await detail(q.id)).availability.quotas).toEqual([
        { id: 'news', count: 1, full: true },
        { id: 'red2', count: 0, full: true },
        { id: 'red', count: 0, full: true },
      ]);
    });

    it('keep their count while their id stays; a quota removed loses its count, one added starts at 0', async () => {
      const q = await createPublished(server, withEnding());
      await settle(q.id, { quotas: [redQuota(5)] });
      expect((await complete(await started(q.publicId, { name: 'A', colour: 'red' }))).status).toBe(200);
      expect((await settle(q.id, { quotas: [{ ...redQuota(9), name: 'Reds' }] })).availability.quotas).toEqual([
        { id: 'red', count: 1, full: false },
      ]);
      expect((await settle(q.id, { quotas: [] })).availability.quotas).toEqual([]);
      expect((await settle(q.id, { quotas: [redQuota(5)] })).availability.quotas).toEqual([
        { id: 'red', count: 0, full: false },
      ]);
    });
  });

  describe(`racing completions in one process (${ROUNDS} rounds)`, () => {
    it('take exactly the free places of a limit; repeated completions count once', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const q = await racedQuestionnaire(server.url, { maxCompletedResponses: 12 });
        const [done1, done2] = await startedRed([server.url], q.publicId, 2, false);
        expect((await complete(done1!.id)).status).toBe(200);
        expect((await complete(done2!.id)).status).toBe(200);
        const sessions = await startedRed([server.url], q.publicId, 30, false);
        // done1 is completed again among them: 200, and not counted again.
        const outcomes = await completeAll([...sessions, done1!], 10);
        const { after } = await expectExactly(server.url, q.id, outcomes, 11, 'QUESTIONNAIRE_CLOSED', 12);
        expect(after.availability.status, `round ${round}`).toBe('FULL');
        expect(await responseCount(q.id)).toBe(12);
      }
    }, 120_000);

    it('take exactly the free places of a quota', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const q = await racedQuestionnaire(server.url, { quotas: [redQuota(5)] });
        const outcomes = await completeAll(await startedRed([server.url], q.publicId, 15), 5);
        const { after } = await expectExactly(server.url, q.id, outcomes, 5, 'QUOTA_FULL');
        expect(after.availability.quotas, `round ${round}`).toEqual([{ id: 'red', count: 5, full: true }]);
      }
    }, 120_000);
  });
});
