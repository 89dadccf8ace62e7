import { describe, expect, it } from 'vitest';
import { bustPlaces, checkTournament, levelAt, prizeTable } from './sng-rules';

// A sit-and-go's arithmetic against examples worked by hand (amounts in minor units, shares in basis points).

describe('prize table', () => {
  it('splits 9 × 10.00 by 50/30/20 exactly', () => {
    // Pool 90.00: 45.00, 27.00, 18.00.
    expect(prizeTable(9 * 1_000, [5_000, 3_000, 2_000])).toEqual([4_500, 2_700, 1_800]);
  });

  it('gives the cent the floors leave to first place: 6 × 3.33 by 65/35', () => {
    // Pool 19.98: 65% = 12.987 -> 12.98, 35% = 6.993 -> 6.99; 19.97 paid, the cent left to first: 12.99.
    expect(prizeTable(6 * 333, [6_500, 3_500])).toEqual([1_299, 699]);
  });

  it('handles odd cents over three places: 3 × 3.33 by 50/30/20', () => {
    // Pool 9.99: 4.995 -> 4.99, 2.997 -> 2.99, 1.998 -> 1.99 = 9.97; two cents left go to first: 5.01.
    expect(prizeTable(999, [5_000, 3_000, 2_000])).toEqual([501, 299, 199]);
    // Pool 0.07 by 33.34/33.33/33.33: 2, 2, 2 and the last cent to first.
    expect(prizeTable(7, [3_334, 3_333, 3_333])).toEqual([3, 2, 2]);
  });

  it('pays the whole pool to the winner heads-up, and always adds up to the pool', () => {
    expect(prizeTable(2 * 500, [10_000])).toEqual([1_000]);
    for (const pool of [1, 99, 1_001, 123_457, 9 * 99_999]) {
      for (const shares of [[10_000], [6_500, 3_500], [5_000, 3_000, 2_000], [4_000, 3_000, 2_000, 1_000]]) {
        const prizes = prizeTable(pool, shares);
        expect(prizes.reduce((a, b) => a + b, 0)).toBe(pool);
      }
    }
  });

  it('keeps fees + prizes equal to what the wallet took', () => {
    const seats = 6;
    const buyIn = 333;
    const fee = 33;
    const prizes = prizeTable(seats * buyIn, [6_500, 3_500]);
    expect(seats * fee + prizes.reduce((a, b) => a + b, 0)).toBe(seats * (buyIn + fee));
  });
});

describe('places of players knocked out', () => {
  const prizes = [4_500, 2_700, 1_800];

  it('puts the bigger stack at the hand’s start above the smaller', () => {
    expect(
      bustPlaces(
        [
          { seat: 1, startStack: 500 },
          { seat: 4, startStack: 800 },
        ],
        3,
        prizes,
      ),
    ).toEqual([
      { seat: 4, place: 4, prize: 0 },
      { seat: 1, place: 5, prize: 0 },
    ]);
    expect(bustPlaces([{ seat: 2, startStack: 900 }], 2, prizes)).toEqual([{ seat: 2, place: 3, prize: 1_800 }]);
  });

  it('shares the places and their prizes between equal stacks, odd cents to the first in order', () => {
    // Second and third together: 27.00 + 18.00 = 45.00, 22.50 each, both second.
    expect(
      bustPlaces(
        [
          { seat: 0, startStack: 700 },
          { seat: 5, startStack: 700 },
        ],
        1,
        prizes,
      ),
    ).toEqual([
      { seat: 0, place: 2, prize: 2_250 },
      { seat: 5, place: 2, prize: 2_250 },
    ]);
    expect(
      bustPlaces(
        [
          { seat: 5, startStack: 700 },
          { seat: 0, startStack: 700 },
        ],
        1,
        [4_500, 2_701, 1_800],
      ),
    ).toEqual([
      { seat: 5, place: 2, prize: 2_251 },
      { seat: 0, place: 2, prize: 2_250 },
    ]);
  });
});

describe('blind levels', () => {
  const levels = [
    { smallBlind: 10, bigBlind: 20, minutes: 2 },
    { smallBlind: 20, bigBlind: 40, minutes: 3 },
    { smallBlind: 50, bigBlind: 100, minutes: 2 },
  ];

  it('rises on the clock and stays at the last level', () => {
    expect(levelAt(levels, 0)).toEqual({ index: 0, level: levels[0], endsAfterMs: 120_000 });
    expect(levelAt(levels, 119_999).index).toBe(0);
    expect(levelAt(levels, 120_000)).toEqual({ index: 1, level: levels[1], endsAfterMs: 300_000 });
    expect(levelAt(levels, 300_000)).toEqual({ index: 2, level: levels[2], endsAfterMs: null });
    expect(levelAt(levels, 36_000_000).index).toBe(2);
  });
});

describe('a definition', () => {
  it('keeps a good one and names every bad field', () => {
    const good = {
      id: 'sng-6',
      name: ' Six ',
      seats: 6,
      buyIn: 333,
      fee: 33,
      startingChips: 1_500,
      levels: [{ smallBlind: 10, bigBlind: 20, minutes: 5 }],
      shares: [6_500, 3_500],
      currency: 'PHP',
      extra: true,
    };
    expect(checkTournament(good)).toEqual({ ...good, name: 'Six', extra: undefined });
    const fieldsOf = (input: unknown) => {
      try {
        checkTournament(input);
      } catch (err) {
        return (err as { code: string; detail: { fields: string[] } }).detail.fields;
      }
      throw new Error('not refused');
    };
    expect(fieldsOf(null)).toEqual([
      'id',
      'name',
      'seats',
      'buyIn',
      'fee',
      'levels',
      'startingChips',
      'shares',
      'currency',
    ]);
    expect(fieldsOf({ ...good, shares: [3_500, 6_500], levels: 'x' })).toEqual(['levels', 'shares']);
  });
});
