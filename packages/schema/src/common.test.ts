import { describe, expect, it } from 'vitest';
import { DateTime } from './common';

describe('DateTime', () => {
  it.each([
    '2026-11-24T10:00:00Z',
    '2026-11-24T10:00:00.123Z',
    '2026-11-24T10:00:00+02:00',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
  ])('takes %s', (value) => {
    expect(DateTime.safeParse(value).success).toBe(true);
  });

  it.each([
    // ISO 8601's year 0 (1 BC): Postgres's input refuses it, so a filter would end in a 500.
    '0000-01-01T00:00:00Z',
    '0000-12-31T23:59:59+05:00',
    '2026-11-24T10:00:00',
    '2026-11-24',
    '2026-02-30T10:00:00Z',
  ])('refuses %s', (value) => {
    expect(DateTime.safeParse(value).success).toBe(false);
  });
});
