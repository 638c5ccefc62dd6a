import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import fresh from 'fresh';

/**
 * Strong ETag over the exact body of a successful GET, and 304 when If-None-Match names it
 * (the `fresh` package: weak `W/` forms and lists match, as RFC 9110 says they must).
 * Wraps `res.end` because the REST adapter writes bodies with it directly.
 */
export const strongEtag: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode !== 200 || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(chunk);
    const etag = `"${createHash('sha256').update(chunk).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    // Only If-None-Match is passed: a request's Cache-Control is for caches (RFC 9111), and
    // fetch() adds `no-cache` whenever a page sets If-None-Match itself.
    if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })) {
      res.statusCode = 304;
      res.removeHeader('Content-Type');
      return end();
    }
    return end(chunk);
  }) as typeof res.end;
  next();
};
