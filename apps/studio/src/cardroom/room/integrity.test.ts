import type { PvpIntegrityThresholds } from '@gamehall/shared/api/pvp-records';
import { describe, expect, it } from 'vitest';
import type { LegalActions } from '../engine/betting';
import { act, legalActions, nextHandPlan, startHand } from '../engine/table';
import { stackedDeck, tableWith } from '../engine/test-support';
import type { Action, Hand, Street, TableState } from '../engine/types';
import { handsTogether, integrityFlags, type RecordedHand } from './integrity';

// The integrity flags on hands played by the engine itself with hand-built decks and scripted moves
// (blinds 50/100): each flag once where it must appear and once where it must not.

type Policy = (street: Street, legal: LegalActions, hand: Hand) => Action;
const passive: Policy = (_s, l) => (l.canCheck ? { type: 'check' } : { type: 'call' });
const raiseTo = (hand: Hand, to: number): Action => ({ type: hand.currentBet > 0 ? 'raise' : 'bet', to });
const folds: Policy = (_s, l) => (l.canCheck ? { type: 'check' } : { type: 'fold' });

/** Player ids of the seats (member ids as the platform names them). */
const ID = ['101', '102', '103'];

let nextHandId = 1;

/** Plays one hand to its end; `holes` by seat, `board` five cards. */
function play(
  state: TableState,
  holes: Record<number, string>,
  board: string,
  policies: Record<number, Policy>,
  tableId = 't1',
): { state: TableState; hand: RecordedHand } {
  const plan = nextHandPlan(state);
  const i = plan.seats.findIndex((s) => s > plan.button);
  const order = i < 0 ? plan.seats : [...plan.seats.slice(i), ...plan.seats.slice(0, i)];
  const before = plan.seats.map((seat) => ({ seat, stack: state.seats[seat]!.stack }));
  let s = startHand(
    state,
    stackedDeck(
      order.map((seat) => holes[seat]!),
      board,
    ),
  );
  while (s.hand && !s.hand.result) {
    const legal = legalActions(s);
    s = act(s, legal.seat, policies[legal.seat]!(s.hand.street, legal, s.hand));
  }
  const hand: RecordedHand = {
    handId: nextHandId++,
    tableId,
    currency: 'PHP',
    bigBlind: 100,
    players: before.map((b) => ({ seat: b.seat, player: ID[b.seat]!, before: b.stack, after: s.seats[b.seat]!.stack })),
    hand: s.hand!,
  };
  return { state: s, hand };
}

const T: PvpIntegrityThresholds = {
  dumpMinAmount: 10_000,
  dumpMinHands: 4,
  dumpMinSuspiciousPercent: 60,
  dumpBigFoldBigBlinds: 20,
  softMinSharedStreets: 6,
  softMaxSharedAggressionPercent: 10,
  softMinOtherAggressionPercent: 50,
  linkedMinHands: 3,
};

const HOLES = { 0: 'Ah Kh', 1: 'Qs Qd', 2: '7c 2d' };
const BOARD = '3s 8d 9c Jh 4c';

describe('chip dumping', () => {
  it('flags A folding to B after putting 30 big blinds in, hand after hand', () => {
    let state = tableWith([100_000, 100_000]);
    const hands: RecordedHand[] = [];
    // A (seat 0) raises to 3,000 preflop, B re-raises to 9,000, A folds: 3,000 lost each time.
    const a: Policy = (_s, _l, h) => (h.currentBet < 3_000 ? raiseTo(h, 3_000) : { type: 'fold' });
    const b: Policy = (s, l, h) =>
      h.currentBet >= 3_000 && h.currentBet < 9_000 ? raiseTo(h, 9_000) : passive(s, l, h);
    for (let n = 0; n < 6; n++) {
      const r = play(state, HOLES, BOARD, { 0: a, 1: b });
      state = r.state;
      hands.push(r.hand);
    }
    const { chipDumping } = integrityFlags(hands, T);
    expect(chipDumping).toHaveLength(1);
    const flag = chipDumping[0]!;
    expect(flag).toMatchObject({ from: '101', to: '102', hands: 6, lostBack: 0, bigFolds: 6, weakAllIns: 0 });
    expect(flag.lost).toBe(6 * 3_000);
    expect(flag.suspiciousAmount).toBe(flag.lost);
    // The same hands under a higher amount, or a big fold defined as more than A put in, do not flag.
    expect(integrityFlags(hands, { ...T, dumpMinAmount: 18_001 }).chipDumping).toEqual([]);
    expect(integrityFlags(hands, { ...T, dumpBigFoldBigBlinds: 31 }).chipDumping).toEqual([]);
  });

  it('flags A going all-in with no pair to B again and again', () => {
    let state = tableWith([5_000, 100_000]);
    const hands: RecordedHand[] = [];
    const shove: Policy = (s, l, h) => (l.canRaise && h.currentBet < l.allInTo ? { type: 'allIn' } : passive(s, l, h));
    for (let n = 0; n < 4; n++) {
      // A's 7-2 misses the board; B's queens hold.
      const r = play(state, { 0: '7c 2d', 1: 'Qs Qd' }, '3s 8d 9c Jh 4h', { 0: shove, 1: passive });
      state = r.state;
      hands.push(r.hand);
      // A buys back in to the same 5,000 between hands (a top-up, as the room does).
      state = { ...state, seats: state.seats.map((s, i) => (i === 0 && s ? { ...s, stack: 5_000 } : s)) };
      hands[n]!.players[0]!.before = 5_000;
    }
    const { chipDumping } = integrityFlags(hands, { ...T, dumpMinAmount: 15_000 });
    expect(chipDumping).toHaveLength(1);
    expect(chipDumping[0]).toMatchObject({ from: '101', to: '102', hands: 4, weakAllIns: 4, bigFolds: 0 });
  });

  it('does not flag the same losses lost at showdowns with a made hand, nor losses that went both ways', () => {
    let state = tableWith([100_000, 100_000]);
    const hands: RecordedHand[] = [];
    // A calls B's bets down with a pair and loses to B's better pair: honest losses.
    const bettor: Policy = (s, l, h) => (s !== 'preflop' && h.currentBet === 0 ? raiseTo(h, 1_000) : passive(s, l, h));
    for (let n = 0; n < 6; n++) {
      const r = play(state, { 0: '9h 2c', 1: 'Qs Qd' }, '3s 8d 9c Jh 4h', { 0: passive, 1: bettor });
      state = r.state;
      hands.push(r.hand);
    }
    const lost = integrityFlags(hands, { ...T, dumpMinSuspiciousPercent: 0 }).chipDumping;
    expect(lost).toHaveLength(1);
    expect(lost[0]!.suspiciousAmount).toBe(0);
    expect(integrityFlags(hands, T).chipDumping).toEqual([]);

    // Big folds both ways: A to B and B to A in turn. Each lost as much as they won back.
    let both = tableWith([100_000, 100_000]);
    const swaps: RecordedHand[] = [];
    // The same script as the flagged one, with the roles swapped every hand.
    const raiser: Policy = (_s, _l, h) => (h.currentBet < 3_000 ? raiseTo(h, 3_000) : { type: 'fold' });
    const reraiser: Policy = (s, l, h) =>
      h.currentBet >= 3_000 && h.currentBet < 9_000 ? raiseTo(h, 9_000) : passive(s, l, h);
    for (let n = 0; n < 6; n++) {
      const r = play(both, HOLES, BOARD, n % 2 === 0 ? { 0: reraiser, 1: raiser } : { 0: raiser, 1: reraiser });
      both = r.state;
      swaps.push(r.hand);
    }
    const each = integrityFlags(swaps, { ...T, dumpMinHands: 1, dumpMinAmount: 0 }).chipDumping;
    expect(each.map((f) => [f.from, f.lost, f.lostBack]).sort()).toEqual([
      ['101', 9_000, 9_000],
      ['102', 9_000, 9_000],
    ]);
    expect(integrityFlags(swaps, { ...T, dumpMinHands: 1, dumpMinAmount: 1 }).chipDumping).toEqual([]);
  });
});

describe('soft play', () => {
  // A and B (seats 0, 1) check every street down when both are in; each bets at every street against C.
  const aggressiveUnlessPartner =
    (partner: number): Policy =>
    (street, l, hand) => {
      const partnerIn = hand.players.some((p) => p.seat === partner && !p.folded && !p.allIn);
      if (street !== 'preflop' && !partnerIn && hand.currentBet === 0) return raiseTo(hand, 200);
      return passive(street, l, hand);
    };

  function session(softly: boolean): RecordedHand[] {
    let state = tableWith([100_000, 100_000, 100_000]);
    const hands: RecordedHand[] = [];
    for (let n = 0; n < 8; n++) {
      // Every other hand C folds preflop (A and B alone), else B folds preflop (A against C) or A does.
      const cFolds = n % 2 === 0;
      const who = n % 4 === 1 ? 1 : 0;
      const policies: Record<number, Policy> = {
        0: aggressiveUnlessPartner(softly ? 1 : -1),
        1: aggressiveUnlessPartner(softly ? 0 : -1),
        2: cFolds ? folds : passive,
      };
      if (!cFolds) policies[who] = folds;
      const r = play(state, HOLES, BOARD, policies);
      state = r.state;
      hands.push(r.hand);
    }
    return hands;
  }

  it('flags two members who never bet into each other but bet against others', () => {
    const { softPlay } = integrityFlags(session(true), T);
    expect(softPlay).toHaveLength(1);
    expect(softPlay[0]).toMatchObject({ a: '101', b: '102', sharedAggressive: 0 });
    expect(softPlay[0]!.sharedStreets).toBeGreaterThanOrEqual(6);
    expect(softPlay[0]!.otherAggressive / softPlay[0]!.otherStreets).toBeGreaterThanOrEqual(0.5);
  });

  it('does not flag the same two when they bet into each other as into others', () => {
    expect(integrityFlags(session(false), T).softPlay).toEqual([]);
  });

  /** The hand as if played at another table and stake level (the next hand ids, in order). */
  const at =
    (tableId: string, bigBlind: number, currency = 'PHP') =>
    (h: RecordedHand) => ({
      ...h,
      handId: nextHandId++,
      tableId,
      bigBlind,
      currency,
    });
  /** Neither A nor B (seats 0, 1) folded: they played the hand against each other. */
  const together = (h: RecordedHand) => h.hand.players.every((p) => p.seat === 2 || !p.folded);

  /** A and B each check down against C, the other folding preflop: passive streets without the other. */
  function passiveAgainstC(count: number): RecordedHand[] {
    let state = tableWith([100_000, 100_000, 100_000]);
    const hands: RecordedHand[] = [];
    for (let n = 0; n < count; n++) {
      const r = play(
        state,
        HOLES,
        BOARD,
        n % 2 === 0 ? { 0: passive, 1: folds, 2: passive } : { 0: folds, 1: passive, 2: passive },
      );
      state = r.state;
      hands.push(r.hand);
    }
    return hands;
  }

  it('compares the pair with their play against others at the same stake level only', () => {
    // Passive together at one 50/100 table, betting against C only at a 500/1,000 table: nothing at
    // their shared stake shows them playing differently against others, so no flag.
    const hands = session(true);
    const split = [
      ...hands.filter(together).map(at('low', 100)),
      ...hands.filter((h) => !together(h)).map(at('high', 1_000)),
    ];
    expect(new Set(split.map((h) => h.tableId))).toEqual(new Set(['low', 'high']));
    expect(integrityFlags(split, T).softPlay).toEqual([]);
    // The same streets at one stake level flag.
    const one = integrityFlags(hands.map(at('low', 100)), T).softPlay;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ currency: 'PHP', bigBlind: 100, tables: ['low'] });
    // One big blind in another currency is another stake level too.
    const currencies = [
      ...hands.filter(together).map(at('low', 100)),
      ...hands.filter((h) => !together(h)).map(at('usd', 100, 'USD')),
    ];
    expect(integrityFlags(currencies, T).softPlay).toEqual([]);
  });

  it('flags the pair at the stake where they hold back even when they play passively at another', () => {
    // Soft together and betting against C at 50/100; checking down against C at 500/1,000, which
    // pooled with the rest brings their aggression against others under the threshold.
    const soft = session(true).map(at('low', 100));
    const quiet = passiveAgainstC(6).map(at('high', 1_000));
    const { softPlay } = integrityFlags([...soft, ...quiet], T);
    expect(softPlay).toHaveLength(1);
    expect(softPlay[0]).toMatchObject({
      a: '101',
      b: '102',
      currency: 'PHP',
      bigBlind: 100,
      tables: ['low'],
      sharedAggressive: 0,
      firstHandId: soft.find(together)!.handId,
      lastHandId: soft.filter(together).at(-1)!.handId,
    });
    // Against others they bet on every street at this stake.
    expect(softPlay[0]!.otherStreets).toBeGreaterThan(0);
    expect(softPlay[0]!.otherAggressive).toBe(softPlay[0]!.otherStreets);
    // At 500/1,000 they never played each other: nothing there to flag.
    expect(softPlay[0]!.handIds.every((id) => soft.some((h) => h.handId === id))).toBe(true);
  });
});

describe('players dealt in together', () => {
  /** A hand seen only by who was dealt in: the seats' players at a table (the deal itself is not read). */
  const dealt = (handId: number, tableId: string, players: string[]): RecordedHand => ({
    handId,
    tableId,
    currency: 'PHP',
    bigBlind: 100,
    players: players.map((player, seat) => ({ seat, player, before: 10_000, after: 10_000 })),
    hand: {} as Hand,
  });

  it('counts the hands each pair was dealt into together, at every table, with their ids', () => {
    const hands = [
      dealt(3, 't2', ['102', '101']),
      dealt(1, 't1', ['101', '102', '103']),
      dealt(2, 't1', ['101', '103']),
      dealt(4, 't1', ['101', '102']),
      dealt(5, 't3', ['104', '103']),
    ];
    expect(handsTogether(hands, 2)).toEqual([
      { a: '101', b: '102', hands: 3, tables: ['t1', 't2'], handIds: [1, 3, 4], firstHandId: 1, lastHandId: 4 },
      { a: '101', b: '103', hands: 2, tables: ['t1'], handIds: [1, 2], firstHandId: 1, lastHandId: 2 },
    ]);
    // Under the threshold a pair is not answered: 102 and 103 shared one hand, 103 and 104 one.
    expect(handsTogether(hands, 4)).toEqual([]);
    expect(handsTogether(hands, 1).map((p) => `${p.a}+${p.b}`)).toEqual(['101+102', '101+103', '102+103', '103+104']);
  });

  it('orders the pair by member id as numbers and keeps the first 50 hand ids of a busy pair', () => {
    const hands = Array.from({ length: 60 }, (_, i) => dealt(i + 1, 't1', ['1000', '999']));
    const [pair] = handsTogether(hands, 20);
    expect(pair).toMatchObject({ a: '999', b: '1000', hands: 60, firstHandId: 1, lastHandId: 60 });
    expect(pair!.handIds).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('is part of the report, under its threshold, from the hands the engine played', () => {
    let state = tableWith([100_000, 100_000]);
    const hands: RecordedHand[] = [];
    for (let n = 0; n < 3; n++) {
      const r = play(state, HOLES, BOARD, { 0: passive, 1: passive });
      state = r.state;
      hands.push(r.hand);
    }
    expect(integrityFlags(hands, T).together).toEqual([
      expect.objectContaining({ a: '101', b: '102', hands: 3, handIds: hands.map((h) => h.handId) }),
    ]);
    expect(integrityFlags(hands, { ...T, linkedMinHands: 4 }).together).toEqual([]);
  });
});
