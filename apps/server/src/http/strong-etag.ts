import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { COMPRESSION_THRESHOLD_BYTES, codedEtag, negotiateCoding } from './compression.ts';

/**
 * Strong ETag over the exact body of a successful GET, and 304 when If-None-Match names it
 * (the `fresh` package: weak `W/` forms and lists match, as RFC 9110 says they must).
 * Wraps `res.end` because the REST adapter writes bodies with it directly. A body the compression
 * middleware will code gets that coding's own ETag (`"…-br"`), picked by the same negotiation.
 */
export const strongEtag: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode !== 200 || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(chunk);
    // HEAD answers are never coded (no body to code).
    const coded = req.method === 'GET' && Buffer.byteLength(chunk) >= COMPRESSION_THRESHOLD_BYTES;
    const coding = coded ? negotiateCoding(req) : undefined;
    const etag = codedEtag(`"${createHash('sha256').update(chunk).digest('base64url')}"`, coding);
    res.setHeader('ETag', etag);
    res.vary('Accept-Encoding');
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
