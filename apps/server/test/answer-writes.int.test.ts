import { randomUUID } from 'node:crypto';
import type { SqlQuery } from '@forms-engine/db';
import { createTestDatabase, type TestDatabase } from '@forms-engine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerWrites } from '../src/services/answer-writes.ts';

describe('AnswerWrites (coalesced saves) on the real database', () => {
  let database: TestDatabase;
  let statements = 0;
  let counting: SqlQuery;
  const questionnaireId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    const { sql } = database.db;
    counting = {
      query: (text, params, name) => {
        if (text.trimStart().startsWith('UPDATE')) statements++;
        return sql.query(text, params, name);
      },
    };
    await sql.query(
      `INSERT INTO questionnaire (id, public_id, name, draft, current_version) VALUES ($1::uuid, 'aw', 'AW', '{}', 1)`,
      [questionnaireId],
    );
    await sql.query(
      `INSERT INTO questionnaire_version (questionnaire_id, version_number, definition) VALUES ($1::uuid, 1, '{}')`,
      [questionnaireId],
    );
  });
  afterAll(() => database.dispose());

  const newResponse = async (status = 'IN_PROGRESS') => {
    const id = randomUUID();
    await database.db.sql.query(
      `INSERT INTO response (id, questionnaire_id, version_number, status, language) VALUES ($1::uuid, $2::uuid, 1, $3::"ResponseStatus", 'en')`,
      [id, questionnaireId, status],
    );
    return id;
  };
  const answersOf = async (id: string) =>
    (await database.db.sql.query<{ answers: unknown }>('SELECT answers FROM response WHERE id = $1::uuid', [id]))[0]
      ?.answers;

  it('writes many concurrent saves in fewer statements, each to its own response', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => newResponse()));
    const writes = new AnswerWrites(counting);
    statements = 0;
    const results = await Promise.all(ids.map((id, i) => writes.write(id, JSON.stringify({ n: i }), { stepId: 's' })));
    expect(results.every(Boolean)).toBe(true);
    expect(statements).toBeLessThan(ids.length);
    for (const [i, id] of ids.entries()) expect(await answersOf(id)).toEqual({ n: i });
  });

  it('keeps the order of saves to one response: the last one wins', async () => {
    const id = await newResponse();
    const others = await Promise.all(Array.from({ length: 10 }, () => newResponse()));
    const writes = new AnswerWrites(counting);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => writes.write(id, JSON.stringify({ save: i }), undefined)),
      ...others.map((other) => writes.write(other, '{}', undefined)),
    ]);
    expect(await answersOf(id)).toEqual({ save: 11 });
  });

  it('reports a completed or unknown response as not written, without failing its batch', async () => {
    const open = await newResponse();
    const completed = await newResponse('COMPLETED');
    const writes = new AnswerWrites(counting);
    const [a, b, c] = await Promise.all([
      writes.write(open, '{"x":1}', undefined),
      writes.write(completed, '{"x":1}', undefined),
      writes.write(randomUUID(), '{"x":1}', undefined),
    ]);
    expect([a, b, c]).toEqual([true, false, false]);
    expect(await answersOf(completed)).toEqual({});
  });
});
