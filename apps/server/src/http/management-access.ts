import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors/app-error.ts';
import { SESSION_COOKIE, sessionSecretOf } from '../lib/session-cookie.ts';
import { apiKeyPrincipal } from '../services/accounts/api-keys.ts';
import { type AuditContext, actorOf, type Principal, TOKEN_PRINCIPAL } from '../services/accounts/principal.ts';
import { sessionPrincipal } from '../services/accounts/sessions.ts';
import type { Deps } from '../services/deps.ts';
import { isAccountsPath, isAccountsProcedure, isAuthPath, isAuthProcedure, trpcProcedures } from './accounts-paths.ts';
import { MANAGEMENT_API } from './api-prefixes.ts';
import { requireManagementToken, secretMatcher } from './require-management-token.ts';

/** Which kind of route the guard stands in front of: the REST API, /trpc, or a page (docs, document). */
export type GuardedKind = 'rest' | 'trpc' | 'page';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const bearerOf = (req: Request) => /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim();

/** The accounts routes a request names, by kind: all of them for `/trpc/auth.me,auth.setupStatus`. */
function names(kind: GuardedKind, req: Request, test: { path(p: string): boolean; procedure(p: string): boolean }) {
  if (kind === 'rest') return test.path(`${MANAGEMENT_API}${req.path}`);
  if (kind === 'trpc') {
    const procedures = trpcProcedures(req.path);
    return procedures.length > 0 && procedures.every(test.procedure);
  }
  return false;
}

const ACCOUNTS = { path: isAccountsPath, procedure: isAccountsProcedure };
const AUTH = { path: isAuthPath, procedure: isAuthProcedure };

/**
 * A cookie-carrying write must come from the editor's own origin: `Origin` (when sent) equal to
 * this server's, and `Sec-Fetch-Site` (when sent) `same-origin` or `none`. SameSite=Lax already
 * keeps the cookie off other sites' forms; this also refuses same-site neighbours and old browsers.
 */
function crossSite(req: Request, publicUrl: string | undefined): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  const own = [`${req.protocol}://${req.get('host')}`, ...(publicUrl ? [new URL(publicUrl).origin] : [])];
  return !own.includes(origin.toLowerCase());
}

/** Who the credentials of a request are, looked up in the database each time (a deleted key fails at once). */
async function principalOf(deps: Deps, req: Request, tokenMatches: ((guess: string) => boolean) | undefined) {
  const bearer = bearerOf(req);
  if (req.get('authorization') !== undefined) {
    if (!bearer) return { principal: undefined, byCookie: false };
    if (tokenMatches?.(bearer)) return { principal: TOKEN_PRINCIPAL, byCookie: false };
    return { principal: await apiKeyPrincipal(deps, bearer), byCookie: false };
  }
  const secret = sessionSecretOf(req.get('cookie'));
  const hasCookie = secret !== undefined || (req.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
  return { principal: secret ? await sessionPrincipal(deps, secret) : undefined, byCookie: hasCookie };
}

/** What stands where nothing is guarded. */
export const openDoor: RequestHandler = (_req, _res, next) => next();

/** The audit facts of a request the guard let in (hand-written routes); undefined in open mode. */
export function auditContextOf(deps: Deps, req: Request, res: Response): AuditContext | undefined {
  if (deps.config.authMode !== 'accounts') return undefined;
  const principal: Principal | undefined = res.locals.principal;
  return { actor: principal ? actorOf(principal) : null, ip: req.ip, requestId: res.locals.requestId };
}

/**
 * The management API's door. Open mode: the MANAGEMENT_API_TOKEN check as the spec has it, except
 * that the accounts routes pass to answer their own 404. Accounts mode: the session cookie, an API
 * key or MANAGEMENT_API_TOKEN (an owner's key) decides who the request is (`res.locals.principal`);
 * none is 401 except on the sign-in routes; a cross-site cookie write is 403. Roles are checked per
 * procedure (trpc.ts) and need nothing here: every hand-written route is open to any role.
 */
export function managementAccess(deps: Deps, kind: GuardedKind): RequestHandler {
  const { config } = deps;
  if (config.authMode === 'open') {
    const tokenGuard = requireManagementToken(config.managementToken);
    if (kind === 'page') return openDoor;
    return (req, res, next) => (names(kind, req, ACCOUNTS) ? next() : tokenGuard(req, res, next));
  }
  const tokenMatches = config.managementToken ? secretMatcher(config.managementToken) : undefined;
  return (req: Request, res: Response, next) => {
    principalOf(deps, req, tokenMatches)
      .then(({ principal, byCookie }) => {
        const signIn = names(kind, req, AUTH);
        if ((byCookie || signIn) && !SAFE_METHODS.has(req.method) && crossSite(req, config.publicUrl)) {
          return next(new AppError('FORBIDDEN', 'Changes made with a sign-in cookie must come from the editor itself'));
        }
        res.locals.principal = principal satisfies Principal | undefined;
        if (principal || signIn) return next();
        res.setHeader('WWW-Authenticate', 'Bearer');
        next(new AppError('UNAUTHORIZED', 'Sign in, or send an API key as Authorization: Bearer <key>'));
      })
      .catch(next);
  };
}
