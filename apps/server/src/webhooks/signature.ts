import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * `webhook-signature` as the Standard Webhooks specification defines it: `v1,` + base64
 * HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of the base64 secret after `whsec_`;
 * one entry per secret, separated by spaces (during a rotation, the new secret and the old).
 * node:crypto rather than the `standardwebhooks` package, whose HMAC is SHA-256 in JavaScript;
 * signature.test.ts checks the two agree and that the package verifies what this signs.
 */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
