import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('response management', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const start = async (publicId: string, body: Record<string, unknown> = { versionNumber: 1 }) =>
    (await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, body)).body.responseId as string;

  describe('browse', () => {
    it('lists newest first with status, version and ref filters and paging', async () => {
      const q = await createPublished(server);
      const first = await start(q.publicId, { versionNumber: 1, externalRef: 'a' });
      const second = await start(q.publicId, { versionNumber: 1, externalRef: 'b' });
      await call(server, 'PUT', `/api/v1/questionnaires/${q.id}/draft`, { schemaVersion: 1 });
      await call(server, 'POST', `/api/v1/questionnaires/${q.id}/publish`);
      const third = await start(q.publicId, { versionNumber: 2, externalRef: 'a' });
      await call(server, 'POST', `/public/v1/responses/${second}/complete`);

      const ids = async (query = '') =>
        (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses${query}`)).body.items.map(
          (item: { responseId: string }) => item.responseId,
        );
      expect(await ids()).toEqual([third, second, first]);
      expect(await ids('?status=COMPLETED')).toEqual([second]);
      expect(await ids('?status=IN_PROGRESS')).toEqual([third, first]);
      expect(await ids('?versionNumber=2')).toEqual([third]);
      expect(await ids('?externalRef=a')).toEqual([third, first]);
      expect(await ids('?externalRef=a&versionNumber=1')).toEqual([first]);
      const page = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses?page=1&size=2`);
      expect(page.body).toMatchObject({ page: 1, size: 2, total: 3 });
      expect(page.body.items.map((item: { responseId: string }) => item.responseId)).toEqual([first]);
    });

    it.each(['?status=DONE', '?versionNumber=x', '?versionNumber=0', '?size=0', '?size=201', '?page=-1', '?page=1.5'])(
      'rejects %s with 400',
      async (query) => {
        const q = await createPublished(server);
        expect(await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses${query}`)).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_FAILED' },
        });
      },
    );

    it('refuses an empty externalRef on browse, CSV and summary alike, and reads other empty filters as absent', async () => {
      const q = await createPublished(server);
      await start(q.publicId, { versionNumber: 1, externalRef: 'a' });
      await start(q.publicId);
      for (const path of ['responses', 'responses/export.csv', 'summary']) {
        // No response can have an empty reference (creation refuses one): read as absent, it
        // would widen the filter to everyone's responses.
        const body = expectProblem(
          await call(server, 'GET', `/api/v1/questionnaires/${q.id}/${path}?externalRef=`),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.errors).toEqual([expect.objectContaining({ path: 'externalRef' })]);
        expect(body.errors?.[0]?.message).toMatch(/leave externalRef out/);
        expect(
          (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/${path}?status=&versionNumber=`)).status,
        ).toBe(200);
      }
      expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses?status=`)).body.total).toBe(2);
      expect(
        (
          await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
            versionNumber: 1,
            externalRef: ' ',
          })
        ).status,
      ).toBe(400);
    });

    it('is 404 for unknown questionnaires and counts responses in the summary list', async () => {
      expect((await call(server, 'GET', '/api/v1/questionnaires/nope/responses')).status).toBe(404);
      const q = await createPublished(server);
      await start(q.publicId);
      await start(q.publicId);
      const list = await call(server, 'GET', '/api/v1/questionnaires?size=200');
      expect(list.body.items.find((item: { id: string }) => item.id === q.id).responseCount).toBe(2);
    });
  });

  describe('get one', () => {
    it('answers the response as browse lists it, and 404s one of another questionnaire', async () => {
      const q = await createPublished(server);
      const other = await createQuestionnaire(server);
      const id = await start(q.publicId, { versionNumber: 1, externalRef: 'r-1' });
      const one = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/${id}`);
      expect(one.status).toBe(200);
      const listed = (await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.items[0];
      expect(one.body).toEqual(listed);
      expect(one.body).toMatchObject({ responseId: id, externalRef: 'r-1', status: 'IN_PROGRESS', versionNumber: 1 });
      expect((await call(server, 'GET', `/api/v1/questionnaires/${other.id}/responses/${id}`)).status).toBe(404);
      expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses/not-an-id`)).status).toBe(404);
      expect((await call(server, 'GET', `/api/v1/questionnaires/nope/responses/${id}`)).status).toBe(404);
    });
  });

  describe('hard delete', () => {
    it('removes the response for good, completed or not', async () => {
      const q = await createPublished(server);
      const id = await start(q.publicId);
      await call(server, 'POST', `/public/v1/responses/${id}/complete`);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${id}`)).status).toBe(204);
      expect((await call(server, 'GET', `/public/v1/responses/${id}`)).status).toBe(404);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/${id}`)).status).toBe(404);
      expect((await call(server, 'GET', `/api/v1/questionnaires/${q.id}/responses`)).body.total).toBe(0);
    });

    it('is 404 when the response belongs to another questionnaire, and leaves it alone', async () => {
      const q = await createPublished(server);
      const other = await createQuestionnaire(server);
      const id = await start(q.publicId);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${other.id}/responses/${id}`)).status).toBe(404);
      expect((await call(server, 'DELETE', `/api/v1/questionnaires/${q.id}/responses/not-an-id`)).status).toBe(404);
      expect((await call(server, 'GET', `/public/v1/responses/${id}`)).status).toBe(200);
    });
  });
});
