/**
 * Whether a database error is a unique-constraint violation. Prisma reports it as P2002, but
 * through a driver adapter (pg or PGlite) a raw query can surface the SQLSTATE 23505 or only
 * the driver's message, so all three are checked here, once.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'P2002' || code === '23505' || /unique constraint/i.test(String(message));
}

/** Node's socket errors for a server that is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Prisma's codes for a server it cannot reach (P1001), that timed out (P1002, P1008), closed the
 * connection (P1017), a pool with no connection free in time (P2024), a transaction that could
 * not start or finish in time (P2028).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);

/**
 * SQLSTATEs of a server that is going away or will not take us now: class 08 (connection
 * exception), 57P01-57P03 (shut down, crashed, starting up), 53300 (too many connections),
 * 57014 (statement_timeout cancelled the statement), 55P03 (lock_timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[123]|53300|57014|55P03)$/;

/** What pg, pg-pool and PGlite say when the connection is gone or a deadline passed. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|PGlite is closed|Can't reach database server|Client has encountered a connection error|Connection refused/i;

/**
 * Whether an error says the database is down, unreachable or too slow (not that our query was
 * wrong): a temporary outage, answered 503 so clients try again. Looks through the `cause`
 * chain, since Prisma and tRPC wrap what the driver threw.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, name, errors } = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      errors?: unknown;
    };
    if (name === 'PrismaClientInitializationError') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PRISMA_CODES.has(code))) return true;
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // Prisma reports a driver's SQLSTATE in its message ("Database error. Code: `57014`").
    const sqlState = typeof message === 'string' ? /Code: `(\w{5})`/.exec(message)?.[1] : undefined;
    if (sqlState && UNAVAILABLE_SQLSTATE.test(sqlState)) return true;
    // Connecting to every address of a host name fails as one AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
