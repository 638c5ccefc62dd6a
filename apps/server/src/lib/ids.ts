import { randomBytes, randomUUID } from 'node:crypto';

/** Questionnaire, response and file ids: UUID v4, 122 random bits. */
export const newId = (): string => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids can never name a row; callers answer 404 without asking the database. */
export const isId = (value: string): boolean => UUID_PATTERN.test(value);

/** Short, URL-safe public id: 12 base64url characters, 72 random bits. */
export const newPublicId = (): string => randomBytes(9).toString('base64url');
