import type { Request } from 'express';
import { unstorableString } from './json-safety.ts';

/**
 * The first query parameter no route can use, and why: strings with U+0000 or unpaired
 * surrogates (`?externalRef=a%00b`), which Postgres cannot compare or store.
 */
export function unstorableQueryParameter(req: Request): { name: string; reason: string } | undefined {
  // Express parses the query on every read of req.query; most requests have none.
  if (!req.url.includes('?')) return undefined;
  for (const [name, raw] of Object.entries(req.query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of [name, ...values]) {
      const reason = typeof value === 'string' ? unstorableString(value) : undefined;
      if (reason) return { name, reason };
    }
  }
  return undefined;
}
