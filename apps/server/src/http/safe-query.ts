import type { RequestHandler } from 'express';
import { validationFailed } from '../errors/app-error.ts';
import { unstorableString } from './json-safety.ts';

/**
 * Refuses query values that no route can use: strings with U+0000 or unpaired surrogates
 * (`?externalRef=a%00b`), which Postgres cannot compare or store. Checked for every route,
 * before anything is read or streamed.
 */
export const safeQuery: RequestHandler = (req, _res, next) => {
  for (const [name, raw] of Object.entries(req.query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of [name, ...values]) {
      const reason = typeof value === 'string' ? unstorableString(value) : undefined;
      if (reason) return next(validationFailed(`Query parameter ${name} ${reason}`, [{ path: name, message: reason }]));
    }
  }
  next();
};
