import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from './services/deps.ts';

/** What every procedure gets: the services, and the few request facts the public API records. */
export interface Context {
  deps: Deps;
  requestId: string;
  origin: string | undefined;
  userAgent: string | undefined;
  res: ServerResponse | undefined;
}

export function createContextFactory(deps: Deps) {
  // `res` is typed loosely because the tRPC and OpenAPI adapters declare it differently.
  return ({ req, res }: { req: IncomingMessage; res?: unknown }): Context => ({
    deps,
    requestId: String((res as ServerResponse | undefined)?.getHeader('x-request-id') ?? ''),
    origin: headerValue(req.headers.origin),
    userAgent: headerValue(req.headers['user-agent']),
    res: res as ServerResponse | undefined,
  });
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
