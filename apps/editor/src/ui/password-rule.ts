import { PASSWORD_MIN_LENGTH } from '@forms-engine/schema';

/**
 * The password rule (the schema's `passwordProblem`), said before anyone types one. Its own module, out of
 * `ui/index.ts`: only the screens that set a password load the schema's runtime for it.
 */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters. A few words you will remember make a good one.`;
