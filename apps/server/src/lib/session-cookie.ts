import type { ServerResponse } from 'node:http';

/** The editor's session cookie (the contract with the editor names it). */
export const SESSION_COOKIE = 'fe_session';

/** The session secret a Cookie header carries, if any. */
export function sessionSecretOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return /^[\w-]{1,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Sets (or, with `secret` undefined, clears) the session cookie: HttpOnly so no script reads it,
 * SameSite=Lax so other sites' forms do not carry it, Secure when the request came over HTTPS
 * (`secure`, by the TRUST_PROXY rules). No Max-Age: the server ends idle sessions itself, and a
 * browser session cookie is the smaller promise.
 */
export function writeSessionCookie(res: ServerResponse | undefined, secret: string | undefined, secure: boolean) {
  if (!res || res.headersSent) return;
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  const cookie = secret
    ? `${SESSION_COOKIE}=${secret}; ${attributes.join('; ')}`
    : `${SESSION_COOKIE}=; ${attributes.join('; ')}; Max-Age=0`;
  res.setHeader('Set-Cookie', cookie);
}
