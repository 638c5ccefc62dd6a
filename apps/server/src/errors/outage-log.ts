import type { Logger } from '../logger.ts';

/** Failures of one dependency less than this apart belong to one outage, logged once. */
const OUTAGE_GAP_MS = 30_000;

interface Outage {
  startedAt: number;
  lastAt: number;
  failures: number;
}

/**
 * One log line per outage of a dependency (the database, the file store), not one per request:
 * an outage of 8 s under load fails a thousand requests, and a thousand identical stack traces
 * bury the one line that matters. Its end is logged when a readiness check sees it back (or
 * summed up in the line of the next outage).
 */
export class OutageLog {
  private readonly outages = new Map<string, Outage>();
  constructor(private readonly logger: Logger) {}

  /** A request failed because `dependency` is down (or, with `full`, out of room). */
  failed(dependency: string, error: unknown, message = 'dependency unavailable'): void {
    const now = Date.now();
    const key = `${dependency}: ${message}`;
    const outage = this.outages.get(key);
    if (outage && now - outage.lastAt < OUTAGE_GAP_MS) {
      outage.lastAt = now;
      outage.failures++;
      return;
    }
    this.outages.set(key, { startedAt: now, lastAt: now, failures: 1 });
    this.logger.error({ dependency, err: error, ...(outage && { previousOutageFailures: outage.failures }) }, message);
  }

  /** `dependency` answered: an outage in progress is over. */
  recovered(dependency: string): void {
    const key = `${dependency}: dependency unavailable`;
    const outage = this.outages.get(key);
    if (!outage) return;
    this.outages.delete(key);
    const seconds = Math.round((Date.now() - outage.startedAt) / 100) / 10;
    this.logger.info({ dependency, failures: outage.failures, seconds }, 'dependency available again');
  }
}

const logs = new WeakMap<Logger, OutageLog>();

/** The outage log of a logger (both servers of one process share their logger, so one log). */
export function outageLogOf(logger: Logger): OutageLog {
  let log = logs.get(logger);
  if (!log) {
    log = new OutageLog(logger);
    logs.set(logger, log);
  }
  return log;
}
