import { describe, expect, it } from 'vitest';
import { shortcutDays } from './day-shortcuts';

describe('the date shortcuts', () => {
  it('count today in: the past 7 days end today, the next 7 start today', () => {
    expect(shortcutDays('past7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(shortcutDays('past30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(shortcutDays('next7', '2026-02-26')).toEqual({ from: '2026-02-26', to: '2026-03-04' });
    expect(shortcutDays('next30', '2026-12-15')).toEqual({ from: '2026-12-15', to: '2027-01-13' });
  });
});
