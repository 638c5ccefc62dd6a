import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlSession } from './sql-session.ts';

const here = dirname(fileURLToPath(import.meta.url));
// Beside the bundle when the server is built (its build copies them), else in this package.
export const MIGRATIONS_DIR = [join(here, 'migrations'), join(here, '..', 'prisma', 'migrations')].find((dir) =>
  existsSync(dir),
);

// The same key `prisma migrate` takes, so our runner and Prisma's never run at once.
const ADVISORY_LOCK_KEY = 72707369;

const BOOKKEEPING_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  if (!dir) throw new Error('No migrations folder found');
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies pending migrations in order, each in its own transaction, and records them in
 * Prisma's `_prisma_migrations` table so `prisma migrate deploy` agrees with us later.
 * Safe when several processes start at once: they queue on a session advisory lock.
 */
export async function migrate(session: SqlSession, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await loadMigrations());
  await session.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
  try {
    await session.exec(BOOKKEEPING_TABLE);
    const rows = await session.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const ran: string[] = [];
    for (const migration of pending) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied`);
        }
        continue;
      }
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      ran.push(migration.name);
    }
    return ran;
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
  }
}
