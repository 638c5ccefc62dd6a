// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
import { resolve } from 'node:path';
import { openDatabase, pgliteDirFor } from './open-database.ts';

const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? '.data');
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, pgliteDir: pgliteDirFor(dataDir) });
try {
  const ran = await db.migrate();
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Database is up to date');
} finally {
  await db.close();
}
