import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import type { Problem, QuestionnaireDetail } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

// Several OS processes can only share a database server, so this runs where DATABASE_URL names
// one (CI's Postgres pass). The in-process race on PGlite is in public-responses.int.test.ts.
describe.runIf(process.env.DATABASE_URL)('ONE_PER_REF race across server processes', () => {
  const ROUNDS = 30;
  const SESSIONS_PER_ROUND = 8;
  let database: TestDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both processes start at once: their migration runs must queue, not collide.
    servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.databaseUrl! })));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  });

  const post = (base: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('always ends with exactly one COMPLETED response per ref', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const created = (await (
      await post(a.url, '/api/v1/questionnaires', { name: 'Race' })
    ).json()) as QuestionnaireDetail;
    await fetch(`${a.url}/api/v1/questionnaires/${created.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionPolicy: 'ONE_PER_REF' }),
    });
    expect((await post(b.url, `/api/v1/questionnaires/${created.id}/publish`)).status).toBe(200);

    for (let round = 0; round < ROUNDS; round++) {
      const ref = `ref-${round}`;
      const sessions = await Promise.all(
        Array.from({ length: SESSIONS_PER_ROUND }, async (_, i) => {
          const base = i % 2 === 0 ? a.url : b.url;
          const res = await post(base, `/public/v1/questionnaires/${created.publicId}/responses`, {
            versionNumber: 1,
            externalRef: ref,
          });
          expect(res.status).toBe(201);
          return { base, id: ((await res.json()) as { responseId: string }).responseId };
        }),
      );
      // Every session completes at once, half through each process.
      const results = await Promise.all(
        sessions.map(async ({ base, id }) => {
          const res = await post(base, `/public/v1/responses/${id}/complete`);
          return { status: res.status, code: res.status === 200 ? undefined : ((await res.json()) as Problem).code };
        }),
      );
      expect(
        results.filter((r) => r.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.code === 'ALREADY_SUBMITTED')).toHaveLength(
        SESSIONS_PER_ROUND - 1,
      );
      const completed = await database.db.prisma.response.count({
        where: { questionnaireId: created.id, externalRef: ref, status: 'COMPLETED' },
      });
      expect(completed).toBe(1);
    }
  }, 120_000);
});
