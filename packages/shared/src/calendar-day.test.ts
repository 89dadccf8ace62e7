import { describe, expect, it } from 'vitest';
import { addDays, brandDay } from './calendar-day';

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
});
