import { randomInt } from 'node:crypto';
import type { Me, SetupRequest } from '@forms-engine/schema';
import { AppError } from '../../errors/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Deps } from '../deps.ts';
import { writeAudit } from './audit-log.ts';
import { hashPassword } from './passwords.ts';
import type { AuditContext } from './principal.ts';
import { secretMatches } from './secret-compare.ts';
import { startSession } from './sessions.ts';

/** Letters and digits a person copies from a log without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 16 characters of 31: about 79 bits, shown as four groups of four. */
function newSetupCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Hyphens, spaces and case do not matter when the code is typed back. */
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * The deployment's setup code while no member exists (made by the first process to ask, the same
 * for every process after it), or undefined once the first owner is set up.
 */
export async function setupCodeToPrint(deps: Deps): Promise<string | undefined> {
  if ((await deps.prisma.member.count()) > 0) return undefined;
  // ON CONFLICT: processes starting together agree on the one code the first of them stored.
  await deps.prisma
    .$executeRaw`INSERT INTO "setup_code" ("id", "code") VALUES (1, ${newSetupCode()}) ON CONFLICT ("id") DO NOTHING`;
  const row = await deps.prisma.setupCode.findUnique({ where: { id: 1 } });
  return row?.code;
}

export async function setupNeeded(deps: Deps): Promise<boolean> {
  return (await deps.prisma.member.count()) === 0;
}

/**
 * Creates the first owner when `code` is the deployment's setup code, and signs them in. The
 * setup code row is locked, so two requests racing with the right code make one owner.
 */
export async function setUpFirstOwner(
  deps: Deps,
  request: SetupRequest,
  audit: AuditContext,
): Promise<{ me: Me; sessionSecret: string }> {
  const passwordHash = await hashPassword(request.password);
  return deps.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ code: string }[]>`SELECT "code" FROM "setup_code" WHERE "id" = 1 FOR UPDATE`;
    if ((await tx.member.count()) > 0) {
      throw new AppError('ALREADY_SET_UP', 'This server has its first owner already; sign in instead');
    }
    const stored = rows[0]?.code;
    if (!stored || !secretMatches(normalizeCode(request.code), normalizeCode(stored))) {
      throw new AppError(
        'FORBIDDEN',
        'The setup code is not right; copy it from the line of the server log that says "setup code"',
      );
    }
    const member = await tx.member.create({
      data: { id: newId(), email: request.email, name: request.name, role: 'OWNER', passwordHash },
    });
    await tx.setupCode.deleteMany({});
    const actor = { type: 'member' as const, id: member.id, name: member.name };
    await writeAudit(
      tx,
      { ...audit, actor },
      {
        action: 'auth.setup',
        target: { type: 'member', id: member.id, name: member.name },
      },
    );
    const sessionSecret = await startSession(tx, member.id);
    return { me: { id: member.id, email: member.email, name: member.name, role: member.role }, sessionSecret };
  });
}
