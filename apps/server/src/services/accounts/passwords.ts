import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 50 ms on one
 * core here, memory-hard against GPU guessing, and cheap enough that a burst of sign-ins does not
 * starve the server. The parameters travel inside each PHC string, so raising them later only
 * affects new hashes.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of nothing anyone knows: an unknown email is checked against it, so it takes as long as a known one. */
let dummy: Promise<string> | undefined;

/** True when `password` is the one `passwordHash` was made from; a missing hash costs the same time and is false. */
export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummy ??= hashPassword('not a password anyone has: a stand-in for an unknown email');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
