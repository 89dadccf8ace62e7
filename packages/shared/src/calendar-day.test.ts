import { describe, expect, it } from 'vitest';
import { addDays, brandDay, dayStart, wallTime, wallTimeInstant } from './calendar-day';

describe('calendar days', () => {
  it('reads the calendar day of a zone and counts whole days', () => {
    const at = new Date('2026-12-31T16:30:00Z');
    expect(brandDay(at, 'UTC')).toBe('2026-12-31');
    expect(brandDay(at, 'Asia/Manila')).toBe('2027-01-01');
    expect(brandDay(at, 'America/Los_Angeles')).toBe('2026-12-31');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -29)).toBe('2026-01-31');
  });

  it('finds the instant a day begins in a zone, daylight-saving days included', () => {
    expect(dayStart('2026-11-25', 'Asia/Manila').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(dayStart('2026-11-25', 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // New York: EST (-5) at the midnight of the spring change, EDT (-4) at the autumn one's.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(dayStart('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(dayStart('2026-06-01', 'Asia/Kolkata').toISOString()).toBe('2026-05-31T18:30:00.000Z');
    for (const zone of ['Asia/Manila', 'America/New_York', 'Europe/London', 'Pacific/Auckland'])
      for (const day of ['2026-01-01', '2026-03-29', '2026-10-25', '2026-12-31'])
        expect(brandDay(dayStart(day, zone), zone)).toBe(day);
  });

  it('reads and sets a wall clock of a zone, the changes of summer time included', () => {
    const at = new Date('2026-11-25T16:05:42Z');
    expect(wallTime(at, 'Asia/Manila')).toBe('2026-11-26T00:05');
    expect(wallTime(at, 'UTC')).toBe('2026-11-25T16:05');
    expect(wallTimeInstant('2026-11-26T00:05', 'Asia/Manila')?.toISOString()).toBe('2026-11-25T16:05:00.000Z');
    expect(wallTimeInstant('2026-07-01T12:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(wallTimeInstant('2026-01-01T12:00', 'America/New_York')?.toISOString()).toBe('2026-01-01T17:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York (02:00 EST -> 03:00 EDT): 03:30 EDT.
    expect(wallTimeInstant('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first, still EDT.
    expect(wallTimeInstant('2026-11-01T01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    for (const wall of ['2026-02-30T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01 10:00', '', 'x'])
      expect(wallTimeInstant(wall, 'UTC')).toBeNull();
  });
});
