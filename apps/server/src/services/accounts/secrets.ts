import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret for a cookie, an invite link or an API key: 256 random bits, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * What is stored instead of a secret: SHA-256 is enough (and fast enough to run per request)
 * because the secrets are 256 random bits, not something a person chose.
 */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
