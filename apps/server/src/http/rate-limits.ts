import type { RequestHandler, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimits } from '../config.ts';
import { AppError } from '../errors/app-error.ts';
import type { RateLimitCounters } from '../rate-limits/rate-limit-store.ts';
import { PUBLIC_API } from './api-prefixes.ts';

/** The public operations that write (and so cost storage), limited together per client address. */
export const PUBLIC_WRITES = [
  '/public/v1/questionnaires/:publicId/responses',
  '/public/v1/responses/:responseId/files',
  '/public/v1/responses/:responseId/complete',
];

function limiter(name: string, limit: number, windowMs: number, counters: RateLimitCounters): RequestHandler {
  const store = counters.storeFor(name);
  return rateLimit({
    identifier: name,
    windowMs,
    limit,
    ...(store && { store }),
    // A shared store that is down or slow lets the request through and is logged; never a 500.
    passOnStoreError: true,
    logger: counters.log,
    // RateLimit and RateLimit-Policy (IETF draft 8), plus Retry-After on a 429.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new AppError('RATE_LIMITED', `Too many ${name} requests from this address; see Retry-After`)),
  });
}

/**
 * Per client address (`req.ip`, so TRUST_PROXY decides whether X-Forwarded-For counts), per
 * deployment: the counters live in Redis or Postgres, which every process shares (in memory,
 * per process, only on the embedded database). A limit of 0 is off.
 */
export const GEOCODE = '/public/v1/geocode';

/** Whether a documented operation (`{param}` path template) is rate limited under these limits. */
export function isRateLimited(limits: RateLimits, method: string, template: string): boolean {
  const path = template.replace(/\{(\w+)\}/g, ':$1');
  if (method === 'post' && PUBLIC_WRITES.includes(path)) return limits.publicWrites > 0;
  return (method === 'get' || method === 'head') && path === GEOCODE && limits.geocode > 0;
}

/** Mounts the limits on the public API's router (whose paths are relative to /public/v1). */
export function applyRateLimits(publicApi: Router, limits: RateLimits, counters: RateLimitCounters): void {
  const relative = (path: string) => path.slice(PUBLIC_API.length);
  if (limits.publicWrites > 0) {
    publicApi.post(
      PUBLIC_WRITES.map(relative),
      limiter('public-writes', limits.publicWrites, limits.windowMs, counters),
    );
  }
  if (limits.geocode > 0) {
    publicApi.get(relative(GEOCODE), limiter('geocode', limits.geocode, limits.windowMs, counters));
  }
}
