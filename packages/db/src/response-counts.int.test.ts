import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate.ts';
import { type Database, openDatabase } from './open-database.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

// The response counts of migration 20261126000000_response_counts (with the language since
// 20261126100000_response_language): kept by triggers, folded now and then, read as counts + changes. Whatever writes and in whatever order, they must equal count(*).

const onPostgres = process.env.DATABASE_URL !== undefined;

interface Counted {
  status?: 'IN_PROGRESS' | 'COMPLETED';
  versionNumber?: number;
  language?: string;
}

/** What the counts say (by day, plus the changes not folded) and what count(*) says, per filter. */
async function countsAndTruth(db: Database, questionnaireId: string, filter: Counted = {}) {
  const where = (alias: string) =>
    [
      `${alias}.questionnaire_id = $1::uuid`,
      ...(filter.status ? [`${alias}.status = '${filter.status}'`] : []),
      ...(filter.versionNumber ? [`${alias}.version_number = ${filter.versionNumber}`] : []),
      ...(filter.language ? [`${alias}.language = '${filter.language}'`] : []),
    ].join(' AND ');
  const [row] = await db.sql.query<{ counted: number; truth: number; minutes: number }>(
    `SELECT (SELECT coalesce(sum(n), 0) FROM response_count_by_day d WHERE ${where('d')})::int
          + (SELECT coalesce(sum(n), 0) FROM response_count_change c WHERE ${where('c')})::int AS counted,
            (SELECT coalesce(sum(n), 0) FROM response_count_by_minute m WHERE ${where('m')})::int
          + (SELECT coalesce(sum(n), 0) FROM response_count_change c WHERE ${where('c')})::int AS minutes,
            (SELECT count(*) FROM response r WHERE ${where('r')})::int AS truth`,
    [questionnaireId],
  );
  return row!;
}

async function expectExact(db: Database, questionnaireId: string) {
  for (const filter of [
    {},
    { status: 'IN_PROGRESS' },
    { status: 'COMPLETED' },
    { versionNumber: 1 },
    { versionNumber: 2, status: 'COMPLETED' },
    { language: 'en' },
    { language: 'de', status: 'COMPLETED' },
  ] as Counted[]) {
    const { counted, minutes, truth } = await countsAndTruth(db, questionnaireId, filter);
    expect({ filter, counted, minutes }).toEqual({ filter, counted: truth, minutes: truth });
  }
  // Each minute's count is its rows' (not only the sums): pages are found by them.
  const wrong = await db.sql.query(
    `SELECT m.minute, m.n, count(r.id) AS rows FROM
       (SELECT minute, version_number, status, language, sum(n) AS n FROM (
          SELECT minute, version_number, status, language, n FROM response_count_by_minute WHERE questionnaire_id = $1::uuid
          UNION ALL SELECT minute, version_number, status, language, n FROM response_count_change WHERE questionnaire_id = $1::uuid) u
        GROUP BY 1, 2, 3, 4) m
     LEFT JOIN response r ON r.questionnaire_id = $1::uuid AND floor(extract(epoch FROM r.created_at) / 60) = m.minute
       AND r.version_number = m.version_number AND r.status = m.status AND r.language = m.language
     GROUP BY m.minute, m.version_number, m.status, m.language, m.n HAVING m.n <> count(r.id)`,
    [questionnaireId],
  );
  expect(wrong).toEqual([]);
}

async function newQuestionnaire(db: Database) {
  const id = randomUUID();
  await db.sql.query(
    `INSERT INTO questionnaire (id, public_id, name, draft, current_version) VALUES ($1::uuid, $2, 'Counted', '{}', 2)`,
    [id, randomBytes(9).toString('base64url')],
  );
  await db.sql.query(
    `INSERT INTO questionnaire_version (questionnaire_id, version_number, definition)
     VALUES ($1::uuid, 1, '{}'), ($1::uuid, 2, '{}')`,
    [id],
  );
  return id;
}

/**
 * `count` responses, every 17th minute from `start` back, versions, statuses and languages mixed;
 * some at a minute's first instant. `languages: false` for a database before the language column.
 */
async function insertResponses(
  db: Database,
  questionnaireId: string,
  count: number,
  start = '2026-03-01T00:00:00Z',
  { languages = true } = {},
) {
  await db.sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, ${languages ? 'language, ' : ''}status, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 1 + g % 2, ${languages ? "CASE WHEN g % 7 = 0 THEN 'de' ELSE 'en' END, " : ''}
            CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END::"ResponseStatus",
            $2::timestamptz - g * interval '17 minutes' - (g % 5) * interval '1.5 seconds', now()
     FROM generate_series(1, $3) AS g`,
    [questionnaireId, start, count],
  );
}

const fold = (db: Database, questionnaireId: string) =>
  db.sql.query('SELECT response_counts_fold($1::uuid)', [questionnaireId]);

const pendingChanges = async (db: Database, questionnaireId: string) =>
  (
    await db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM response_count_change WHERE questionnaire_id = $1::uuid',
      [questionnaireId],
    )
  )[0]!.n;

describe('response counts', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  it('count every insert, completion, change of version or time and delete, folded or not', async () => {
    const { db } = test;
    const id = await newQuestionnaire(db);
    const other = await newQuestionnaire(db);
    await insertResponses(db, id, 900);
    await insertResponses(db, other, 40);
    await expectExact(db, id);
    await fold(db, id);
    expect(await pendingChanges(db, id)).toBe(0);
    await expectExact(db, id);

    await db.sql.query(
      `UPDATE response SET status = 'COMPLETED', completed_at = now() WHERE questionnaire_id = $1::uuid AND status = 'IN_PROGRESS' AND created_at::time < '06:00'`,
      [id],
    );
    await expectExact(db, id);
    await db.sql.query(
      `UPDATE response SET version_number = 2, created_at = created_at - interval '3 days' WHERE questionnaire_id = $1::uuid AND version_number = 1 AND created_at::time > '20:00'`,
      [id],
    );
    await expectExact(db, id);
    await fold(db, id);
    await db.sql.query(`DELETE FROM response WHERE questionnaire_id = $1::uuid AND created_at::time < '03:00'`, [id]);
    await expectExact(db, id);
    await db.sql.query(
      `DELETE FROM response WHERE id = (SELECT id FROM response WHERE questionnaire_id = $1::uuid LIMIT 1)`,
      [id],
    );
    await expectExact(db, id);
    await fold(db, id);
    await expectExact(db, id);
    await expectExact(db, other);
  });

  it('are not touched by answer saves', async () => {
    const { db } = test;
    const id = await newQuestionnaire(db);
    await insertResponses(db, id, 10);
    await fold(db, id);
    await db.sql.query(
      `UPDATE response SET answers = '{"a": 1}', last_step_id = 's2', updated_at = now() WHERE questionnaire_id = $1::uuid`,
      [id],
    );
    // Not even a status written with its own value.
    await db.sql.query(`UPDATE response SET status = status WHERE questionnaire_id = $1::uuid`, [id]);
    expect(await pendingChanges(db, id)).toBe(0);
    await expectExact(db, id);
  });

  it('go with their questionnaire', async () => {
    const { db } = test;
    const id = await newQuestionnaire(db);
    const kept = await newQuestionnaire(db);
    await insertResponses(db, id, 300);
    await insertResponses(db, kept, 30);
    await fold(db, id);
    await insertResponses(db, id, 5, '2026-04-01T00:00:00Z'); // changes not folded yet
    await db.sql.query('DELETE FROM questionnaire WHERE id = $1::uuid', [id]);
    for (const table of ['response_count_by_day', 'response_count_by_minute', 'response_count_change']) {
      expect(await db.sql.query(`SELECT 1 FROM ${table} WHERE questionnaire_id = $1::uuid`, [id]), table).toEqual([]);
    }
    await expectExact(db, kept);
  });

  it('put a response at the first instant of a minute in that minute and that UTC day', async () => {
    const { db } = test;
    const id = await newQuestionnaire(db);
    await db.sql.query(
      `INSERT INTO response (id, questionnaire_id, version_number, language, created_at) VALUES
         (gen_random_uuid(), $1::uuid, 1, 'en', '2026-03-02T00:00:00.000Z'),
         (gen_random_uuid(), $1::uuid, 1, 'en', '2026-03-01T23:59:59.999Z')`,
      [id],
    );
    await fold(db, id);
    const day = Date.UTC(2026, 2, 2) / 86_400_000;
    expect(
      await db.sql.query(
        'SELECT day, n::int FROM response_count_by_day WHERE questionnaire_id = $1::uuid ORDER BY day',
        [id],
      ),
    ).toEqual([
      { day: day - 1, n: 1 },
      { day, n: 1 },
    ]);
    expect(
      (
        await db.sql.query<{ minute: string }>(
          'SELECT minute::text FROM response_count_by_minute WHERE questionnaire_id = $1::uuid ORDER BY minute',
          [id],
        )
      ).map((row) => Number(row.minute)),
    ).toEqual([day * 1440 - 1, day * 1440]);
  });

  it.runIf(onPostgres)('stay exact when writers and folds interleave across transactions', async () => {
    const { db, databaseUrl } = test;
    const id = await newQuestionnaire(db);
    await insertResponses(db, id, 20);
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      // A writes and has not committed; B folds (not seeing A's changes) and commits; A commits.
      await a.query('BEGIN');
      await a.query(
        `INSERT INTO response (id, questionnaire_id, version_number, language) SELECT gen_random_uuid(), $1::uuid, 1, 'en' FROM generate_series(1, 7)`,
        [id],
      );
      await b.query('BEGIN');
      await b.query('SELECT response_counts_fold($1::uuid)', [id]);
      await b.query('COMMIT');
      await a.query('COMMIT');
      await expectExact(db, id);

      // A folds and holds the fold's lock; B writes and tries to fold: it skips rather than waits.
      await a.query('BEGIN');
      await a.query(
        `UPDATE response SET status = 'COMPLETED' WHERE id = (SELECT id FROM response WHERE questionnaire_id = $1::uuid AND status = 'IN_PROGRESS' LIMIT 1)`,
        [id],
      );
      await a.query('SELECT response_counts_fold($1::uuid)', [id]);
      await b.query('BEGIN');
      await b.query(
        `DELETE FROM response WHERE id IN (SELECT id FROM response WHERE questionnaire_id = $1::uuid AND status = 'IN_PROGRESS' ORDER BY created_at LIMIT 3)`,
        [id],
      );
      await b.query('SELECT response_counts_fold($1::uuid)', [id]);
      await b.query('COMMIT');
      await a.query('COMMIT');
      await expectExact(db, id);
      await fold(db, id);
      expect(await pendingChanges(db, id)).toBe(0);
      await expectExact(db, id);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it.runIf(onPostgres)('stay exact under concurrent writers, with random folds on the way', async () => {
    const { db } = test;
    const id = await newQuestionnaire(db);
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let round = 0; round < 40; round++) {
          await db.sql.query(
            `INSERT INTO response (id, questionnaire_id, version_number, language) SELECT gen_random_uuid(), $1::uuid, $2, 'en' FROM generate_series(1, 3)`,
            [id, 1 + (worker % 2)],
          );
          await db.sql.query(
            `UPDATE response SET status = 'COMPLETED' WHERE id = (SELECT id FROM response WHERE questionnaire_id = $1::uuid AND status = 'IN_PROGRESS' ORDER BY random() LIMIT 1)`,
            [id],
          );
          if (round % 4 === 0) {
            await db.sql.query(
              'DELETE FROM response WHERE id = (SELECT id FROM response WHERE questionnaire_id = $1::uuid ORDER BY random() LIMIT 1)',
              [id],
            );
          }
        }
      }),
    );
    await expectExact(db, id);
  });

  it('are filled by the migration from the responses already there', async () => {
    const migrations = await loadMigrations();
    const counts = migrations.findIndex((migration) => migration.name.endsWith('_response_counts'));
    expect(counts).toBeGreaterThan(0);
    const { db, dispose } = await emptyDatabase();
    try {
      await db.migrate(migrations.slice(0, counts));
      const id = await newQuestionnaire(db);
      await insertResponses(db, id, 200, undefined, { languages: false });
      await db.sql.query(
        `UPDATE response SET status = 'COMPLETED' WHERE questionnaire_id = $1::uuid AND version_number = 2`,
        [id],
      );
      await db.migrate(migrations);
      expect(await pendingChanges(db, id)).toBe(0);
      await expectExact(db, id);
    } finally {
      await dispose();
    }
  });

  it("gain the language: responses already there take their version's default language, counted by it", async () => {
    const migrations = await loadMigrations();
    const language = migrations.findIndex((migration) => migration.name.endsWith('_response_language'));
    expect(language).toBeGreaterThan(0);
    const { db, dispose } = await emptyDatabase();
    try {
      await db.migrate(migrations.slice(0, language));
      const id = await newQuestionnaire(db);
      // Version 1 is German by default; version 2 names no default (English).
      await db.sql.query(
        `UPDATE questionnaire_version SET definition = '{"defaultLanguage":"de"}' WHERE questionnaire_id = $1::uuid AND version_number = 1`,
        [id],
      );
      await insertResponses(db, id, 300, undefined, { languages: false });
      await db.sql.query(
        `UPDATE response SET status = 'COMPLETED' WHERE questionnaire_id = $1::uuid AND version_number = 1`,
        [id],
      );
      await fold(db, id);
      await insertResponses(db, id, 20, '2026-04-01T00:00:00Z', { languages: false }); // changes not folded yet
      await db.migrate(migrations);
      const byVersion = await db.sql.query<{ version_number: number; language: string }>(
        'SELECT DISTINCT version_number, language FROM response WHERE questionnaire_id = $1::uuid ORDER BY 1',
        [id],
      );
      expect(byVersion).toEqual([
        { version_number: 1, language: 'de' },
        { version_number: 2, language: 'en' },
      ]);
      await expectExact(db, id);
      await fold(db, id);
      await expectExact(db, id);
      // A language switch moves the response between the counts.
      await db.sql.query(
        `UPDATE response SET language = 'fr' WHERE id = (SELECT id FROM response WHERE questionnaire_id = $1::uuid LIMIT 1)`,
        [id],
      );
      expect(await countsAndTruth(db, id, { language: 'fr' })).toEqual({ counted: 1, minutes: 1, truth: 1 });
      await expectExact(db, id);
    } finally {
      await dispose();
    }
  });
});

/** A database with no migration applied (Postgres when DATABASE_URL is set, else in-memory PGlite). */
async function emptyDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    return { db, dispose: () => db.close() };
  }
  const name = `fe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return {
    db,
    async dispose() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
