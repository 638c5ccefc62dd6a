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
