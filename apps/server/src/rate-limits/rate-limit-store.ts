import type { Database } from '@forms-engine/db';
import type { Options, Store } from 'express-rate-limit';
import type { RateLimiterAbstract, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { Logger } from '../logger.ts';

/** A store slower than this lets the request through: a limit must never hold a respondent. */
const STORE_TIMEOUT_MS = 1_000;
/** At most one log line per this long about a store that fails, with how many failures it stood for. */
const LOG_EVERY_MS = 60_000;

export interface RateLimitCounters {
  /** Where the counters live: `memory` (one process), `postgres` or `redis` (the whole deployment). */
  kind: 'memory' | 'postgres' | 'redis';
  /** A new express-rate-limit store for the limit `name`; undefined means express-rate-limit's own memory store. */
  storeFor(name: string): Store | undefined;
  /**
   * Failures counted per key in fixed windows of `windowSeconds` (sign-in lockout): in the same
   * store as the limits, so every process of a deployment counts together.
   */
  failures(name: string, windowSeconds: number): FailureCounter;
  /** For express-rate-limit's `logger`: store failures, rate-limited in the log. */
  log: { error(error: unknown, message?: string): void; warn(error: unknown, message?: string): void };
  close(): Promise<void>;
}

/** How many failures a key has in its current window, and how long until that window ends. */
export interface FailureCount {
  count: number;
  msLeft: number;
}

export interface FailureCounter {
  /** The count so far, without adding one. */
  count(key: string): Promise<FailureCount>;
  /** Adds one failure; the first of a window starts it. */
  add(key: string): Promise<FailureCount>;
}

/** A shared counter that fails or is slow counts nothing: a broken store must not lock everyone out. */
const NOTHING: FailureCount = { count: 0, msLeft: 0 };

/** Points no failure count reaches: the limiter only counts, the caller decides what is too many. */
const COUNT_ONLY = 1_000_000_000;

function sharedFailures(
  make: () => Promise<MakeLimiter>,
  name: string,
  windowSeconds: number,
  log: (error: unknown) => void,
): FailureCounter {
  const limiter = Promise.all([loadFlexible(), make()]).then(
    ([{ RLWrapperTimeouts }, makeLimiter]) =>
      new RLWrapperTimeouts({ limiter: makeLimiter(name, COUNT_ONLY, windowSeconds), timeoutMs: STORE_TIMEOUT_MS }),
  );
  limiter.catch(() => undefined);
  const of = (res: { consumedPoints: number; msBeforeNext: number } | null): FailureCount =>
    res ? { count: res.consumedPoints, msLeft: Math.max(res.msBeforeNext, 0) } : NOTHING;
  const failSoft = (error: unknown) => {
    log(error);
    return NOTHING;
  };
  return {
    count: (key) =>
      limiter
        .then((l) => l.get(key))
        .then(of)
        .catch(failSoft),
    add: (key) =>
      limiter
        .then((l) => l.penalty(key, 1))
        .then(of)
        .catch(failSoft),
  };
}

/** The embedded database's one process: the counts in a map, stale windows dropped as they are met. */
function memoryFailures(windowSeconds: number): FailureCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    if (window && window.endsAt > now) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async count(key) {
      const now = Date.now();
      const window = current(key, now);
      return window ? { count: window.count, msLeft: window.endsAt - now } : NOTHING;
    },
    async add(key) {
      const now = Date.now();
      const window = current(key, now) ?? { count: 0, endsAt: now + windowSeconds * 1000 };
      window.count++;
      windows.set(key, window);
      return { count: window.count, msLeft: window.endsAt - now };
    },
  };
}

type MakeLimiter = (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;

/**
 * rate-limiter-flexible, loaded when a shared store is configured (not on the embedded database):
 * a server start loads only what it uses.
 */
const loadFlexible = () => import('rate-limiter-flexible');

/** `start()` once, when first needed: with every limit off nothing is loaded or connected. */
function once<T>(start: () => T): (() => T) & { readonly started: boolean } {
  let value: { made: T } | undefined;
  const get = () => {
    value ??= { made: start() };
    return value.made;
  };
  return Object.defineProperty(get, 'started', { get: () => value !== undefined }) as (() => T) & {
    readonly started: boolean;
  };
}

/**
 * express-rate-limit's Store over a rate-limiter-flexible limiter (Postgres or Redis): one atomic
 * increment per request (`penalty`: add one, start a new window when the old one ended), so
 * every process of a deployment spends one budget per client address. A store that fails or
 * does not answer within a second rejects; with `passOnStoreError` the request goes through.
 */
class SharedStore implements Store {
  readonly localKeys = false;
  private limiter: Promise<RLWrapperTimeouts> | undefined;
  constructor(
    readonly prefix: string,
    private readonly make: Promise<MakeLimiter>,
  ) {}

  init(options: Options) {
    const limit = typeof options.limit === 'number' ? options.limit : 0;
    this.limiter = Promise.all([loadFlexible(), this.make]).then(
      ([{ RLWrapperTimeouts }, make]) =>
        new RLWrapperTimeouts({
          limiter: make(this.prefix, limit, Math.ceil(options.windowMs / 1000)),
          timeoutMs: STORE_TIMEOUT_MS,
        }),
    );
    this.limiter.catch(() => undefined); // reported by the first request that needs it
  }

  private ready(): Promise<RLWrapperTimeouts> {
    if (!this.limiter) throw new Error('rate-limit store used before init');
    return this.limiter;
  }

  async increment(key: string) {
    const res = await (await this.ready()).penalty(key, 1);
    return { totalHits: res.consumedPoints, resetTime: new Date(Date.now() + Math.max(res.msBeforeNext, 0)) };
  }

  async decrement(key: string) {
    await (await this.ready()).reward(key, 1);
  }

  async resetKey(key: string) {
    await (await this.ready()).delete(key);
  }
}

/**
 * rate-limiter-flexible's Postgres limiter speaks to a `pg` pool; this hands it the database's
 * own pooled connections (`db.sql`), so counting costs no extra connections. The table is the
 * `rate_limit` migration's, not created at run time (concurrent CREATE TABLE races).
 */
function postgresClient(sql: Database['sql']) {
  return {
    async query(q: { text: string; values?: unknown[]; name?: string }) {
      const rows = await sql.query(q.text, q.values, q.name);
      return { rows, rowCount: rows.length };
    },
  };
}

/** One log line for the first failure, then at most one a minute, counting the ones in between. */
function throttledLog(logger: Logger | undefined, what: string) {
  let last = 0;
  let quiet = 0;
  return (error: unknown, message?: string) => {
    const now = Date.now();
    if (now - last < LOG_EVERY_MS) {
      quiet++;
      return;
    }
    logger?.error(
      { err: error, failuresSinceLastLog: quiet },
      `${what}: ${message ?? 'failed'}; rate limits are not enforced while this lasts`,
    );
    last = now;
    quiet = 0;
  };
}

/**
 * Where the rate-limit counters live: Redis with REDIS_URL; else Postgres when the database is
 * a Postgres server (every process shares it); else, on the embedded database (one process),
 * in memory as before.
 */
export function createRateLimitCounters(
  db: Pick<Database, 'kind' | 'sql'>,
  redisUrl: string | undefined,
  logger?: Logger,
): RateLimitCounters {
  if (redisUrl) {
    const logFailure = throttledLog(logger, 'rate-limit store (Redis)');
    // Connects when the app is built (the first limit asks for a store), before the first request.
    const connected = once(() =>
      import('ioredis').then(({ Redis }) => {
        // No offline queue: a command while Redis is away fails at once instead of waiting for it.
        const redis = new Redis(redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
        });
        redis.on('error', (error: Error) => logFailure(error, 'connection failed'));
        return redis;
      }),
    );
    const make = once(() =>
      Promise.all([loadFlexible(), connected()]).then(
        ([{ RateLimiterRedis }, redis]): MakeLimiter =>
          (name, points, duration) =>
            new RateLimiterRedis({
              storeClient: redis,
              keyPrefix: `forms-engine:rate-limit:${name}`,
              points,
              duration,
              rejectIfRedisNotReady: true,
            }),
      ),
    );
    return {
      kind: 'redis',
      storeFor: (name) => new SharedStore(name, make()),
      failures: (name, windowSeconds) => sharedFailures(make, name, windowSeconds, logFailure),
      log: { error: logFailure, warn: (error, message) => logger?.warn({ err: error }, message) },
      async close() {
        if (!connected.started) return;
        const redis = await connected();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  const log = {
    error: throttledLog(logger, 'rate-limit store (Postgres)'),
    warn: (error: unknown, message?: string) => logger?.warn({ err: error }, message),
  };
  if (db.kind === 'postgres') {
    const storeClient = postgresClient(db.sql);
    const make = once(() =>
      loadFlexible().then(
        ({ RateLimiterPostgres }): MakeLimiter =>
          (name, points, duration) =>
            new RateLimiterPostgres({
              storeClient,
              storeType: 'pool',
              tableName: 'rate_limit',
              tableCreated: true,
              keyPrefix: name,
              points,
              duration,
            }),
      ),
    );
    return {
      kind: 'postgres',
      storeFor: (name) => new SharedStore(name, make()),
      failures: (name, windowSeconds) => sharedFailures(make, name, windowSeconds, log.error),
      log,
      close: async () => undefined,
    };
  }
  return {
    kind: 'memory',
    storeFor: () => undefined,
    failures: (_name, windowSeconds) => memoryFailures(windowSeconds),
    log,
    close: async () => undefined,
  };
}
