import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client.ts';
import { type Migration, migrate } from './migrate.ts';
import type { ChangeListener, SqlDatabase, SqlQuery, SqlSession } from './sql-session.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Raw SQL for the few hot paths that skip the ORM (see apps/server/src/services/respondent-sql.ts). */
  sql: SqlDatabase;
  /**
   * LISTEN on `channel`: every NOTIFY from any process reaches `listener` (on Postgres through one
   * dedicated connection, reconnected if it drops; on PGlite within this process). Resolves once
   * listening, with a function that stops.
   */
  listen(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(migrations?: Migration[]): Promise<string[]>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Postgres connection string; absent means the embedded PGlite database. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** Postgres: how long to wait for a connection (a new one, or a free one from a full pool). */
  connectTimeoutMs?: number;
  /**
   * Postgres: the longest a statement may run (`statement_timeout`, server side); a server that
   * does not answer at all is given up on a few seconds later (pg's `query_timeout`, client side).
   */
  statementTimeoutMs?: number;
}

/** Sane bounds when the caller sets none: never a request that waits forever on the database. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** How much longer than statement_timeout the client waits for a server that says nothing. */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.pgliteDir);
}

/**
 * Prisma's defaults (2 s to get a connection for a transaction, 5 s to finish it) turn a busy
 * moment into 500s: requests queue on one response's row lock while the pool is shared.
 * Waiting longer is what a client would want; the HTTP request timeout still bounds it.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

function openPostgres(connectionString: string, options: DatabaseOptions): Database {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS,
    // A peer that vanished without a FIN is noticed by the kernel, not only by the next query.
    keepAlive: true,
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  return {
    kind: 'postgres',
    prisma,
    sql: {
      async query<Row>(text: string, values?: unknown[], name?: string) {
        return (await pool.query(name ? { name, text, values } : { text, values })).rows as Row[];
      },
      transaction: (work) => transactionOnPostgres(pool, work),
    },
    listen: (channel, listener) => listenOnPostgres({ connectionString, connectionTimeoutMillis }, channel, listener),
    async migrate(migrations) {
      // Session advisory locks need one connection for the whole run; its own, without the
      // statement timeouts of the pool (a migration may rightly take long).
      const client = new pg.Client({ connectionString, connectionTimeoutMillis });
      await client.connect();
      try {
        return await migrate(pgSession(client), migrations);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      // pool.end() resolves before idle sockets are gone; a server-side termination in that
      // window (DROP DATABASE ... WITH (FORCE), a restart) must not be an unhandled 'error'.
      pool.on('error', () => undefined);
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

async function openPglite(dir = 'memory://'): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: TRANSACTION_OPTIONS });
  return {
    kind: 'pglite',
    prisma,
    sql: {
      async query<Row>(sql: string, params?: unknown[]) {
        return (await pglite.query<Row>(sql, params)).rows;
      },
      // PGlite has one connection: its transaction holds it, so other statements wait until it ends.
      transaction: (work) =>
        pglite.transaction((tx) =>
          work({
            async query<Row>(sql: string, params?: unknown[]) {
              return (await tx.query<Row>(sql, params)).rows;
            },
          }),
        ),
    },
    async listen(channel, listener) {
      const stop = await pglite.listen(channel, (payload) => listener.onNotify(payload));
      // A closed database has no listeners left to remove.
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    migrate: (migrations) => migrate(pgliteSession(pglite), migrations),
    async close() {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** BEGIN ... COMMIT on one pooled connection; ROLLBACK when `work` throws (or COMMIT fails). */
async function transactionOnPostgres<T>(pool: pg.Pool, work: (tx: SqlQuery) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN').catch((error: Error) => {
      broken = error;
      throw error;
    });
    try {
      const result = await work({
        async query<Row>(text: string, values?: unknown[], name?: string) {
          return (await client.query(name ? { name, text, values } : { text, values })).rows as Row[];
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

const RECONNECT_DELAY_MS = 1000;

/**
 * One connection that LISTENs. When it drops, the listener is told to forget what it cached
 * (notifications may have been missed) and the connection is made again after a second.
 */
async function listenOnPostgres(config: pg.ClientConfig, channel: string, listener: ChangeListener) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...config, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      listener.onReset();
      retry = setTimeout(() => void connect().catch(lost), RECONNECT_DELAY_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

function pgSession(client: pg.ClientBase): SqlSession {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return result.rows as Row[];
    },
  };
}

function pgliteSession(pglite: PGlite): SqlSession {
  return {
    async exec(sql) {
      await pglite.exec(sql);
    },
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await pglite.query<Row>(sql, params);
      return result.rows;
    },
  };
}

export const pgliteDirFor = (dataDir: string) => join(dataDir, 'pglite');
