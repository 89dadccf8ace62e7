import { describe, expect, it } from 'vitest';
import { type EventResult, MARKET_TYPES, type MarketType, type Outcome, type Period } from '../types';
import { payout } from './bets';
import { selectionKeys, settleSelection } from './markets';

/** A football-like result: decided = counted. */
function goals(home: number, away: number, h1?: [number, number]): EventResult {
  const s = (h: number, a: number) => ({ decided: { home: h, away: a }, counted: { home: h, away: a } });
  return h1 ? { ft: s(home, away), h1: s(h1[0], h1[1]) } : { ft: s(home, away) };
}

type Row = [type: MarketType, line4: number | undefined, key: string, score: [number, number], outcome: Outcome];

function check(rows: Row[], period: Period = 'ft') {
  for (const [type, line4, key, [h, a], outcome] of rows) {
    const result = period === 'h1' ? goals(9, 9, [h, a]) : goals(h, a);
    expect([type, line4, key, `${h}-${a}`, settleSelection({ type, period, line4 }, key, result)]).toEqual([
      type,
      line4,
      key,
      `${h}-${a}`,
      outcome,
    ]);
  }
}

describe('settlement tables', () => {
  it('1x2, double chance, winner and draw on the deciding score', () => {
    check([
      ['1x2', undefined, 'home', [2, 1], 'win'],
      ['1x2', undefined, 'draw', [2, 1], 'lose'],
      ['1x2', undefined, 'away', [2, 1], 'lose'],
      ['1x2', undefined, 'draw', [1, 1], 'win'],
      ['1x2', undefined, 'away', [0, 3], 'win'],
      ['double_chance', undefined, 'home_draw', [1, 1], 'win'],
      ['double_chance', undefined, 'home_away', [1, 1], 'lose'],
      ['double_chance', undefined, 'draw_away', [1, 1], 'win'],
      ['double_chance', undefined, 'home_draw', [0, 1], 'lose'],
      ['double_chance', undefined, 'home_away', [0, 1], 'win'],
      ['winner', undefined, 'home', [1, 0], 'win'],
      ['winner', undefined, 'away', [1, 0], 'lose'],
      ['winner', undefined, 'home', [0, 0], 'push'],
      ['winner', undefined, 'away', [0, 0], 'push'],
      ['draw', undefined, 'yes', [0, 0], 'win'],
      ['draw', undefined, 'yes', [1, 0], 'lose'],
    ]);
  });

  it('Asian handicap, whole, half and quarter lines, home and away', () => {
    check([
      // home -0.75 = half on -0.5, half on -1
      ['handicap', -3, 'home', [1, 0], 'half_win'],
      ['handicap', -3, 'away', [1, 0], 'half_lose'],
      ['handicap', -3, 'home', [2, 0], 'win'],
      ['handicap', -3, 'away', [2, 0], 'lose'],
      ['handicap', -3, 'home', [1, 1], 'lose'],
      ['handicap', -3, 'away', [1, 1], 'win'],
      // home -0.25 = half on 0, half on -0.5
      ['handicap', -1, 'home', [0, 0], 'half_lose'],
      ['handicap', -1, 'away', [0, 0], 'half_win'],
      ['handicap', -1, 'home', [1, 0], 'win'],
      // home +0.25
      ['handicap', 1, 'home', [0, 0], 'half_win'],
      ['handicap', 1, 'away', [0, 0], 'half_lose'],
      ['handicap', 1, 'home', [0, 1], 'lose'],
      // whole lines push
      ['handicap', 0, 'home', [1, 1], 'push'],
      ['handicap', -4, 'home', [2, 1], 'push'],
      ['handicap', -4, 'away', [2, 1], 'push'],
      ['handicap', -4, 'home', [3, 1], 'win'],
      // half lines never push
      ['handicap', -6, 'home', [2, 1], 'lose'],
      ['handicap', -6, 'away', [2, 1], 'win'],
      ['handicap', 6, 'home', [0, 1], 'win'],
      // home -1.25 = half on -1, half on -1.5; +1.75 for away mirrors -1.75 home
      ['handicap', -5, 'home', [2, 1], 'half_lose'],
      ['handicap', -7, 'home', [3, 1], 'half_win'],
      ['handicap', -7, 'away', [3, 1], 'half_lose'],
    ]);
  });

  it('totals, whole, half and quarter lines', () => {
    check([
      ['total', 10, 'over', [2, 1], 'win'],
      ['total', 10, 'under', [2, 1], 'lose'],
      ['total', 10, 'under', [1, 1], 'win'],
      ['total', 8, 'over', [1, 1], 'push'],
      ['total', 8, 'under', [1, 1], 'push'],
      // over 2.25 = half on 2, half on 2.5
      ['total', 9, 'over', [2, 0], 'half_lose'],
      ['total', 9, 'under', [2, 0], 'half_win'],
      ['total', 9, 'over', [2, 1], 'win'],
      // over 2.75 = half on 2.5, half on 3
      ['total', 11, 'over', [2, 1], 'half_win'],
      ['total', 11, 'under', [2, 1], 'half_lose'],
      ['total', 11, 'under', [1, 1], 'win'],
      ['total', 1, 'over', [0, 0], 'half_lose'],
      ['total', 1, 'under', [0, 0], 'half_win'],
    ]);
  });

  it('correct score and both teams to score', () => {
    check([
      ['correct_score', undefined, '2-1', [2, 1], 'win'],
      ['correct_score', undefined, '1-2', [2, 1], 'lose'],
      ['correct_score', undefined, 'other', [2, 1], 'lose'],
      ['correct_score', undefined, 'other', [5, 2], 'win'],
      ['correct_score', undefined, '4-4', [4, 4], 'win'],
      ['correct_score', undefined, 'other', [0, 5], 'win'],
      ['btts', undefined, 'yes', [2, 1], 'win'],
      ['btts', undefined, 'no', [2, 1], 'lose'],
      ['btts', undefined, 'yes', [2, 0], 'lose'],
      ['btts', undefined, 'no', [0, 0], 'win'],
    ]);
  });

  it('first half markets settle on the half-time score', () => {
    check(
      [
        ['1x2', undefined, 'draw', [1, 1], 'win'],
        ['handicap', -3, 'home', [1, 0], 'half_win'],
        ['total', 2, 'over', [0, 0], 'lose'],
      ],
      'h1',
    );
    expect(settleSelection({ type: '1x2', period: 'h1' }, 'home', goals(2, 0))).toBe('void');
  });

  it('reads the deciding score for winners and the counted score for lines (tennis sets and games)', () => {
    const tennis: EventResult = { ft: { decided: { home: 2, away: 1 }, counted: { home: 14, away: 15 } } };
    expect(settleSelection({ type: 'winner', period: 'ft' }, 'home', tennis)).toBe('win');
    expect(settleSelection({ type: 'handicap', period: 'ft', line4: -6 }, 'home', tennis)).toBe('lose');
    expect(settleSelection({ type: 'handicap', period: 'ft', line4: 6 }, 'home', tennis)).toBe('win');
    expect(settleSelection({ type: 'total', period: 'ft', line4: 4 * 28 + 2 }, 'over', tennis)).toBe('win');
    // A sabong fight: 1-0 to Meron, 0-0 a draw.
    const draw: EventResult = { ft: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } } };
    expect(settleSelection({ type: 'winner', period: 'ft' }, 'home', draw)).toBe('push');
    expect(settleSelection({ type: 'draw', period: 'ft' }, 'yes', draw)).toBe('win');
  });

  it('voids what it cannot settle', () => {
    const r = goals(1, 0);
    expect(settleSelection({ type: '1x2', period: 'ft' }, 'over', r)).toBe('void');
    expect(settleSelection({ type: 'handicap', period: 'ft' }, 'home', r)).toBe('void');
    expect(settleSelection({ type: '1x2', period: 'ft', line4: 2 }, 'home', r)).toBe('void');
    expect(settleSelection({ type: 'total', period: 'ft', line4: -2 }, 'over', r)).toBe('void');
    expect(settleSelection({ type: 'total', period: 'ft', line4: 2.5 }, 'over', r)).toBe('void');
    expect(settleSelection({ type: 'correct_score', period: 'ft' }, '5-0', r)).toBe('void');
    expect(settleSelection({ type: 'correct_score', period: 'ft' }, '01-0', r)).toBe('void');
  });

  it('offers each market type its keys, and every key settles to something other than void', () => {
    for (const type of MARKET_TYPES) {
      const line4 = type === 'handicap' || type === 'total' ? 10 : undefined;
      for (const key of selectionKeys(type)) {
        expect(settleSelection({ type, period: 'ft', line4 }, key, goals(3, 2))).not.toBe('void');
      }
    }
    expect(selectionKeys('correct_score')).toHaveLength(26);
  });

  it("pays the docs' worked examples (stakes in minor units: 10000 = 100.00)", () => {
    const pay = (type: MarketType, line4: number | undefined, key: string, odds1000: number, score: [number, number]) =>
      payout(10_000, [{ odds1000, outcome: settleSelection({ type, period: 'ft', line4 }, key, goals(...score)) }]);
    expect(pay('handicap', -3, 'home', 1900, [1, 0])).toBe(14_500);
    expect(pay('handicap', -3, 'home', 1900, [2, 0])).toBe(19_000);
    expect(pay('handicap', -3, 'away', 1950, [1, 0])).toBe(5_000);
    expect(pay('handicap', 1, 'home', 1800, [0, 0])).toBe(14_000);
    expect(pay('handicap', -1, 'home', 2050, [0, 0])).toBe(5_000);
    expect(pay('handicap', -4, 'home', 2200, [2, 1])).toBe(10_000);
    expect(pay('total', 9, 'over', 1900, [2, 0])).toBe(5_000);
    expect(pay('total', 11, 'over', 2000, [2, 1])).toBe(15_000);
    expect(pay('total', 11, 'under', 1850, [2, 1])).toBe(5_000);
    expect(pay('total', 10, 'under', 1870, [1, 1])).toBe(18_700);
    expect(pay('1x2', undefined, 'draw', 3400, [1, 1])).toBe(34_000);
    expect(pay('double_chance', undefined, 'home_draw', 1300, [1, 1])).toBe(13_000);
    expect(pay('winner', undefined, 'home', 1650, [0, 0])).toBe(10_000);
    expect(pay('correct_score', undefined, 'other', 41_000, [5, 2])).toBe(410_000);
    expect(pay('btts', undefined, 'yes', 1750, [2, 0])).toBe(0);
  });
});
