import { describe, expect, it } from 'vitest';
import { availabilityLine } from './availability-words.ts';

// Wednesday 2 December 2026, 12:00 in Berlin.
const NOW = Date.parse('2026-12-02T11:00:00Z');
const BERLIN = { locale: 'en-GB', timeZone: 'Europe/Berlin' };

const facts = (status: 'OPEN' | 'SCHEDULED' | 'FULL' | 'CLOSED', extra = {}) => ({
  availability: { status, completed: 143 },
  opensAt: null,
  closesAt: null,
  maxCompletedResponses: null,
  ...extra,
});

describe('the status line', () => {
  it('says when an open questionnaire closes, by weekday and time within a week', () => {
    expect(availabilityLine(facts('OPEN', { closesAt: '2026-12-04T17:00:00Z' }), NOW, BERLIN)).toBe(
      'Open · closes Fri 18:00',
    );
  });

  it('says “Open” alone without a closing time', () => {
    expect(availabilityLine(facts('OPEN'), NOW, BERLIN)).toBe('Open');
  });

  it('says when a scheduled one opens, with a two-digit hour on the 24-hour clock, in the builder’s zone', () => {
    expect(availabilityLine(facts('SCHEDULED', { opensAt: '2026-12-07T07:00:00Z' }), NOW, BERLIN)).toBe(
      'Scheduled · opens Mon 08:00',
    );
    // The same instant for a builder in New York: their own weekday and time.
    expect(
      availabilityLine(facts('SCHEDULED', { opensAt: '2026-12-07T07:00:00Z' }), NOW, {
        locale: 'en-US',
        timeZone: 'America/New_York',
      }),
    ).toBe('Scheduled · opens Mon 02:00');
  });

  it('gives the date and time instead when it is a week or more away, with the year when it is not this one', () => {
    expect(availabilityLine(facts('SCHEDULED', { opensAt: '2026-12-20T07:00:00Z' }), NOW, BERLIN)).toBe(
      'Scheduled · opens 20 Dec, 08:00',
    );
    expect(availabilityLine(facts('OPEN', { closesAt: '2027-01-15T07:00:00Z' }), NOW, BERLIN)).toBe(
      'Open · closes 15 Jan 2027, 08:00',
    );
    expect(
      availabilityLine(facts('OPEN', { closesAt: '2027-01-15T07:00:00Z' }), NOW, { ...BERLIN, locale: 'en-US' }),
    ).toBe('Open · closes Jan 15, 2027, 08:00');
  });

  it('counts a full one against its limit', () => {
    expect(
      availabilityLine(
        { ...facts('FULL', { maxCompletedResponses: 200 }), availability: { status: 'FULL', completed: 200 } },
        NOW,
        BERLIN,
      ),
    ).toBe('Full · 200 of 200');
    expect(
      availabilityLine(
        { ...facts('FULL', { maxCompletedResponses: 0 }), availability: { status: 'FULL', completed: 0 } },
        NOW,
        BERLIN,
      ),
    ).toBe('Full · 0 of 0');
  });

  it('says “Closed”, and only the status when a list item has nothing more', () => {
    expect(availabilityLine(facts('CLOSED', { closesAt: '2026-12-01T17:00:00Z' }), NOW, BERLIN)).toBe('Closed');
    expect(availabilityLine({ availability: { status: 'FULL' } }, NOW, BERLIN)).toBe('Full');
    expect(availabilityLine({ availability: { status: 'SCHEDULED' } }, NOW, BERLIN)).toBe('Scheduled');
  });
});
