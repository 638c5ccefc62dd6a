import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from '../src/logger.ts';

/** A real pino logger whose lines are kept, parsed, in `lines`. */
export function captureLogs(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  const logger = Object.assign(pino({ level: 'info' }, sink), { flushSync: () => undefined });
  return { logger, lines };
}
