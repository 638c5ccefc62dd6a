import type { Prisma } from '@forms-engine/db';
import type { Deps } from '../deps.ts';
import type { Principal } from './principal.ts';
import { newSecret, secretHash } from './secrets.ts';

/** A session unused this long is over (the issue: 14 days). */
export const SESSION_IDLE_MS = 14 * 86_400_000;
/** last_used_at is written at most this often per session: a page of the editor is many requests. */
const TOUCH_EVERY_MS = 60_000;

/** Starts a session for the member; the returned secret goes into the cookie, its hash into the table. */
export async function startSession(tx: Prisma.TransactionClient, memberId: string): Promise<string> {
  const secret = newSecret();
  await tx.session.create({ data: { tokenHash: secretHash(secret), memberId } });
  return secret;
}

/** The member a session cookie signs in, or undefined (no such session, or unused for 14 days). */
export async function sessionPrincipal(deps: Deps, secret: string, now = new Date()): Promise<Principal | undefined> {
  const tokenHash = secretHash(secret);
  const session = await deps.prisma.session.findUnique({ where: { tokenHash }, include: { member: true } });
  if (!session) return undefined;
  if (now.getTime() - session.lastUsedAt.getTime() > SESSION_IDLE_MS) {
    await deps.prisma.session.deleteMany({ where: { tokenHash } });
    return undefined;
  }
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await deps.prisma.session.updateMany({ where: { tokenHash }, data: { lastUsedAt: now } });
  }
  const { member } = session;
  return {
    type: 'member',
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    sessionHash: tokenHash,
  };
}

/** Ends one session (sign-out). */
export async function endSession(tx: Prisma.TransactionClient, sessionHash: string): Promise<void> {
  await tx.session.deleteMany({ where: { tokenHash: sessionHash } });
}

/** Ends every session of a member (role change, removal, new password). */
export async function endSessionsOf(tx: Prisma.TransactionClient, memberId: string): Promise<void> {
  await tx.session.deleteMany({ where: { memberId } });
}

/** Deletes sessions nobody can use any more (the periodic job). */
export async function pruneSessions(deps: Deps, now = new Date()): Promise<number> {
  const { count } = await deps.prisma.session.deleteMany({
    where: { lastUsedAt: { lt: new Date(now.getTime() - SESSION_IDLE_MS) } },
  });
  return count;
}
