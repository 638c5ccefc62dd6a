import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * Strong ETag over the exact body of a successful GET, and 304 when If-None-Match names it.
 * Wraps `res.end` because the REST adapter writes bodies with it directly.
 */
export const strongEtag: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next();
  const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode !== 200 || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(chunk);
    const etag = `"${createHash('sha256').update(chunk).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    const wanted = (req.get('if-none-match') ?? '').split(',').map((tag) => tag.trim());
    if (wanted.includes(etag) || wanted.includes('*')) {
      res.statusCode = 304;
      res.removeHeader('Content-Type');
      return end();
    }
    return end(chunk);
  }) as typeof res.end;
  next();
};
