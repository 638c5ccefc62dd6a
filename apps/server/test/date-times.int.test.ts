import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

/**
 * The shared DateTime schema (packages/schema/src/common.ts) on the routes that take one: ISO 8601
 * with an offset, and a year Postgres can store. Year 0000 is ISO's 1 BC, which Postgres's input
 * refuses ("date/time field value out of range"): a 400, never a 500.
 */
describe('date-times in requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const summary = (id: string, query: string) => call(server, 'GET', `/api/v1/questionnaires/${id}/summary?${query}`);

  it('the summary filter (REST and /trpc) refuses year 0000 with 400 and takes year 0001 on', async () => {
    const { id } = await createPublished(server);
    for (const query of ['from=0000-01-01T00:00:00Z', 'to=0000-12-31T23:59:59.999-02:00']) {
      const res = summary(id, query);
      const body = expectProblem(await res, 400, 'VALIDATION_FAILED');
      expect(body.errors?.map((error) => error.path)).toEqual([query.slice(0, query.indexOf('='))]);
    }
    const input = encodeURIComponent(JSON.stringify({ id, from: '0000-06-01T00:00:00Z' }));
    const trpc = await call(server, 'GET', `/trpc/responses.summary?input=${input}`);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.problem.code).toBe('VALIDATION_FAILED');

    expect((await summary(id, 'from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z')).status).toBe(200);
    // Year 0001 with an offset is 1 BC in UTC: Postgres stores that, so it is taken.
    expect((await summary(id, `from=${encodeURIComponent('0001-01-01T00:30:00+01:00')}`)).status).toBe(200);
  });

  it('an import refuses an exportedAt in year 0000, naming the field', async () => {
    const imported = (exportedAt: string) =>
      call(server, 'POST', '/api/v1/questionnaires/import', {
        formsEngineExport: 1,
        name: 'Dated',
        exportedAt,
        definition: { schemaVersion: 1 },
      });
    const body = expectProblem(await imported('0000-01-01T00:00:00Z'), 400, 'VALIDATION_FAILED');
    expect(body.errors?.map((error) => error.path)).toEqual(['exportedAt']);
    expect((await imported('2026-01-01T00:00:00Z')).status).toBe(201);
  });
});
