import type { Role } from '@forms-engine/schema';

/** Each role's name, as a person reads it. */
export const ROLE_NAMES: Record<Role, string> = { OWNER: 'Owner', EDITOR: 'Editor', ANALYST: 'Analyst' };

/** What each role may do, in one sentence: shown wherever a role is chosen or named. */
export const ROLE_WORDS: Record<Role, string> = {
  OWNER: 'everything, including members and API keys',
  EDITOR: 'builds questionnaires, publishes them and reads results',
  ANALYST: 'reads questionnaires and results only',
};

/** "an analyst", "an owner", "an editor": every role starts with a vowel. */
export const roleWithArticle = (role: Role) => `an ${ROLE_NAMES[role].toLowerCase()}`;
