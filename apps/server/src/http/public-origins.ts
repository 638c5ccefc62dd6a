import { originMatches } from '@forms-engine/schema';
import type { RequestHandler } from 'express';
import type { PublicSettings } from '../cache/public-questionnaires.ts';
import { AppError } from '../errors/app-error.ts';
import type { Deps } from '../services/deps.ts';

const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
/** Only what the public API reads; never Authorization or Cookie. */
const ALLOWED_HEADERS = 'Content-Type, If-None-Match, X-Request-Id';
/** Retry-After: the embed waits as long as a 429 or 503 asks before saving again. */
const EXPOSED_HEADERS = 'ETag, X-Request-Id, Location, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * The settings of the questionnaire a public path addresses (undefined when it names none):
 * from memory in the same tick when cached, else a promise of the database's answer.
 */
function settingsFor(deps: Deps, path: string): PublicSettings | undefined | Promise<PublicSettings | undefined> {
  const [, kind, id] = path.split('/');
  if (!id) return undefined;
  const cache = deps.publicQuestionnaires;
  if (kind === 'questionnaires') return cache.peekByPublicId(id) ?? cache.byPublicId(id);
  if (kind === 'responses') return cache.peekByResponseId(id) ?? cache.byResponseId(id);
  return undefined;
}

/**
 * Origin policy and CORS for /public/v1. An empty allowedOrigins list admits every origin;
 * otherwise a request whose Origin is present and not listed gets 403 ORIGIN_NOT_ALLOWED.
 * Requests without Origin (server to server) pass. Unknown ids pass through to their 404.
 *
 * A listed or refused origin is echoed (never `*` with a list), so a browser lets the embed
 * read the 403 and say why; for the same reason a preflight is answered 204 whatever the
 * origin, and the request that follows it is the one refused. Mounted before the rate limits,
 * so a 429 (and a 503) carries these headers too and the embed can honour its Retry-After.
 */
export function publicOrigins(deps: Deps): RequestHandler {
  return async (req, res, next) => {
    const origin = req.get('origin');
    res.vary('Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    // Until the settings are read, and if they cannot be (a 503 while the database is down), the
    // caller's origin: the embed can read the error and its Retry-After. No data rides on it.
    res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    try {
      const found = settingsFor(deps, req.path);
      const allowed = (found instanceof Promise ? await found : found)?.allowedOrigins ?? null;
      const restricted = Boolean(origin && allowed && allowed.length > 0);
      res.setHeader('Access-Control-Allow-Origin', restricted ? (origin as string) : '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
        res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
        res.status(204).end();
        return;
      }
      if (restricted && !originMatches(origin as string, allowed as string[])) {
        throw new AppError('ORIGIN_NOT_ALLOWED', `Origin ${origin} may not use this questionnaire`);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
