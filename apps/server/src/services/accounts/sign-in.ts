import type { LoginRequest, Me } from '@forms-engine/schema';
import { AppError } from '../../errors/app-error.ts';
import type { FailureCounter, RateLimitCounters } from '../../rate-limits/rate-limit-store.ts';
import type { Deps } from '../deps.ts';
import { writeAudit } from './audit-log.ts';
import { passwordMatches } from './passwords.ts';
import type { AuditContext } from './principal.ts';
import { endSession, startSession } from './sessions.ts';

/** The lockout: 10 failures for one email within 15 minutes. */
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

const counters = new WeakMap<RateLimitCounters, FailureCounter>();
function loginFailures(deps: Deps): FailureCounter {
  let counter = counters.get(deps.rateLimitCounters);
  if (!counter) {
    counter = deps.rateLimitCounters.failures('login-failures', LOGIN_FAILURE_WINDOW_SECONDS);
    counters.set(deps.rateLimitCounters, counter);
  }
  return counter;
}

/** 429 for an email locked out; the caller sends `retryAfterSeconds` as Retry-After. */
export class SignInLockedOut extends AppError {
  readonly retryAfterSeconds: number;
  constructor(msLeft: number) {
    super('RATE_LIMITED', 'Too many failed sign-ins for this email; wait as long as Retry-After says, then try again');
    this.retryAfterSeconds = Math.max(1, Math.ceil(msLeft / 1000));
  }
}

/**
 * Checks the password and starts a session. An unknown email and a wrong password are the same
 * 401 after the same work (a dummy hash is checked), and both count towards the lockout; the
 * failure is audited with no actor.
 */
export async function signIn(
  deps: Deps,
  request: LoginRequest,
  audit: AuditContext,
): Promise<{ me: Me; sessionSecret: string }> {
  const email = request.email.trim().toLowerCase();
  const failures = loginFailures(deps);
  const before = await failures.count(email);
  if (before.count >= LOGIN_FAILURES_ALLOWED) throw new SignInLockedOut(before.msLeft);
  const member = await deps.prisma.member.findUnique({ where: { email } });
  if (!(await passwordMatches(member?.passwordHash, request.password))) {
    await failures.add(email);
    await deps.prisma.$transaction((tx) =>
      writeAudit(
        tx,
        { ...audit, actor: null },
        {
          action: 'auth.login_failed',
          target: { type: 'email', id: null, name: email },
        },
      ),
    );
    throw new AppError('INVALID_CREDENTIALS', 'The email or the password is not right');
  }
  const found = member as NonNullable<typeof member>;
  const actor = { type: 'member' as const, id: found.id, name: found.name };
  const sessionSecret = await deps.prisma.$transaction(async (tx) => {
    await writeAudit(
      tx,
      { ...audit, actor },
      {
        action: 'auth.login',
        target: { type: 'member', id: found.id, name: found.name },
      },
    );
    return startSession(tx, found.id);
  });
  return { me: { id: found.id, email: found.email, name: found.name, role: found.role }, sessionSecret };
}

/** Ends the session; audited as the member it belonged to. */
export async function signOut(deps: Deps, sessionHash: string, audit: AuditContext): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await endSession(tx, sessionHash);
    if (audit.actor) {
      await writeAudit(tx, audit, {
        action: 'auth.logout',
        target: { type: 'member', id: audit.actor.id, name: audit.actor.name },
      });
    }
  });
}
