import { describe, expect, it } from 'vitest';
import { drawAt, drawByNumero, drawsAround, LOTTERY_SCHEDULES, openDraw } from './lottery-schedule';

const vn = { vendor: 'TCG_LOTTO_VN', gameCode: 'LOTT-001' };
const sea = { vendor: 'TCG_SEA', gameCode: 'LOTT-002' };

describe('lottery schedule', () => {
  it('opens one draw at a time, closing 30 s before its draw', () => {
    const d = openDraw(vn, new Date('2026-11-22T10:02:00Z'));
    expect(d.numero).toBe('20261122-0121');
    expect(d.opensAt.toISOString()).toBe('2026-11-22T09:59:30.000Z');
    expect(d.closesAt.toISOString()).toBe('2026-11-22T10:04:30.000Z');
    expect(d.drawsAt.toISOString()).toBe('2026-11-22T10:05:00.000Z');
    // In the last 30 s the next draw is already open.
    expect(openDraw(vn, new Date('2026-11-22T10:04:30Z')).numero).toBe('20261122-0122');
    expect(openDraw(vn, new Date('2026-11-22T10:04:29.999Z')).numero).toBe('20261122-0121');
  });

  it('numbers draws within the UTC day, the first window of a day being 0001', () => {
    expect(openDraw(vn, new Date('2026-11-22T00:00:00Z')).numero).toBe('20261122-0001');
    expect(openDraw(vn, new Date('2026-11-21T23:59:40Z')).numero).toBe('20261122-0001');
    expect(openDraw(vn, new Date('2026-11-21T23:58:00Z')).numero).toBe('20261121-0288');
    expect(openDraw(sea, new Date('2026-11-22T23:57:00Z')).numero).toBe('20261122-0480');
  });

  it('lists previous draws newest first, contiguous', () => {
    const { open, previous } = drawsAround(sea, new Date('2026-11-22T10:02:00Z'), 3);
    expect(previous).toHaveLength(3);
    expect(previous[0]!.closesAt.getTime()).toBe(open.opensAt.getTime());
    expect(previous[1]!.drawsAt.getTime()).toBe(previous[0]!.drawsAt.getTime() - 180_000);
  });

  it('round-trips numeros and rejects malformed ones', () => {
    for (const vendor of Object.keys(LOTTERY_SCHEDULES)) {
      const g = { vendor, gameCode: 'X' };
      const d = drawAt(g, 9_876_543);
      expect(drawByNumero(g, d.numero)).toEqual(d);
    }
    expect(drawByNumero(vn, '20260230-0001')).toBeNull();
    expect(drawByNumero(vn, '20261122-0289')).toBeNull();
    expect(drawByNumero(vn, '20261122-0000')).toBeNull();
    expect(drawByNumero(vn, 'x')).toBeNull();
    expect(drawByNumero({ vendor: 'PT', gameCode: 'X' }, '20261122-0001')).toBeNull();
  });
});
