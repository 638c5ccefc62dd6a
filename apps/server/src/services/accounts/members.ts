import type { Prisma } from '@forms-engine/db';
import type {
  AcceptInviteRequest,
  InviteCreated,
  InviteRequest,
  Me,
  Member,
  MemberList,
  PendingInviteList,
  Role,
} from '@forms-engine/schema';
import { AppError, notFound } from '../../errors/app-error.ts';
import { isId, newId } from '../../lib/ids.ts';
import { utcIso } from '../../lib/utc-time.ts';
import type { Deps } from '../deps.ts';
import { writeAudit } from './audit-log.ts';
import { hashPassword } from './passwords.ts';
import type { AuditContext } from './principal.ts';
import { newSecret, secretHash } from './secrets.ts';
import { endSessionsOf, startSession } from './sessions.ts';

/** An invite link works this long (the issue: 7 days). */
export const INVITE_VALID_MS = 7 * 86_400_000;

type MemberRow = Prisma.MemberGetPayload<object>;

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: utcIso(row.createdAt),
});

export async function listMembers(deps: Deps): Promise<MemberList> {
  const rows = await deps.prisma.member.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(toMember);
}

/**
 * A single-use link for `email` to join as `role`: the secret is only in the link, the table
 * keeps its hash. `origin` is where the editor is reached (PUBLIC_URL or the request's own).
 */
export async function inviteMember(
  deps: Deps,
  request: InviteRequest,
  origin: string,
  audit: AuditContext,
): Promise<InviteCreated> {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + INVITE_VALID_MS);
  const id = newId();
  await deps.prisma.$transaction(async (tx) => {
    if (await tx.member.findUnique({ where: { email: request.email } })) {
      throw new AppError('CONFLICT', `${request.email} is a member already`);
    }
    await tx.invite.create({
      data: {
        id,
        tokenHash: secretHash(secret),
        email: request.email,
        role: request.role,
        createdById: audit.actor?.type === 'member' ? audit.actor.id : null,
        expiresAt,
      },
    });
    await writeAudit(tx, audit, {
      action: 'member.invite',
      target: { type: 'invite', id, name: request.email },
      details: { role: request.role },
    });
  });
  return { id, inviteUrl: `${origin}/invite/${secret}`, expiresAt: utcIso(expiresAt) };
}

/** An invitation still waiting, as Prisma filters: not used, not revoked, not past its expiry at `now`. */
const waiting = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

/** The invitations still waiting, newest first; never their secrets (the table only has hashes anyway). */
export async function listPendingInvites(deps: Deps, now = new Date()): Promise<PendingInviteList> {
  const rows = await deps.prisma.invite.findMany({
    where: waiting(now),
    include: { createdBy: { select: { id: true, name: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: utcIso(row.createdAt),
    expiresAt: utcIso(row.expiresAt),
    invitedBy: row.createdBy,
  }));
}

/**
 * Takes a waiting invitation back: its link then answers 410 as a used one does. One conditional
 * UPDATE decides, so a revoke racing an accept of the same link (which locks the row) leaves exactly
 * one of them done. Used, expired, revoked or unknown: 404, and no entry.
 */
export async function revokeInvite(deps: Deps, id: string, audit: AuditContext): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const now = new Date();
    const revoked = isId(id)
      ? await tx.invite.updateMany({ where: { id, ...waiting(now) }, data: { revokedAt: now } })
      : { count: 0 };
    if (revoked.count === 0) {
      throw new AppError('NOT_FOUND', 'No invitation waiting with this id: it was used, taken back or is too old');
    }
    const row = await tx.invite.findUniqueOrThrow({ where: { id } });
    await writeAudit(tx, audit, {
      action: 'member.invite_revoke',
      target: { type: 'invite', id, name: row.email },
      details: { role: row.role },
    });
  });
}

const inviteExpired = () =>
  new AppError(
    'INVITE_EXPIRED',
    'This invite link was used already, taken back or is too old; ask an owner for a new one',
  );

/**
 * Turns an invite into a member and signs them in. The password is checked (by the input
 * schema) before the invite is touched, so a refused password does not use it up; the invite
 * row is locked, so one link makes one member.
 */
export async function acceptInvite(
  deps: Deps,
  secret: string,
  request: AcceptInviteRequest,
  audit: AuditContext,
): Promise<{ me: Me; sessionSecret: string }> {
  const passwordHash = await hashPassword(request.password);
  return deps.prisma.$transaction(async (tx) => {
    const tokenHash = secretHash(secret);
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "invite" WHERE "token_hash" = ${tokenHash} FOR UPDATE`;
    const invite = rows[0] && (await tx.invite.findUnique({ where: { id: rows[0].id } }));
    if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt.getTime() <= Date.now()) {
      throw inviteExpired();
    }
    if (await tx.member.findUnique({ where: { email: invite.email } })) {
      throw new AppError('CONFLICT', `${invite.email} is a member already; sign in instead`);
    }
    await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: new Date() } });
    const member = await tx.member.create({
      data: { id: newId(), email: invite.email, name: request.name, role: invite.role, passwordHash },
    });
    await writeAudit(
      tx,
      { ...audit, actor: { type: 'member', id: member.id, name: member.name } },
      {
        action: 'member.accept',
        target: { type: 'member', id: member.id, name: member.name },
        details: { role: member.role },
      },
    );
    const sessionSecret = await startSession(tx, member.id);
    return { me: { id: member.id, email: member.email, name: member.name, role: member.role }, sessionSecret };
  });
}

/** Locks every owner row, so two owners demoting each other at once cannot leave none. */
async function lockOwners(tx: Prisma.TransactionClient): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "member" WHERE "role" = 'OWNER' FOR UPDATE`;
  return rows.map((row) => row.id);
}

async function lockedMember(tx: Prisma.TransactionClient, id: string): Promise<MemberRow> {
  const row = isId(id) ? await tx.member.findUnique({ where: { id } }) : null;
  if (!row) throw notFound('Member');
  return row;
}

const lastOwner = (what: string) =>
  new AppError('LAST_OWNER', `The last owner cannot be ${what}; make someone else an owner first`);

/** A new role ends the member's sessions: they sign in again and see what the role offers. */
export async function changeRole(deps: Deps, id: string, role: Role, audit: AuditContext): Promise<Member> {
  return deps.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx);
    const row = await lockedMember(tx, id);
    if (row.role === role) return toMember(row);
    if (row.role === 'OWNER' && owners.length <= 1) throw lastOwner('demoted');
    const updated = await tx.member.update({ where: { id }, data: { role } });
    await endSessionsOf(tx, id);
    await writeAudit(tx, audit, {
      action: 'member.role_change',
      target: { type: 'member', id, name: row.name },
      details: { from: row.role, to: role },
    });
    return toMember(updated);
  });
}

/** Removes the member: their sessions and the API keys they created go with them (cascade). */
export async function removeMember(deps: Deps, id: string, audit: AuditContext): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx);
    const row = await lockedMember(tx, id);
    if (row.role === 'OWNER' && owners.length <= 1) throw lastOwner('removed');
    await tx.member.delete({ where: { id } });
    await writeAudit(tx, audit, {
      action: 'member.remove',
      target: { type: 'member', id, name: row.name },
      details: { role: row.role, email: row.email },
    });
  });
}
