import type { Prisma } from '@forms-engine/db';
import type {
  AcceptInviteRequest,
  InviteCreated,
  InviteRequest,
  Me,
  Member,
  MemberList,
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
  await deps.prisma.$transaction(async (tx) => {
    if (await tx.member.findUnique({ where: { email: request.email } })) {
      throw new AppError('CONFLICT', `${request.email} is a member already`);
    }
    const id = newId();
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
  return { inviteUrl: `${origin}/invite/${secret}`, expiresAt: utcIso(expiresAt) };
}

const inviteExpired = () =>
  new AppError('INVITE_EXPIRED', 'This invite link was used already or is too old; ask an owner for a new one');

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
    if (!invite || invite.acceptedAt || invite.expiresAt.getTime() <= Date.now()) throw inviteExpired();
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
