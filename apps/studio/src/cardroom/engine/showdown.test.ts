import { describe, expect, it } from 'vitest';
import { orderedDeck } from './cards';
import { act, chipsOnTable, showCards, startHand } from './table';
import { stackedDeck, stackOfSeat, tableWith } from './test-support';
import type { TableState } from './types';

const total = (s: TableState) => chipsOnTable(s) + s.ledger.rake;

describe('showdown with side pots (worked example)', () => {
  it('pays the main pot and each side pot to the best hand that can win it', () => {
    // Button seat 0 (1,000), small blind seat 1 (3,000), big blind seat 2 (6,000), seat 3 (6,000).
    // Dealing starts at seat 1: holes in order seats 1, 2, 3, 0.
    const deck = stackedDeck(['Kh Kd', 'Qh Qd', '7c 2d', 'Ah Ad'], 'As 9c 5d 4h 2s');
    let s = startHand(tableWith([1_000, 3_000, 6_000, 6_000]), deck);
    expect(s.hand!.toAct).toBe(3);
    s = act(s, 3, { type: 'allIn' });
    s = act(s, 0, { type: 'allIn' });
    s = act(s, 1, { type: 'allIn' });
    s = act(s, 2, { type: 'call' }); // 6,000 each for seats 2 and 3
    const result = s.hand!.result!;
    expect(s.hand!.board).toHaveLength(5);
    // Main 4 x 1,000; side 3 x 2,000; side 2 x 3,000. Rake 5% of 16,000 capped at 300, shared
    // 75 / 112.5 / 112.5 rounded down, the leftover chip from the main pot.
    expect(result.pots.map((p) => p.amount)).toEqual([4_000, 6_000, 6_000]);
    expect(result.pots.map((p) => p.eligible)).toEqual([
      [0, 1, 2, 3],
      [1, 2, 3],
      [2, 3],
    ]);
    expect(result.rake).toBe(300);
    expect(result.pots.map((p) => p.rake)).toEqual([76, 112, 112]);
    // Seat 0's aces win the main pot, seat 1's kings the first side pot, seat 2's queens the last.
    expect(result.pots.map((p) => p.winners)).toEqual([
      [{ seat: 0, amount: 3_924 }],
      [{ seat: 1, amount: 5_888 }],
      [{ seat: 2, amount: 5_888 }],
    ]);
    expect([0, 1, 2, 3].map((seat) => stackOfSeat(s, seat))).toEqual([3_924, 5_888, 5_888, 0]);
    expect(total(s)).toBe(16_000);
    // All-in with the board run out: every hand is shown.
    expect(s.hand!.players.every((p) => p.shown)).toBe(true);
  });

  it('returns the uncalled part of a bet before the pots are made', () => {
    const deck = stackedDeck(['Kh Kd', 'Ah Ad'], 'As 9c 5d 4h 2s');
    // Heads-up: button seat 0 is the small blind; dealing starts with the big blind (seat 1).
    let s = startHand(tableWith([5_000, 2_000]), deck);
    s = act(s, 0, { type: 'allIn' });
    s = act(s, 1, { type: 'call' });
    const result = s.hand!.result!;
    expect(s.hand!.events).toContainEqual({ type: 'return', seat: 0, amount: 3_000 });
    expect(result.pots.map((p) => p.amount)).toEqual([4_000]);
    // Seat 1's kings lose to seat 0's aces: 4,000 less 200 rake.
    expect(stackOfSeat(s, 0)).toBe(3_000 + 3_800);
    expect(stackOfSeat(s, 1)).toBe(0);
  });
});

describe('split pots and odd chips', () => {
  it('splits when the board plays and gives the odd chip to the first winner left of the button', () => {
    // Blinds 25/50. Button seat 0, small blind seat 1, big blind seat 2; holes dealt 1, 2, 0.
    const deck = stackedDeck(['3c 2d', '4s 2c', '5h 3d'], 'Ts Jh Qd Kc Ah');
    let s = startHand(tableWith([5_000, 5_000, 5_000], { smallBlind: 25, bigBlind: 50 }), deck);
    s = act(s, 0, { type: 'call' });
    s = act(s, 1, { type: 'fold' });
    s = act(s, 2, { type: 'check' });
    for (let street = 0; street < 3; street++) {
      s = act(s, 2, { type: 'check' });
      s = act(s, 0, { type: 'check' });
    }
    const result = s.hand!.result!;
    expect(result.showdown).toBe(true);
    // Pot 125, rake 6 (5% rounded down), 119 split: seat 2 is first left of the button (seat 1 folded).
    expect(result.rake).toBe(6);
    expect(result.pots[0]!.winners).toEqual([
      { seat: 2, amount: 60 },
      { seat: 0, amount: 59 },
    ]);
    expect(stackOfSeat(s, 1)).toBe(4_975);
    expect(total(s)).toBe(15_000);
  });
});

describe('rake', () => {
  it('is taken once the flop is dealt, even without a showdown, and not when the hand ends before', () => {
    let s = startHand(tableWith([5_000, 5_000, 5_000]), orderedDeck());
    s = act(s, 0, { type: 'raise', to: 1_000 });
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'fold' });
    expect(s.hand!.street).toBe('flop');
    s = act(s, 1, { type: 'bet', to: 500 });
    s = act(s, 0, { type: 'fold' });
    // The uncalled 500 goes back; the pot is 1,000 + 1,000 + 100: 5% of 2,100 = 105.
    expect(s.hand!.result!.rake).toBe(105);
    expect(stackOfSeat(s, 1)).toBe(5_000 - 1_000 + 2_100 - 105);

    let t = startHand(s, orderedDeck());
    // Everyone folds to the big blind: no flop, no rake.
    const first = t.hand!.toAct!;
    t = act(t, first, { type: 'raise', to: 4_000 });
    while (t.hand!.result === null) t = act(t, t.hand!.toAct!, { type: 'fold' });
    expect(t.hand!.result!.rake).toBe(0);
    expect(t.ledger.rake).toBe(105);
    expect(total(t)).toBe(15_000);
  });

  it('is capped per hand', () => {
    const deck = stackedDeck(['Kh Kd', 'Ah Ad'], 'As 9c 5d 4h 2s');
    let s = startHand(tableWith([50_000, 50_000], { rake: { basisPoints: 1_000, cap: 250 } }), deck);
    s = act(s, 0, { type: 'allIn' });
    s = act(s, 1, { type: 'call' });
    expect(s.hand!.result!.rake).toBe(250);
  });
});

describe('muck and show', () => {
  it('the first to show shows, a loser after that mucks, a winner shows; anyone may show after', () => {
    // Button seat 0, small blind 1, big blind 2; holes dealt 1, 2, 0.
    const deck = stackedDeck(['Kh Kd', '7c 2d', 'Ah Ad'], 'Qs 9c 5d 4h 3s');
    let s = startHand(tableWith([5_000, 5_000, 5_000]), deck);
    s = act(s, 0, { type: 'call' });
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'check' });
    for (let street = 0; street < 3; street++) {
      s = act(s, 1, { type: 'check' });
      s = act(s, 2, { type: street === 2 ? 'bet' : 'check', to: 100 });
      if (street === 2) {
        s = act(s, 0, { type: 'call' });
        s = act(s, 1, { type: 'call' });
      } else {
        s = act(s, 0, { type: 'check' });
      }
    }
    const shows = s.hand!.events.filter((e) => e.type === 'show' || e.type === 'muck');
    // Seat 2 bet the river and shows first (and loses), seat 0's aces win, seat 1's kings are mucked.
    expect(shows.map((e) => [e.type, e.seat])).toEqual([
      ['show', 2],
      ['show', 0],
      ['muck', 1],
    ]);
    expect(s.hand!.result!.pots[0]!.winners).toEqual([{ seat: 0, amount: 570 }]);
    expect(() => act(s, 1, { type: 'check' })).toThrow('PVP_HAND_OVER');
    const shown = showCards(s, 1);
    expect(shown.hand!.players.find((p) => p.seat === 1)!.shown).toBe(true);
    expect(shown.hand!.events.at(-1)).toEqual({
      type: 'show',
      seat: 1,
      cards: s.hand!.players.find((p) => p.seat === 1)!.hole,
    });
    expect(showCards(shown, 1)).toBe(shown);
  });

  it('an uncalled winner shows nothing unless choosing to', () => {
    let s = startHand(tableWith([5_000, 5_000]), orderedDeck());
    expect(() => showCards(s, 0)).toThrow('PVP_HAND_NOT_OVER');
    s = act(s, 0, { type: 'fold' });
    expect(s.hand!.result!.showdown).toBe(false);
    expect(s.hand!.players.some((p) => p.shown)).toBe(false);
    expect(showCards(s, 1).hand!.players.find((p) => p.seat === 1)!.shown).toBe(true);
    expect(() => showCards(s, 5)).toThrow('PVP_NOT_IN_HAND');
  });
});
