import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a guess with a secret in a time that says nothing about either (both hashed to 32 bytes). */
export const secretMatches = (guess: string, secret: string): boolean => timingSafeEqual(digest(guess), digest(secret));
