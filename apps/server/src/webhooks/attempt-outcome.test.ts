import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, outcomeOf, retryAfterMs } from './attempt-outcome.ts';

const schedule = [5_000, 300_000];
const now = new Date('2026-11-24T10:00:00.000Z');
const answered = (status: number, body = '', retryAfter?: string) =>
  ({ kind: 'answered', status, body, retryAfter }) as const;

describe('outcomeOf', () => {
  it.each([200, 201, 202, 204, 299])('%i succeeds', (status) => {
    expect(outcomeOf(answered(status), 1, schedule, now)).toEqual({ kind: 'succeeded', statusCode: status });
  });

  it('410 ends the delivery and disables the webhook, saying when and why', () => {
    const outcome = outcomeOf(answered(410, 'unsubscribed'), 1, schedule, now);
    expect(outcome).toMatchObject({ kind: 'gone', statusCode: 410, error: 'Answered 410 Gone: unsubscribed' });
    expect(outcome.kind === 'gone' && outcome.reason).toContain('2026-11-24T10:00:00.000Z');
  });

  it('anything else waits the next interval of the schedule, then fails', () => {
    expect(outcomeOf(answered(500), 1, schedule, now)).toMatchObject({ kind: 'retry', waitMs: 5_000 });
    expect(outcomeOf(answered(404), 2, schedule, now)).toMatchObject({ kind: 'retry', waitMs: 300_000 });
    expect(outcomeOf(answered(500), 3, schedule, now)).toMatchObject({ kind: 'retry', waitMs: undefined });
    expect(outcomeOf({ kind: 'failed', error: 'refused' }, 1, schedule, now)).toEqual({
      kind: 'retry',
      statusCode: undefined,
      error: 'refused',
      waitMs: 5_000,
    });
  });

  it('a redirect is an answer like another, never followed', () => {
    expect(outcomeOf(answered(301), 1, schedule, now)).toMatchObject({
      kind: 'retry',
      error: 'Answered 301; redirects are not followed',
    });
  });

  it('Retry-After replaces the wait on 429 and 503 only, up to a day', () => {
    expect(outcomeOf(answered(429, '', '120'), 1, schedule, now)).toMatchObject({ waitMs: 120_000 });
    expect(outcomeOf(answered(503, '', '0'), 1, schedule, now)).toMatchObject({ waitMs: 0 });
    expect(outcomeOf(answered(500, '', '120'), 1, schedule, now)).toMatchObject({ waitMs: 5_000 });
    expect(outcomeOf(answered(503, '', '9999999'), 1, schedule, now)).toMatchObject({ waitMs: MAX_RETRY_AFTER_MS });
    expect(outcomeOf(answered(503, '', 'soon'), 1, schedule, now)).toMatchObject({ waitMs: 5_000 });
    // The schedule's end still ends it.
    expect(outcomeOf(answered(503, '', '1'), 3, schedule, now)).toMatchObject({ waitMs: undefined });
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP-dates', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 7 ', now)).toBe(7_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', '-5', '1.5', '12:00', 'later'])
      expect(retryAfterMs(value, now)).toBeUndefined();
  });
});
