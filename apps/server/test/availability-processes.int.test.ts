import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completeAll,
  detail,
  expectExactly,
  ROUNDS,
  racedQuestionnaire,
  redQuota,
  startedRed,
} from './availability-race.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

// Issue 24 across two server processes on one Postgres (several processes can only share a
// database server, so this runs where DATABASE_URL names one; the same races in one process, on
// PGlite too, are in availability.int.test.ts): settings in force on the other process within
// 2 seconds, and racing completions that take exactly the free places of a limit or a quota.

describe.runIf(process.env.DATABASE_URL)('schedule, limit and quotas across server processes', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.databaseUrl! })));
    bases = servers.map((server) => server.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  });

  const completedRows = (questionnaireId: string) =>
    database.db.prisma.response.count({ where: { questionnaireId, status: 'COMPLETED' } });

  it('puts settings changed through one process in force on the other within 2 seconds', async () => {
    const [a, b] = bases as [string, string];
    const q = await racedQuestionnaire(a, {});
    const createOnB = () =>
      fetch(`${b}/public/v1/questionnaires/${q.publicId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"versionNumber":1}',
      });
    // B has the settings in memory (OPEN) before they change on A.
    expect((await createOnB()).status).toBe(201);
    const liveOnB = async () =>
      (
        (await (await fetch(`${b}/public/v1/questionnaires/${q.publicId}/live`)).json()) as {
          availability: { status: string };
        }
      ).availability;
    expect((await liveOnB()).status).toBe('OPEN');
    const changed = Date.now();
    const patched = await fetch(`${a}/api/v1/questionnaires/${q.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ closesAt: '2020-01-01T00:00:00Z' }),
    });
    expect(patched.status).toBe(200);
    await vi.waitFor(
      async () => {
        const res = await createOnB();
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ code: 'QUESTIONNAIRE_CLOSED', reason: 'CLOSED' });
      },
      { timeout: 2_000, interval: 50 },
    );
    expect(await liveOnB()).toEqual({ status: 'CLOSED', opensAt: null, closesAt: '2020-01-01T00:00:00Z' });
    expect(Date.now() - changed).toBeLessThan(2_000);
  });

  it(`gives 30 racing completions for 10 free places exactly 10, the rest 409 FULL, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const q = await racedQuestionnaire(bases[round % 2] as string, { maxCompletedResponses: 12 });
      // Two places are taken before the race; the first of them is completed again during it.
      const taken = await startedRed(bases, q.publicId, 2, false);
      for (const { base, id } of taken) {
        expect((await fetch(`${base}/public/v1/responses/${id}/complete`, { method: 'POST' })).status).toBe(200);
      }
      const sessions = await startedRed(bases, q.publicId, 30, false);
      const outcomes = await completeAll([...sessions, taken[0]!], 10);
      await expectExactly(bases[0] as string, q.id, outcomes, 11, 'QUESTIONNAIRE_CLOSED', 12);
      expect(await completedRows(q.id), `round ${round}`).toBe(12);
      // Both processes now refuse new responses: FULL.
      for (const base of bases) {
        const res = await fetch(`${base}/public/v1/questionnaires/${q.publicId}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"versionNumber":1}',
        });
        expect(res.status).toBe(409);
        expect(((await res.json()) as { reason: string }).reason).toBe('FULL');
      }
    }
  }, 180_000);

  it(`gives 15 racing matching completions for a quota of 5 exactly 5, the rest 409 QUOTA_FULL, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const q = await racedQuestionnaire(bases[round % 2] as string, { quotas: [redQuota(5)] });
      const outcomes = await completeAll(await startedRed(bases, q.publicId, 15), 5);
      await expectExactly(bases[1] as string, q.id, outcomes, 5, 'QUOTA_FULL');
      expect(await completedRows(q.id), `round ${round}`).toBe(5);
      expect((await detail(bases[0] as string, q.id)).availability.quotas).toEqual([
        { id: 'red', count: 5, full: true },
      ]);
    }
  }, 180_000);
});
