import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A comparison with a secret whose time says nothing about how much of a guess is right,
 * nor about the secret's length: both sides are hashed to 32 bytes, then timingSafeEqual.
 */
export function secretMatcher(secret: string): (guess: string) => boolean {
  const expected = digest(secret);
  return (guess) => timingSafeEqual(digest(guess), expected);
}

/** Bearer-token guard for the management API; a no-op when no token is configured. */
export function requireManagementToken(token: string | undefined): RequestHandler {
  if (!token) return (_req, _res, next) => next();
  const matches = secretMatcher(token);
  return (req, res, next) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim();
    if (bearer && matches(bearer)) return next();
    res.setHeader('WWW-Authenticate', 'Bearer');
    next(new AppError('UNAUTHORIZED', 'A valid management API token is required'));
  };
}
