import { describe, expect, it } from 'vitest';
import {
  autoplayStops,
  bigWinMs,
  coinCount,
  coinStyle,
  countUp,
  fillerOf,
  freeSpinsCounter,
  freeSpinsIntroMs,
  landingMs,
  lossLimitOf,
  openingColumn,
  paylinePoints,
  shift,
  spinLoopMs,
  winCellOf,
  winTexts,
} from './slot-state';

// The slot page's pacing and wording, without a DOM: the reels stop one by one, turbo shortens
// everything, and autoplay stops where the player asked.

describe('slot reels', () => {
  it('land left to right: each later reel travels further and takes longer, turbo less of both', () => {
    for (const turbo of [false, true])
      for (let r = 1; r < 5; r++) {
        expect(fillerOf(r, turbo)).toBeGreaterThan(fillerOf(r - 1, turbo));
        expect(landingMs(r, turbo)).toBeGreaterThan(landingMs(r - 1, turbo));
        expect(fillerOf(r, true)).toBeLessThan(fillerOf(r, false));
        expect(landingMs(r, true)).toBeLessThan(landingMs(r, false));
      }
    expect(spinLoopMs(true)).toBeLessThan(spinLoopMs(false));
  });

  it('moves a strip by the share of its cells', () => {
    expect(shift(0, 10)).toBe('translateY(-0.0000%)');
    expect(shift(3, 12)).toBe('translateY(-25.0000%)');
  });

  it('opens on symbols of the reel set', () => {
    const column = openingColumn(4, 3, 12);
    expect(column).toHaveLength(3);
    for (const id of column) expect(id).toBeGreaterThanOrEqual(0);
    for (const id of column) expect(id).toBeLessThan(10);
    expect(openingColumn(0, 3, 1)).toEqual([0, 0, 0]);
  });
});

describe('slot celebrations', () => {
  it('last longer for a higher tier and half as long in turbo', () => {
    expect(bigWinMs('big', false)).toBeLessThan(bigWinMs('mega', false));
    expect(bigWinMs('mega', false)).toBeLessThan(bigWinMs('epic', false));
    expect(bigWinMs('epic', true)).toBe(bigWinMs('epic', false) / 2);
    expect(freeSpinsIntroMs(true)).toBe(freeSpinsIntroMs(false) / 2);
  });

  it('rain more coins for a higher tier and none over the free spins intro', () => {
    expect(coinCount('bigwin big')).toBeLessThan(coinCount('bigwin mega'));
    expect(coinCount('bigwin mega')).toBeLessThan(coinCount('bigwin epic'));
    expect(coinCount('freespins')).toBe(0);
  });
});

describe('slot win bar and free spins counter', () => {
  it('cycles through the total and then each win', () => {
    const wins = [{ text: 'Line 1 pays 2.00' }, { text: 'Line 4 pays 1.00' }];
    expect(winTexts({ total: 300, wins } as never, (a) => `Win ${a}`)).toEqual([
      'Win 300',
      'Line 1 pays 2.00',
      'Line 4 pays 1.00',
    ]);
    expect(winTexts({ total: 0, wins: [] }, (a) => `Win ${a}`)).toEqual([]);
  });

  it('shows the counter while spins are owed or one is played', () => {
    expect(freeSpinsCounter({ freeSpin: false }, { steps: [{}] as never, pendingSteps: 0 }).active).toBe(false);
    expect(freeSpinsCounter({ freeSpin: false }, { steps: [{}] as never, pendingSteps: 10 })).toEqual({
      active: true,
      played: 0,
      left: 10,
    });
    expect(freeSpinsCounter({ freeSpin: true }, { steps: [{}, {}, {}] as never, pendingSteps: 0 })).toEqual({
      active: true,
      played: 2,
      left: 0,
    });
  });
});

describe('slot autoplay', () => {
  it('reads the loss limit typed in major units', () => {
    expect(lossLimitOf('')).toBe(0);
    expect(lossLimitOf('12.5')).toBe(1250);
    expect(lossLimitOf('-3')).toBe(0);
    expect(lossLimitOf('abc')).toBe(0);
  });

  it('stops on a win when asked, and once the loss reaches the limit', () => {
    expect(autoplayStops({ stopOnWin: true, lossLimit: 0 }, { win: 10 }, -10)).toBe(true);
    expect(autoplayStops({ stopOnWin: false, lossLimit: 0 }, { win: 10 }, -10)).toBe(false);
    expect(autoplayStops({ stopOnWin: false, lossLimit: 500 }, { win: 0 }, 499)).toBe(false);
    expect(autoplayStops({ stopOnWin: false, lossLimit: 500 }, { win: 0 }, 500)).toBe(true);
    expect(autoplayStops({ stopOnWin: false, lossLimit: 0 }, { win: 0 }, 10_000)).toBe(false);
  });
});

describe('slot scene geometry and count-up', () => {
  it('finds a winning cell by its key, row 0 when the key has no row', () => {
    expect(winCellOf('2:1')).toEqual([2, 1]);
    expect(winCellOf('3')).toEqual([3, 0]);
  });

  it('draws a payline through the middle of each reel’s cell, nothing for an empty line', () => {
    expect(paylinePoints([1, 0, 2])).toBe('0.5,1.5 1.5,0.5 2.5,2.5');
    expect(paylinePoints([])).toBe('');
  });

  it('counts a celebration up over 70% of its time, then holds the amount', () => {
    expect(countUp(1000, 0, 1000)).toEqual({ value: 0, more: true });
    expect(countUp(1000, 350, 1000)).toEqual({ value: 500, more: true });
    expect(countUp(1000, 700, 1000)).toEqual({ value: 1000, more: false });
    expect(countUp(1000, 5000, 1000)).toEqual({ value: 1000, more: false });
  });

  it('spreads the coins across the overlay with their fall times and delays', () => {
    expect(coinStyle(0, 0, 0)).toBe('--x:0%;--d:0.60s;--t:0.00s');
    expect(coinStyle(0.999, 0.5, 0.5)).toBe('--x:100%;--d:1.30s;--t:0.40s');
  });
});
