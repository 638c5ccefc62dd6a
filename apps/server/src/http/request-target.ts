import type { RequestHandler } from 'express';
import { validationFailed } from '../errors/app-error.ts';
import { nonCanonicalReason } from './canonical-target.ts';
import { unstorableQueryParameter } from './safe-query.ts';

/**
 * First in line for every route, as one layer: refuses a non-canonical request target, so the
 * token guard, the origin check, Express's router and the REST adapter (which resolves `..`,
 * `%2e` and `\` through WHATWG URL parsing) can never see two different paths; and a query
 * value no route could store, before anything is read or streamed. Both are 400 problems.
 */
export const requestTarget: RequestHandler = (req, _res, next) => {
  const reason = nonCanonicalReason(req.url);
  if (reason) {
    return next(validationFailed(`Non-canonical request target: ${reason}`, [{ path: 'path', message: reason }]));
  }
  const unstorable = unstorableQueryParameter(req);
  if (unstorable) {
    const { name, reason: why } = unstorable;
    return next(validationFailed(`Query parameter ${name} ${why}`, [{ path: name, message: why }]));
  }
  next();
};
