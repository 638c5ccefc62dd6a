import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../test/log-capture.ts';
import { OutageLog } from './outage-log.ts';

describe('OutageLog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs the first failure of an outage, counts the rest, and logs the end with the count', () => {
    const { logger, lines } = captureLogs();
    const outages = new OutageLog(logger);
    for (let i = 0; i < 50; i++) {
      outages.failed('database', new Error('ECONNREFUSED'));
      vi.advanceTimersByTime(100);
    }
    expect(lines.map((line) => line.msg)).toEqual(['dependency unavailable']);
    outages.recovered('database');
    outages.recovered('database'); // nothing more: no outage in progress
    expect(lines.at(-1)).toMatchObject({ msg: 'dependency available again', dependency: 'database', failures: 50 });
    expect(lines).toHaveLength(2);
  });

  it('takes failures 30 s apart for a new outage, and keeps dependencies and kinds apart', () => {
    const { logger, lines } = captureLogs();
    const outages = new OutageLog(logger);
    outages.failed('database', new Error('down'));
    outages.failed('database', new Error('down'));
    outages.failed('file store', new Error('down'));
    outages.failed('file store', new Error('full'), 'file store full');
    vi.advanceTimersByTime(31_000);
    outages.failed('database', new Error('down again'));
    expect(lines.map((line) => [line.msg, line.dependency])).toEqual([
      ['dependency unavailable', 'database'],
      ['dependency unavailable', 'file store'],
      ['file store full', 'file store'],
      ['dependency unavailable', 'database'],
    ]);
    expect(lines.at(-1)).toMatchObject({ previousOutageFailures: 2 });
  });
});
