import { describe, expect, it } from 'vitest';
import { resolveRange } from './wallet.service';

// A player's history dates (transactions, profit and loss, bet records) are days of the brand's
// time zone, like every report: in Manila, 25 November is 16:00 UTC on the 24th to 16:00 on the 25th.
describe('history date ranges', () => {
  const now = new Date('2026-11-25T20:00:00Z');

  it('reads explicit dates as whole brand days, the end day included', () => {
    expect(resolveRange(now, { startDate: '2026-11-25', endDate: '2026-11-25' }, 'Asia/Manila')).toEqual({
      from: new Date('2026-11-24T16:00:00Z'),
      to: new Date('2026-11-25T16:00:00Z'),
    });
    expect(resolveRange(now, { startDate: '2026-03-08' }, 'America/New_York')).toEqual({
      from: new Date('2026-03-08T05:00:00Z'),
    });
  });

  it('keeps the shortcuts relative to now and refuses impossible dates', () => {
    expect(resolveRange(now, { range: 'past7' }, 'Asia/Manila')).toEqual({ from: new Date('2026-11-18T20:00:00Z') });
    expect(() => resolveRange(now, { startDate: '2026-13-01' }, 'Asia/Manila')).toThrow();
    expect(() => resolveRange(now, { startDate: '2026-11-26', endDate: '2026-11-25' }, 'Asia/Manila')).toThrow();
  });
});
