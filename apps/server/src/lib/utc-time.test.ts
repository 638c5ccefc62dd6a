import { describe, expect, it } from 'vitest';
import { utcIso } from './utc-time.ts';

describe('utcIso', () => {
  it('leaves out milliseconds that are 0', () => {
    expect(utcIso(new Date('2026-12-01T09:00:00+01:00'))).toBe('2026-12-01T08:00:00Z');
  });
  it('keeps milliseconds that are not', () => {
    expect(utcIso(Date.parse('2026-12-01T08:00:00.250Z'))).toBe('2026-12-01T08:00:00.250Z');
  });
});
