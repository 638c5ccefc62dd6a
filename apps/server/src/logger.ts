import { pino } from 'pino';

export type Logger = pino.Logger & {
  /** Writes out whatever is buffered, synchronously: call before the process exits. */
  flushSync(): void;
};

/**
 * pino writing to stdout through a buffer (sonic-boom, flushed at 4 KiB and every few
 * milliseconds) instead of one write per line: a request log line per request costs a
 * system call otherwise. `flushSync` empties the buffer before an exit.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flushTimer = setInterval(() => destination.flush(), 250);
  flushTimer.unref();
  const logger = pino(
    { level, base: { service: 'forms-engine' }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
  return Object.assign(logger, {
    flushSync: () => {
      try {
        destination.flushSync();
      } catch {
        // nothing buffered, or stdout already closed: nothing more can be written anyway
      }
    },
  });
}
