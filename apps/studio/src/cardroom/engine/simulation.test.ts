// Thousands of hands with random legal (and some refused) actions and random seat changes between
// hands, on seeded tables: chips are conserved exactly after every step, the engine always has a
// player to act or a finished hand, and refused inputs change nothing.
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../kit/fair/rng';
import { dealDeck } from './deck';
import { PvpError } from './errors';
import {
  act,
  chipsOnTable,
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
import { randomCards, seededRng } from './test-support';
import type { Action, TableConfig, TableState } from './types';

interface Stats {
  hands: number;
  actions: number;
  sidePots: number;
  splits: number;
  raked: number;
  noFlop: number;
  timeouts: number;
  refused: number;
  showdowns: number;
  deadSmallBlinds: number;
}

/** A plain assertion for the per-step checks (expect's matchers cost more than the engine here). */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`simulation invariant broken: ${what}`);
}

function conserved(state: TableState): void {
  const { buyIns, topUps, cashOuts, rake } = state.ledger;
  check(chipsOnTable(state) + rake + cashOuts === buyIns + topUps, 'chips are conserved');
  for (const seat of state.seats) if (seat) check(seat.stack >= 0, 'no stack is negative');
}

/** Tries a refused input and checks it changed nothing. */
function expectRefused(state: TableState, run: () => unknown, stats: Stats): void {
  const before = JSON.stringify(state);
  expect(run).toThrow(PvpError);
  expect(JSON.stringify(state)).toBe(before);
  stats.refused++;
}

function randomAction(rng: Rng, state: TableState): Action {
  const legal = legalActions(state);
  const roll = rng.next();
  if (roll < 0.03) return { type: 'timeout' };
  if (roll < 0.15) return { type: 'fold' };
  // Pot-limit refuses an all-in above the pot (PVP_OVER_POT_LIMIT); no-limit's maximum is the stack.
  if (roll < 0.2 && legal.canRaise && legal.maxRaiseTo === legal.allInTo) return { type: 'allIn' };
  if (roll < 0.45 && legal.canRaise) {
    const span = legal.maxRaiseTo - legal.minRaiseTo;
    return { type: 'raise', to: legal.minRaiseTo + rng.int(span + 1) };
  }
  return legal.canCheck ? { type: 'check' } : { type: 'call' };
}

function betweenHands(rng: Rng, state: TableState, nextId: () => string, stats: Stats): TableState {
  let s = state;
  const { minBuyIn, maxBuyIn } = s.config;
  s.seats.forEach((seat, i) => {
    const roll = rng.next();
    if (!seat) {
      if (roll < 0.3)
        s = sitDown(s, { seat: i, playerId: nextId(), buyIn: minBuyIn + rng.int(maxBuyIn - minBuyIn + 1) });
      return;
    }
    if (roll < 0.04) s = leave(s, seat.playerId).state;
    else if (roll < 0.08 && !seat.sittingOut) s = sitOut(s, seat.playerId);
    else if (roll < 0.3 && seat.sittingOut) s = comeBack(s, seat.playerId);
    else if (seat.stack < maxBuyIn && (seat.stack === 0 || roll < 0.12))
      s = topUp(s, seat.playerId, maxBuyIn - seat.stack);
    else if (roll < 0.13) expectRefused(s, () => topUp(s, seat.playerId, maxBuyIn - seat.stack + 1), stats);
  });
  conserved(s);
  return s;
}

function playHand(rng: Rng, state: TableState, stats: Stats, fairDeck: boolean): TableState {
  const plan = nextHandPlan(state);
  if (plan.smallBlindSeat === null) stats.deadSmallBlinds++;
  expect(plan.seats).toContain(plan.bigBlindSeat);
  if (plan.smallBlindSeat !== null) expect(plan.seats).toContain(plan.smallBlindSeat);
  expect(plan.bigBlindSeat).not.toBe(plan.smallBlindSeat);
  if (plan.seats.length === 2) expect(plan.smallBlindSeat).toBe(plan.button);
  const deck = fairDeck
    ? dealDeck({ serverSeed: 'simulation', clientSeeds: plan.seats.map((s) => `seat${s}`), nonce: stats.hands })
    : randomCards(rng, 52);
  let s = startHand(state, deck);
  conserved(s);
  let steps = 0;
  while (s.hand!.result === null) {
    const hand = s.hand!;
    // Never stalled: someone is to act, still in, with chips.
    const player = hand.players.find((p) => p.seat === hand.toAct);
    check(player !== undefined && !player.folded && !player.allIn, 'a player still in is to act');
    if (rng.next() < 0.05) {
      const other = hand.players.find((p) => p.seat !== hand.toAct)!.seat;
      expectRefused(s, () => act(s, other, { type: 'call' }), stats);
    }
    if (rng.next() < 0.05) {
      const legal = legalActions(s);
      const current = s;
      if (legal.canRaise && legal.minRaiseTo < legal.allInTo && legal.minRaiseTo - 1 > hand.currentBet) {
        expectRefused(s, () => act(current, current.hand!.toAct!, { type: 'raise', to: legal.minRaiseTo - 1 }), stats);
      }
      if (legal.canRaise) {
        expectRefused(s, () => act(current, current.hand!.toAct!, { type: 'raise', to: legal.maxRaiseTo + 1 }), stats);
      }
    }
    const action = randomAction(rng, s);
    if (action.type === 'timeout') stats.timeouts++;
    const watched = rng.next() < 0.05 ? JSON.stringify(s) : null;
    const before = s;
    s = act(s, hand.toAct!, action);
    // An accepted action leaves the state it was given as it was.
    if (watched !== null) check(JSON.stringify(before) === watched, 'the previous state is unchanged');
    stats.actions++;
    conserved(s);
    steps++;
    check(steps < 300, 'the hand ends');
  }
  const result = s.hand!.result!;
  const paid = result.pots.reduce((sum, p) => sum + p.winners.reduce((w, x) => w + x.amount, 0), 0);
  expect(paid + result.rake).toBe(result.pots.reduce((sum, p) => sum + p.amount, 0));
  expect(result.rake).toBeLessThanOrEqual(s.config.rake.cap);
  if (!s.hand!.flopSeen) {
    expect(result.rake).toBe(0);
    stats.noFlop++;
  }
  if (result.rake > 0) stats.raked++;
  if (result.pots.length > 1) stats.sidePots++;
  if (result.pots.some((p) => p.winners.length > 1)) stats.splits++;
  if (result.showdown) stats.showdowns++;
  stats.hands++;
  return s;
}

function simulate(config: TableConfig, seed: number, hands: number): Stats {
  const rng = seededRng(seed);
  let id = 0;
  const nextId = () => `p${++id}`;
  const stats: Stats = {
    hands: 0,
    actions: 0,
    sidePots: 0,
    splits: 0,
    raked: 0,
    noFlop: 0,
    timeouts: 0,
    refused: 0,
    showdowns: 0,
    deadSmallBlinds: 0,
  };
  let state = createTable(config);
  for (let i = 0; i < config.seats; i++) {
    state = sitDown(state, {
      seat: i,
      playerId: nextId(),
      buyIn: config.minBuyIn + rng.int(config.maxBuyIn - config.minBuyIn + 1),
    });
  }
  let attempts = 0;
  while (stats.hands < hands && attempts < hands * 3) {
    attempts++;
    if (attempts > 1) state = betweenHands(rng, state, nextId, stats);
    let planned = true;
    try {
      nextHandPlan(state);
    } catch (error) {
      expect((error as PvpError).code).toBe('PVP_NOT_ENOUGH_PLAYERS');
      planned = false;
    }
    if (planned) state = playHand(rng, state, stats, stats.hands % 50 === 0);
  }
  // Everyone leaves: every chip bought in is back out or raked.
  for (const seat of state.seats) if (seat) state = leave(state, seat.playerId).state;
  expect(state.ledger.cashOuts + state.ledger.rake).toBe(state.ledger.buyIns + state.ledger.topUps);
  expect(stats.hands).toBe(hands);
  return stats;
}

const base = { smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, rake: { basisPoints: 500, cap: 300 } };

describe('table simulation', () => {
  it('6 seats, no-limit: 2,000 hands conserve chips and never stall', () => {
    const stats = simulate({ ...base, seats: 6, betting: 'no-limit' }, 1, 2_000);
    expect(stats.sidePots).toBeGreaterThan(50);
    expect(stats.splits).toBeGreaterThan(10);
    expect(stats.raked).toBeGreaterThan(200);
    expect(stats.noFlop).toBeGreaterThan(50);
    expect(stats.timeouts).toBeGreaterThan(50);
    expect(stats.showdowns).toBeGreaterThan(100);
    expect(stats.refused).toBeGreaterThan(100);
    expect(stats.deadSmallBlinds).toBeGreaterThan(0);
  });

  it('9 seats, pot-limit with odd blinds: 1,200 hands conserve chips and never stall', () => {
    const stats = simulate(
      { ...base, smallBlind: 25, bigBlind: 50, seats: 9, betting: 'pot-limit', rake: { basisPoints: 333, cap: 175 } },
      2,
      1_200,
    );
    expect(stats.sidePots).toBeGreaterThan(20);
    expect(stats.raked).toBeGreaterThan(100);
  });

  it('heads-up, no-limit: 2,000 hands conserve chips and never stall', () => {
    const stats = simulate({ ...base, seats: 2, betting: 'no-limit' }, 3, 2_000);
    expect(stats.showdowns).toBeGreaterThan(100);
  });
});
