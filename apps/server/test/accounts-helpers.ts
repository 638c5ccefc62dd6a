import { expect } from 'vitest';
import { setupCodeToPrint } from '../src/services/accounts/setup.ts';
import { call, startTestServer, type TestServer, type TestServerOptions } from './harness.ts';

/** The deployment's MANAGEMENT_API_TOKEN in these tests: an owner's key (and it opens /openapi.json). */
export const TOKEN = 'accounts-test-token';
export const OWNER = { email: 'ana@example.com', name: 'Ana', password: 'a long enough password' };

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
export const cookieOf = (sessionCookie: string) => ({ cookie: sessionCookie });

/** A server in accounts mode (MANAGEMENT_API_TOKEN set, so the harness can read the document). */
export function startAccountsServer(env: Record<string, string> = {}, options: TestServerOptions = {}) {
  return startTestServer({ AUTH_MODE: 'accounts', MANAGEMENT_API_TOKEN: TOKEN, ...env }, options);
}

/** `fe_session=<secret>` from a Set-Cookie header, to send back as Cookie. */
export function sessionCookieFrom(headers: Headers): string {
  const setCookie = headers.get('set-cookie') ?? '';
  const match = /fe_session=([^;]*)/.exec(setCookie);
  expect(match?.[1], setCookie).toBeTruthy();
  return `fe_session=${match![1]}`;
}

/** Creates the first owner with the printed code; returns their session cookie. */
export async function setUpOwner(server: TestServer, owner = OWNER): Promise<string> {
  const code = await setupCodeToPrint(server.deps);
  const res = await call(server, 'POST', '/api/v1/auth/setup', { code, ...owner });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return sessionCookieFrom(res.headers);
}

/** Invites and accepts a member with `role`; returns their id and session cookie. */
export async function addMember(
  server: TestServer,
  ownerCookie: string,
  role: 'OWNER' | 'EDITOR' | 'ANALYST',
  email: string,
): Promise<{ id: string; cookie: string }> {
  const invite = await call(server, 'POST', '/api/v1/members/invites', { email, role }, cookieOf(ownerCookie));
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  const token = String(invite.body.inviteUrl).split('/invite/')[1];
  const accepted = await call(server, 'POST', `/api/v1/auth/invites/${token}/accept`, {
    name: email.split('@')[0],
    password: 'another long password',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  return { id: accepted.body.id, cookie: sessionCookieFrom(accepted.headers) };
}

/** Creates an API key with `role` using MANAGEMENT_API_TOKEN; returns the key. */
export async function addApiKey(server: TestServer, role: 'EDITOR' | 'ANALYST', name = `${role} key`) {
  const res = await call(server, 'POST', '/api/v1/api-keys', { name, role }, bearer(TOKEN));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; key: string; prefix: string };
}

/** The audit entries, newest first, as the owner's token reads them. */
export async function auditEntries(server: TestServer, query = '') {
  const res = await call(server, 'GET', `/api/v1/audit?size=200${query}`, undefined, bearer(TOKEN));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as {
    action: string;
    actor: { type: string; id: string; name: string } | null;
    target: any;
    details: any;
    ip: string | null;
    requestId: string | null;
  }[];
}
