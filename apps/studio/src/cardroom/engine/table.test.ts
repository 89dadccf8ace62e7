import { describe, expect, it } from 'vitest';
import { orderedDeck } from './cards';
import { PvpError, type PvpErrorCode } from './errors';
import {
  act,
  comeBack,
  createTable,
  leave,
  legalActions,
  nextHandPlan,
  sitDown,
  sitOut,
  startHand,
  topUp,
} from './table';
import { tableWith } from './test-support';
import type { TableState } from './types';

const deck = orderedDeck();

function refused(state: TableState, run: (s: TableState) => unknown, code: PvpErrorCode): void {
  const before = JSON.stringify(state);
  try {
    run(state);
    expect.unreachable(`expected ${code}`);
  } catch (error) {
    expect(error).toBeInstanceOf(PvpError);
    expect((error as PvpError).code).toBe(code);
  }
  expect(JSON.stringify(state)).toBe(before);
}

/** Plays a hand to its end by folding to the big blind. */
function foldAround(state: TableState): TableState {
  let s = startHand(state, deck);
  while (s.hand!.result === null) s = act(s, s.hand!.toAct!, { type: 'fold' });
  return s;
}

const positions = (s: TableState) => {
  const plan = nextHandPlan(s);
  return { button: plan.button, small: plan.smallBlindSeat, big: plan.bigBlindSeat, seats: plan.seats };
};

describe('table set-up', () => {
  it('refuses a bad configuration', () => {
    const good = {
      seats: 6,
      betting: 'no-limit' as const,
      smallBlind: 50,
      bigBlind: 100,
      minBuyIn: 2_000,
      maxBuyIn: 10_000,
      rake: { basisPoints: 500, cap: 300 },
    };
    expect(createTable(good).seats).toHaveLength(6);
    for (const bad of [
      { seats: 1 },
      { seats: 10 },
      { betting: 'fixed-limit' },
      { smallBlind: 150 },
      { bigBlind: 0.5 },
      { minBuyIn: 50 },
      { maxBuyIn: 1_000 },
      { rake: { basisPoints: -1, cap: 300 } },
      { rake: { basisPoints: 500, cap: 1.5 } },
    ]) {
      expect(() => createTable({ ...good, ...bad } as typeof good)).toThrow('PVP_BAD_CONFIG');
    }
  });
});

describe('seats and money', () => {
  const empty = () => tableWith([], { seats: 6, minBuyIn: 2_000, maxBuyIn: 10_000 });

  it('sits a player down with a buy-in within the limits', () => {
    const s = sitDown(empty(), { seat: 3, playerId: 'ann', buyIn: 5_000 });
    expect(s.seats[3]).toEqual({ playerId: 'ann', stack: 5_000, sittingOut: false, waitingForBigBlind: false });
    expect(s.ledger.buyIns).toBe(5_000);
    refused(s, (t) => sitDown(t, { seat: 3, playerId: 'bob', buyIn: 5_000 }), 'PVP_SEAT_TAKEN');
    refused(s, (t) => sitDown(t, { seat: 4, playerId: 'ann', buyIn: 5_000 }), 'PVP_ALREADY_SEATED');
    refused(s, (t) => sitDown(t, { seat: 6, playerId: 'bob', buyIn: 5_000 }), 'PVP_BAD_SEAT');
    refused(s, (t) => sitDown(t, { seat: 4, playerId: 'bob', buyIn: 1_999 }), 'PVP_BUY_IN_RANGE');
    refused(s, (t) => sitDown(t, { seat: 4, playerId: 'bob', buyIn: 10_001 }), 'PVP_BUY_IN_RANGE');
    refused(s, (t) => sitDown(t, { seat: 4, playerId: 'bob', buyIn: 2_500.5 }), 'PVP_BUY_IN_RANGE');
  });

  it('tops up between hands up to the maximum buy-in, and not during a hand', () => {
    let s = tableWith([4_000, 4_000, 4_000], { minBuyIn: 2_000, maxBuyIn: 10_000 });
    s = topUp(s, 'p1', 6_000);
    expect(s.seats[1]!.stack).toBe(10_000);
    expect(s.ledger.topUps).toBe(6_000);
    refused(s, (t) => topUp(t, 'p0', 6_001), 'PVP_TOP_UP_OVER_MAX');
    refused(s, (t) => topUp(t, 'p0', 0), 'PVP_BAD_AMOUNT');
    refused(s, (t) => topUp(t, 'nobody', 100), 'PVP_NOT_SEATED');
    const live = startHand(s, deck);
    refused(live, (t) => topUp(t, 'p0', 100), 'PVP_IN_HAND');
  });

  it('leaves with the whole stack, but not from a hand in progress', () => {
    let s = startHand(tableWith([4_000, 4_000, 4_000]), deck);
    refused(s, (t) => leave(t, 'p0'), 'PVP_IN_HAND');
    s = act(s, 0, { type: 'fold' });
    // Folded but the hand goes on: still refused, the seat leaves when the hand is over.
    refused(s, (t) => leave(t, 'p0'), 'PVP_IN_HAND');
    s = act(s, 1, { type: 'fold' });
    const out = leave(s, 'p2');
    expect(out.cashOut).toBe(4_050);
    expect(out.state.seats[2]).toBeNull();
    expect(out.state.ledger.cashOuts).toBe(4_050);
  });

  it('a player sitting out is not dealt in; back, they wait for the big blind', () => {
    let s = tableWith([4_000, 4_000, 4_000, 4_000]);
    s = foldAround(s); // button 0, small blind 1, big blind 2
    s = sitOut(s, 'p3');
    expect(positions(s)).toEqual({ button: 1, small: 2, big: 0, seats: [0, 1, 2] });
    refused(s, (t) => comeBack(t, 'p0'), 'PVP_NOT_SITTING_OUT');
    s = foldAround(s); // button 1, small blind 2, big blind 0
    s = comeBack(s, 'p3');
    expect(s.seats[3]!.waitingForBigBlind).toBe(true);
    // The big blind moves on from seat 0 to seat 1, then to seat 2; seat 3 waits.
    expect(positions(s)).toEqual({ button: 2, small: 0, big: 1, seats: [0, 1, 2] });
    s = foldAround(s);
    expect(positions(s)).toEqual({ button: 0, small: 1, big: 2, seats: [0, 1, 2] });
    s = foldAround(s);
    // Now the big blind reaches seat 3, who is dealt in.
    expect(positions(s)).toEqual({ button: 1, small: 2, big: 3, seats: [0, 1, 2, 3] });
    s = foldAround(s);
    expect(s.seats[3]!.waitingForBigBlind).toBe(false);
  });

  it('a player who joins a running table waits for the big blind, unless that leaves no game', () => {
    let s = foldAround(tableWith([4_000, 4_000, 0, 0, 0, 0]));
    s = sitDown(s, { seat: 4, playerId: 'new', buyIn: 4_000 });
    expect(s.seats[4]!.waitingForBigBlind).toBe(true);
    // Heads-up last hand: button 0, big blind 1. The next big blind is seat 4.
    expect(positions(s)).toEqual({ button: 0, small: 1, big: 4, seats: [0, 1, 4] });
    refused(tableWith([4_000, 0, 0]), (t) => startHand(t, deck), 'PVP_NOT_ENOUGH_PLAYERS');
    // Last hand's big blind was seat 2; two players leave and a new one takes seat 2. The big blind
    // goes to seat 1 and the newcomer is dealt in at once, since waiting would leave one player.
    let t = foldAround(tableWith([4_000, 4_000, 4_000]));
    t = leave(leave(t, 'p0').state, 'p2').state;
    t = sitDown(t, { seat: 2, playerId: 'x', buyIn: 4_000 });
    expect(t.seats[2]!.waitingForBigBlind).toBe(true);
    expect(positions(t)).toEqual({ button: 2, small: 2, big: 1, seats: [1, 2] });
  });
});

describe('button and blinds', () => {
  it('moves the big blind one player a hand and the button behind it', () => {
    let s = tableWith([4_000, 4_000, 4_000, 4_000]);
    expect(positions(s)).toEqual({ button: 0, small: 1, big: 2, seats: [0, 1, 2, 3] });
    s = foldAround(s);
    expect(positions(s)).toEqual({ button: 1, small: 2, big: 3, seats: [0, 1, 2, 3] });
    s = foldAround(s);
    expect(positions(s)).toEqual({ button: 2, small: 3, big: 0, seats: [0, 1, 2, 3] });
  });

  it('the small blind is dead when its player left (dead button rule)', () => {
    let s = foldAround(foldAround(tableWith([4_000, 4_000, 4_000, 4_000, 4_000])));
    // Last hand: button 1, small blind 2, big blind 3. The big blind's player leaves.
    s = leave(s, 'p3').state;
    const next = startHand(s, deck);
    expect([next.hand!.button, next.hand!.smallBlindSeat, next.hand!.bigBlindSeat]).toEqual([2, null, 4]);
    expect(next.hand!.events.filter((e) => e.type === 'blind')).toEqual([
      { type: 'blind', seat: 4, blind: 'big', amount: 100, allIn: false },
    ]);
    // First to act is left of the big blind.
    expect(next.hand!.toAct).toBe(0);
  });

  it('the button stays on an empty seat when the small blind left (dead button)', () => {
    let s = foldAround(foldAround(tableWith([4_000, 4_000, 4_000, 4_000, 4_000])));
    s = leave(s, 'p2').state;
    expect(positions(s)).toEqual({ button: 2, small: 3, big: 4, seats: [0, 1, 3, 4] });
    s = foldAround(s);
    // After the flop the first to act is the first player left of the (empty) button seat.
    let t = startHand(s, deck);
    expect([t.hand!.button, t.hand!.smallBlindSeat, t.hand!.bigBlindSeat]).toEqual([3, 4, 0]);
    while (t.hand!.street === 'preflop') t = act(t, t.hand!.toAct!, { type: t.hand!.toAct === 0 ? 'check' : 'call' });
    expect(t.hand!.toAct).toBe(4);
  });

  it('heads-up the button posts the small blind, acts first before the flop and last after', () => {
    let s = startHand(tableWith([4_000, 4_000]), deck);
    expect([s.hand!.button, s.hand!.smallBlindSeat, s.hand!.bigBlindSeat, s.hand!.toAct]).toEqual([0, 0, 1, 0]);
    s = act(s, 0, { type: 'call' });
    s = act(s, 1, { type: 'check' });
    expect(s.hand!.toAct).toBe(1);
    // Going heads-up from three, the big blind still moves on: nobody posts it twice in a row.
    let t = foldAround(tableWith([4_000, 4_000, 4_000])); // button 0, small 1, big 2
    t = leave(t, 'p1').state;
    expect(positions(t)).toEqual({ button: 2, small: 2, big: 0, seats: [0, 2] });
  });

  it('a player short of the blind posts what they have and is all-in; the others still call it in full', () => {
    // Seat 1 posts the small blind and folds (50 left), then is the button, then the big blind.
    let s = foldAround(foldAround(tableWith([4_000, 100, 4_000])));
    expect(s.seats[1]!.stack).toBe(50);
    s = startHand(s, deck);
    expect(s.hand!.events.filter((e) => e.type === 'blind')).toEqual([
      { type: 'blind', seat: 0, blind: 'small', amount: 50, allIn: false },
      { type: 'blind', seat: 1, blind: 'big', amount: 50, allIn: true },
    ]);
    expect(legalActions(s)).toMatchObject({ seat: 2, callAmount: 100, minRaiseTo: 200 });
  });

  it('refuses a second hand while one is in progress, and a bad deck', () => {
    const s = startHand(tableWith([4_000, 4_000]), deck);
    refused(s, (t) => startHand(t, deck), 'PVP_HAND_IN_PROGRESS');
    refused(tableWith([4_000, 4_000]), (t) => startHand(t, [...deck.slice(1), 0].fill(3, 0, 2)), 'PVP_BAD_DECK');
    refused(tableWith([4_000, 4_000]), (t) => startHand(t, deck.slice(1)), 'PVP_BAD_DECK');
  });
});
