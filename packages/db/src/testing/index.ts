import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../open-database.ts';

export interface TestDatabase {
  db: Database;
  /** Connection string of the fresh database; undefined on PGlite. */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new Postgres database on the server
 * named by DATABASE_URL, or an in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDatabase(options: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    await db.migrate();
    return { db, databaseUrl: undefined, dispose: () => db.close() };
  }
  const name = `fe_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = await openDatabase({ databaseUrl, poolSize: 5, ...options });
  await db.migrate();
  return {
    db,
    databaseUrl,
    async dispose() {
      await db.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
