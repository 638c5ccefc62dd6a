import { describe, expect, it } from 'vitest';
import { expiryWords } from './invite-words.ts';

describe('an invitation’s expiry in words', () => {
  it('writes the date out and keeps the time', () => {
    expect(expiryWords('2026-12-04T10:00:00.000Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'expires 4 December 2026 at 10:00',
    );
    expect(expiryWords('2026-12-04T10:00:00.000Z', { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'expires December 4, 2026 at 5:00 AM',
    );
  });
});
