import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeInZone, instantOfDateTime, minutesOfTime, withLocalOffset } from './moments';
import { compareOrdered } from './operators';

describe('date-times and times', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('reads a date-time with its offset as an instant', () => {
    expect(instantOfDateTime('2026-12-01T09:30+01:00')).toBe(Date.UTC(2026, 11, 1, 8, 30));
    expect(instantOfDateTime('2026-12-01T09:30-05:30')).toBe(Date.UTC(2026, 11, 1, 15, 0));
    expect(instantOfDateTime('2026-12-01T09:30')).toBeUndefined();
    expect(instantOfDateTime('2026-12-01T09:30+15:00')).toBeUndefined();
    expect(instantOfDateTime('2026-11-31T09:30+01:00')).toBeUndefined();
  });

  it('reads a time of day', () => {
    expect(minutesOfTime('00:00')).toBe(0);
    expect(minutesOfTime('23:59')).toBe(1439);
    expect(minutesOfTime('23:60')).toBeUndefined();
    expect(minutesOfTime('7:00')).toBeUndefined();
  });

  it('orders date-times as instants and times of day by the clock', () => {
    expect(compareOrdered('2026-12-01T09:00+01:00', '2026-12-01T08:30+00:00')).toBeLessThan(0);
    expect(compareOrdered('2026-12-01T09:00+01:00', '2026-12-01T08:00+00:00')).toBe(0);
    expect(compareOrdered('09:30', '10:00')).toBeLessThan(0);
    expect(compareOrdered('09:30', '2026-12-01')).toBeUndefined();
  });

  it('writes a moment in a zone with the offset of that zone at that moment, summer time included', () => {
    expect(dateTimeInZone(Date.UTC(2026, 0, 15, 12, 0), 'Europe/Berlin')).toBe('2026-01-15T13:00+01:00');
    expect(dateTimeInZone(Date.UTC(2026, 6, 15, 12, 0), 'Europe/Berlin')).toBe('2026-07-15T14:00+02:00');
    expect(dateTimeInZone(Date.UTC(2026, 6, 15, 12, 0), 'America/St_Johns')).toBe('2026-07-15T09:30-02:30');
  });

  it('gives a datetime-local value the offset of the runtime zone at that moment', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(withLocalOffset('2026-01-15T13:00')).toBe('2026-01-15T13:00+01:00');
    expect(withLocalOffset('2026-07-15T13:00')).toBe('2026-07-15T13:00+02:00');
    // 02:30 does not exist on 29 March in Berlin: the clock jumps to 03:30.
    expect(withLocalOffset('2026-03-29T02:30')).toBe('2026-03-29T03:30+02:00');
    expect(withLocalOffset('2026-02-30T13:00')).toBeUndefined();
    expect(withLocalOffset('13:00')).toBeUndefined();
  });
});
