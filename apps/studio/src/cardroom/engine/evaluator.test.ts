import { describe, expect, it } from 'vitest';
import { type Card, parseCards } from './cards';
import { evaluate } from './evaluator';
import { categoryOf, ranksOf } from './hand-rank';
import { fiveCardSubsets, referenceEvaluate, referenceFiveCardScore } from './reference-evaluator';
import { randomCards, seededRng } from './test-support';

const best = (text: string) => evaluate(parseCards(text));
const R = {
  two: 0,
  three: 1,
  four: 2,
  five: 3,
  six: 4,
  seven: 5,
  eight: 6,
  nine: 7,
  ten: 8,
  jack: 9,
  queen: 10,
  king: 11,
  ace: 12,
};

describe('fast evaluator against the enumeration evaluator', () => {
  // Fewer 7-card hands: the reference scores 21 subsets of each.
  for (const [size, hands] of [
    [5, 40_000],
    [6, 40_000],
    [7, 30_000],
  ] as const) {
    it(`gives the same score on ${hands.toLocaleString('en-US')} seeded random ${size}-card hands`, () => {
      const rng = seededRng(7000 + size);
      const seen = new Set<string>();
      for (let i = 0; i < hands; i++) {
        const cards = randomCards(rng, size);
        const fast = evaluate(cards);
        const reference = referenceEvaluate(cards);
        if (fast !== reference) expect({ cards, fast, reference }).toEqual({ cards, fast: reference, reference });
        seen.add(categoryOf(fast));
      }
      // Random hands reach most categories; the rare ones are covered by the tests below.
      expect(seen.size).toBeGreaterThanOrEqual(size === 5 ? 7 : 8);
    });
  }

  it('orders random pairs of 7-card hands the same way', () => {
    const rng = seededRng(99);
    for (let i = 0; i < 8_000; i++) {
      const cards = randomCards(rng, 9);
      const a: Card[] = [cards[0]!, cards[1]!, ...cards.slice(4)];
      const b: Card[] = [cards[2]!, cards[3]!, ...cards.slice(4)];
      expect(Math.sign(evaluate(a) - evaluate(b))).toBe(Math.sign(referenceEvaluate(a) - referenceEvaluate(b)));
    }
  });

  it('counts every category of all 2,598,960 five-card hands as the textbook does', () => {
    const counts = new Map<string, number>();
    const cards = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              cards[0] = a;
              cards[1] = b;
              cards[2] = c;
              cards[3] = d;
              cards[4] = e;
              const category = categoryOf(evaluate(cards));
              counts.set(category, (counts.get(category) ?? 0) + 1);
            }
    expect(Object.fromEntries(counts)).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      pair: 1098240,
      'high-card': 1302540,
    });
  });

  it('the reference takes all 21 subsets of seven cards', () => {
    expect(fiveCardSubsets(parseCards('As Ks Qs Js Ts 9s 8s'))).toHaveLength(21);
    expect(referenceFiveCardScore(parseCards('5d 4c 3h 2s Ad'))).toBe(best('5d 4c 3h 2s Ad'));
  });
});

describe('worked examples', () => {
  it('the wheel: the ace plays low and the five is the high card', () => {
    const wheel = best('Ah 2d 3c 4s 5h Kd Kc');
    expect(categoryOf(wheel)).toBe('straight');
    expect(ranksOf(wheel)[0]).toBe(R.five);
    // A six-high straight beats the wheel; the wheel beats three kings.
    expect(best('2d 3c 4s 5h 6c Kd Kc')).toBeGreaterThan(wheel);
    expect(wheel).toBeGreaterThan(best('Kh 2d 3c 4s 9h Kd Kc'));
  });

  it('the steel wheel is a straight flush, the lowest one', () => {
    const steel = best('As 2s 3s 4s 5s Ad Ac');
    expect(categoryOf(steel)).toBe('straight-flush');
    expect(ranksOf(steel)[0]).toBe(R.five);
    expect(best('2s 3s 4s 5s 6s Ad Ac')).toBeGreaterThan(steel);
    // It beats four aces.
    expect(steel).toBeGreaterThan(best('Ah Ad Ac As 9s 2c 3d'));
    expect(best('As Ks Qs Js Ts 2c 3d')).toBeGreaterThan(best('Ks Qs Js Ts 9s 2c 3d'));
  });

  it('two pairs: the best two of three pairs, then the kicker decides', () => {
    const board = 'Kd Kc 7h 7s 2d';
    const aceKicker = best(`Ac 3c ${board}`);
    const queenKicker = best(`Qc 3d ${board}`);
    expect(categoryOf(aceKicker)).toBe('two-pair');
    expect(ranksOf(aceKicker)).toEqual([R.king, R.seven, R.ace, 0, 0]);
    expect(aceKicker).toBeGreaterThan(queenKicker);
    // A third pair does not count; its rank can be the kicker.
    const threePairs = best('Kd Kc 7h 7s 5d 5c 3h');
    expect(ranksOf(threePairs)).toEqual([R.king, R.seven, R.five, 0, 0]);
    expect(best('Kd Kc 7h 7s 5d 5c Qh')).toBeGreaterThan(threePairs);
  });

  it('the board plays: both players hold only the board and split', () => {
    const board = 'Ts Jh Qd Kc Ah';
    expect(best(`2c 3d ${board}`)).toBe(best(`4h 9s ${board}`));
    expect(categoryOf(best(`2c 3d ${board}`))).toBe('straight');
    // A flush on board: a player with a higher card of the suit beats it, one without splits.
    const flushBoard = '2h 6h 9h Jh Kh';
    expect(best(`Ah 3c ${flushBoard}`)).toBeGreaterThan(best(`Qs Qc ${flushBoard}`));
    expect(best(`Qs Qc ${flushBoard}`)).toBe(best(`3s 3c ${flushBoard}`));
  });

  it('splits on equal five cards, whatever the sixth and seventh', () => {
    const board = 'As Ad 9c 8d 7s';
    // Both hold a king: aces, K 9 8 are the same five cards; the lower second card does not play.
    expect(best(`Kh 2c ${board}`)).toBe(best(`Kc 3h ${board}`));
    expect(best(`Kh Qc ${board}`)).toBeGreaterThan(best(`Kc 3h ${board}`));
  });

  it('ranks full houses by the trips first and picks the best pair from two trips', () => {
    const twoTrips = best('9s 9d 9c 4h 4d 4s 2c');
    expect(categoryOf(twoTrips)).toBe('full-house');
    expect(ranksOf(twoTrips)).toEqual([R.nine, R.four, 0, 0, 0]);
    expect(best('Ts Td Tc 2h 2d 5s 6c')).toBeGreaterThan(twoTrips);
  });

  it('quads take the best kicker, even from a pair', () => {
    expect(ranksOf(best('7s 7d 7c 7h Qd Qs 2c'))).toEqual([R.seven, R.queen, 0, 0, 0]);
  });
});
