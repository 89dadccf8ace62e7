import { describe, expect, it } from 'vitest';
import { type Card, parseCard, parseCards } from '../cards';
import { TongitsError } from './errors';
import {
  act,
  canBeDealt,
  chipsOnTable,
  createTongitsTable,
  DEAL_MIN_STAKES,
  leave,
  setSittingOut,
  sitDown,
  startDeal,
  type TongitsTableState,
  topUp,
} from './table';
import { position } from './test-support';

// The Tongits cash table around the one-deal engine: seats and buy-ins, the stack rule, who deals,
// and a finished deal's bills settled against the stacks (capped at a loser's stack) with the rake.

const CONFIG = { stake: 100, minBuyIn: 1_000, maxBuyIn: 5_000, rake: { basisPoints: 500, cap: 20 } };
const deck: Card[] = Array.from({ length: 52 }, (_, i) => i);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof TongitsError) return err.code;
    throw err;
  }
  return 'none';
}

function seated(stacks: [number, number, number]): TongitsTableState {
  let s = createTongitsTable(CONFIG);
  for (let seat = 0; seat < 3; seat++) s = sitDown(s, { seat, playerId: `p${seat}`, buyIn: 1_000 });
  return { ...s, seats: s.seats.map((x, i) => x && { ...x, stack: stacks[i]! }) as TongitsTableState['seats'] };
}

describe('the Tongits cash table', () => {
  it('checks its settings: a minimum buy-in of at least the stakes a deal needs', () => {
    expect(code(() => createTongitsTable({ ...CONFIG, minBuyIn: CONFIG.stake * DEAL_MIN_STAKES - 1 }))).toBe(
      'TONGITS_BAD_CONFIG',
    );
    expect(code(() => createTongitsTable({ ...CONFIG, maxBuyIn: 999 }))).toBe('TONGITS_BAD_CONFIG');
    expect(code(() => createTongitsTable({ ...CONFIG, rake: { basisPoints: 10_001, cap: 0 } }))).toBe(
      'TONGITS_BAD_CONFIG',
    );
  });

  it('seats three players within the buy-in limits, and refuses the rest without a change', () => {
    const s = createTongitsTable(CONFIG);
    expect(code(() => sitDown(s, { seat: 3, playerId: 'a', buyIn: 1_000 }))).toBe('TONGITS_BAD_SEAT');
    expect(code(() => sitDown(s, { seat: 0, playerId: 'a', buyIn: 999 }))).toBe('TONGITS_BUY_IN_RANGE');
    expect(code(() => sitDown(s, { seat: 0, playerId: 'a', buyIn: 5_001 }))).toBe('TONGITS_BUY_IN_RANGE');
    const one = sitDown(s, { seat: 0, playerId: 'a', buyIn: 1_000 });
    expect(code(() => sitDown(one, { seat: 0, playerId: 'b', buyIn: 1_000 }))).toBe('TONGITS_SEAT_TAKEN');
    expect(code(() => sitDown(one, { seat: 1, playerId: 'a', buyIn: 1_000 }))).toBe('TONGITS_ALREADY_SEATED');
    expect(s.seats).toEqual([null, null, null]);
    expect(code(() => topUp(one, 'a', 4_001))).toBe('TONGITS_TOP_UP_OVER_MAX');
    expect(topUp(one, 'a', 4_000).seats[0]?.stack).toBe(5_000);
    expect(code(() => startDeal(one, deck))).toBe('TONGITS_NOT_ENOUGH_PLAYERS');
  });

  it('deals only when all three can be: seated, not sitting out, with the stakes a deal needs', () => {
    const s = seated([1_000, 1_000, 999]);
    expect(canBeDealt(s, 2)).toBe(false);
    expect(code(() => startDeal(s, deck))).toBe('TONGITS_NOT_ENOUGH_PLAYERS');
    const out = setSittingOut(seated([1_000, 1_000, 1_000]), 'p1', true);
    expect(code(() => startDeal(out, deck))).toBe('TONGITS_NOT_ENOUGH_PLAYERS');
    const dealt = startDeal(setSittingOut(out, 'p1', false), deck);
    expect(dealt.deal?.dealer).toBe(0);
    expect(dealt.dealsPlayed).toBe(1);
    expect(code(() => startDeal(dealt, deck))).toBe('TONGITS_DEAL_IN_PROGRESS');
    expect(code(() => leave(dealt, 'p0'))).toBe('TONGITS_IN_DEAL');
  });

  it('settles the bills against the stacks, caps a bill at the loser’s stack and takes the rake', () => {
    // Seat 0 goes out by tongits with an ace laid down: each loser owes 3 stakes (300).
    const base = seated([1_000, 1_000, 1_000]);
    const game = position({ hands: ['As 2s 3s 9d', '7c 3h 4h Kd', 'Qs Qh Jd Tc'], phase: 'play', stake: 100 });
    // Seat 2's stack (200) is below its bill: it pays what it has.
    let s: TongitsTableState = { ...base, deal: game, seats: [...base.seats] as TongitsTableState['seats'] };
    s.seats[2] = { ...s.seats[2]!, stack: 200 };
    const before = chipsOnTable(s);
    s = act(s, 0, { type: 'meld', cards: parseCards('As 2s 3s') });
    s = act(s, 0, { type: 'discard', card: parseCard('9d') });
    expect(s.deal?.result?.transfers).toEqual([600, -300, -300]);
    expect(s.settlement).toEqual({ winner: 0, paid: [0, 300, 200], net: [480, -300, -200], collection: 500, rake: 20 });
    expect(s.seats.map((x) => x?.stack)).toEqual([1_480, 700, 0]);
    expect(chipsOnTable(s) + s.settlement!.rake).toBe(before);
    expect(s.ledger.rake).toBe(20);
    // The winner deals the next deal; the player left short is not dealt in.
    expect(canBeDealt(s, 2)).toBe(false);
    const left = leave(s, 'p0');
    expect(left.cashOut).toBe(1_480);
    expect(left.state.ledger.cashOuts).toBe(1_480);
  });
});
