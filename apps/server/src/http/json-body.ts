import express, { type RequestHandler } from 'express';
import { validationFailed } from '../errors/app-error.ts';
import { findUnsafeJson } from './json-safety.ts';

/** Every JSON media type: any case, and `application/*+json` (e.g. merge-patch). */
export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

const refuseUnsafe = (value: unknown) => {
  const unsafe = findUnsafeJson(value);
  return unsafe && validationFailed('The request cannot be accepted', [unsafe]);
};

/**
 * Parses JSON bodies (gzip and deflate included) up to `limitBytes`, then refuses what no
 * later stage could handle: deep nesting, overflowing numbers, unstorable strings.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  return [
    express.json({ limit: limitBytes, type: JSON_MEDIA_TYPES }),
    (req, _res, next) => next(req.body === undefined ? undefined : refuseUnsafe(req.body)),
  ];
}

/** tRPC queries carry their input as JSON in `?input=`; the same limits apply to it. */
export const trpcQueryInput: RequestHandler = (req, _res, next) => {
  const { input } = req.query;
  if (typeof input !== 'string') return next();
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return next(); // tRPC answers malformed input itself
  }
  const unsafe = findUnsafeJson(parsed);
  next(unsafe && validationFailed('The input cannot be accepted', [{ ...unsafe, path: `input.${unsafe.path}` }]));
};
