import type { Logger } from '../../logger.ts';
import type { Deps } from '../deps.ts';
import { pruneAudit } from './audit-log.ts';
import { pruneSessions } from './sessions.ts';

const EVERY_MS = 60 * 60_000;

/** Prunes idle sessions and audit entries past AUDIT_RETENTION_DAYS once an hour. Safe in every process at once. */
export async function pruneAccountsOnce(deps: Deps, now = new Date()) {
  return { auditEntries: await pruneAudit(deps, now), sessions: await pruneSessions(deps, now) };
}

/** Accounts mode's periodic job; returns its stop. A no-op in open mode. */
export function startAccountsHousekeeping(deps: Deps, logger: Logger): () => Promise<void> {
  if (deps.config.authMode !== 'accounts') return async () => undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = pruneAccountsOnce(deps)
      .then((pruned) => {
        if (pruned.auditEntries || pruned.sessions) logger.info({ pruned }, 'accounts housekeeping');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'accounts housekeeping failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
