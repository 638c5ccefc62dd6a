import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer-token guard for the management API; a no-op when no token is configured. */
export function requireManagementToken(token: string | undefined): RequestHandler {
  if (!token) return (_req, _res, next) => next();
  const expected = digest(token);
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    // Compare digests so the comparison time says nothing about the token's length.
    if (match?.[1] && timingSafeEqual(digest(match[1].trim()), expected)) return next();
    res.setHeader('WWW-Authenticate', 'Bearer');
    next(new AppError('UNAUTHORIZED', 401, 'A valid management API token is required'));
  };
}
