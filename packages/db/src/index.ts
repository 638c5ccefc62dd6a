export { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
export type * from './generated/prisma/client.ts';
export { Prisma, PrismaClient } from './generated/prisma/client.ts';
export { loadMigrations, migrate } from './migrate.ts';
export { type Database, type DatabaseKind, type DatabaseOptions, openDatabase, pgliteDirFor } from './open-database.ts';
export type { ChangeListener, SqlDatabase, SqlQuery } from './sql-session.ts';
