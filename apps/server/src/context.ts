import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { type AuditContext, actorOf, type Principal } from './services/accounts/principal.ts';
import type { Deps } from './services/deps.ts';

/** What every procedure gets: the services, and the few request facts the public API records. */
export interface Context {
  deps: Deps;
  requestId: string;
  origin: string | undefined;
  userAgent: string | undefined;
  res: ServerResponse | undefined;
  /** Accounts mode: who the request acts as (set by http/management-access.ts); undefined otherwise. */
  principal: Principal | undefined;
  /** Accounts mode: what audit entries record; undefined in open mode, where nothing is audited. */
  audit: AuditContext | undefined;
  /** The request came over HTTPS (by TRUST_PROXY): the session cookie is then Secure. */
  secure: boolean;
  /**
   * Where the editor is reached (invite links): PUBLIC_URL, else the request's own origin; with
   * MANAGEMENT_PORT always the request's own (PUBLIC_URL is then the public surface).
   */
  editorOrigin: string;
}

export function createContextFactory(deps: Deps) {
  const accounts = deps.config.authMode === 'accounts';
  // `res` is typed loosely because the tRPC and OpenAPI adapters declare it differently.
  return ({ req, res }: { req: IncomingMessage; res?: unknown }): Context => {
    const response = res as ServerResponse | undefined;
    const requestId = String(response?.getHeader('x-request-id') ?? '');
    const principal = (response as { locals?: { principal?: Principal } } | undefined)?.locals?.principal;
    const express = req as Partial<Request>;
    const ip = express.ip ?? req.socket?.remoteAddress;
    const secure = express.secure ?? false;
    return {
      deps,
      requestId,
      origin: headerValue(req.headers.origin),
      userAgent: headerValue(req.headers['user-agent']),
      res: response,
      principal,
      audit: accounts ? { actor: principal ? actorOf(principal) : null, ip, requestId } : undefined,
      secure,
      editorOrigin:
        (!deps.config.management && deps.config.publicUrl) ||
        `${secure ? 'https' : 'http'}://${headerValue(req.headers.host) ?? 'localhost'}`,
    };
  };
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
