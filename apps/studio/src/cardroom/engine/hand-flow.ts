// A hand from the deal to the payout: blinds, hole cards, who acts next, the streets, running the
// board out when no more betting can happen, and the showdown. Functions here change the state they
// are given; table.ts hands them a copy.
import { type Card, DECK_SIZE } from './cards';
import { refuse } from './errors';
import { evaluate } from './evaluator';
import { clockwise, type HandPlan, nextSeat } from './positions';
import { buildPots, contributionsOf, rakePots, splitPot, uncalledBet } from './pots';
import type { Hand, HandPlayer, HandResult, PotResult, Street, TableState } from './types';

function checkDeck(deck: readonly Card[]): void {
  if (deck.length !== DECK_SIZE) refuse('PVP_BAD_DECK');
  const seen = new Set<number>();
  for (const card of deck) {
    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE || seen.has(card)) refuse('PVP_BAD_DECK');
    seen.add(card);
  }
}

/** Seats of `players` in clockwise order starting after `from`. */
function orderAfter<P extends { seat: number }>(players: readonly P[], from: number, seatCount: number): P[] {
  return [...players].sort(
    (a, b) => (clockwise(from, a.seat, seatCount) || seatCount) - (clockwise(from, b.seat, seatCount) || seatCount),
  );
}

/**
 * The hole cards a deck gives each seat dealt in: one card at a time around the table, starting left
 * of the button (what dealHand deals, and what the public verifier shows).
 */
export function holeCards<C>(
  deck: readonly C[],
  seats: readonly number[],
  button: number,
  seatCount: number,
): Map<number, [C, C]> {
  const order = orderAfter(
    seats.map((seat) => ({ seat })),
    button,
    seatCount,
  );
  return new Map(order.map((p, i) => [p.seat, [deck[i]!, deck[i + order.length]!]]));
}

/** The five board cards a deck gives a hand of `players` players (flop, turn, river; burns skipped). */
export function boardCards<C>(deck: readonly C[], players: number): C[] {
  return (['flop', 'turn', 'river'] as const).flatMap((street) => {
    const { offset, count } = BOARD_START[street];
    const start = players * 2 + offset;
    return deck.slice(start, start + count);
  });
}

export function dealHand(state: TableState, plan: HandPlan, deck: readonly Card[]): void {
  checkDeck(deck);
  const n = state.config.seats;
  const players: HandPlayer[] = plan.seats.map((seat) => ({
    seat,
    playerId: state.seats[seat]!.playerId,
    hole: [0, 0],
    committed: 0,
    streetBet: 0,
    folded: false,
    allIn: false,
    acted: false,
    levelAtAction: 0,
    shown: false,
  }));
  const hole = holeCards(deck, plan.seats, plan.button, n);
  for (const p of players) p.hole = hole.get(p.seat)!;
  const hand: Hand = {
    number: state.handsPlayed + 1,
    button: plan.button,
    smallBlindSeat: plan.smallBlindSeat,
    bigBlindSeat: plan.bigBlindSeat,
    players,
    deck: [...deck],
    board: [],
    street: 'preflop',
    toAct: null,
    currentBet: state.config.bigBlind,
    fullRaise: state.config.bigBlind,
    lastAggressor: null,
    flopSeen: false,
    events: [],
    result: null,
  };
  state.hand = hand;
  state.handsPlayed = hand.number;
  state.lastBigBlindSeat = plan.bigBlindSeat;
  state.lastSmallBlindSeat = plan.smallBlindPosition;
  for (const seat of plan.seats) state.seats[seat]!.waitingForBigBlind = false;
  const post = (seat: number, blind: 'small' | 'big', size: number) => {
    const player = players.find((p) => p.seat === seat)!;
    const table = state.seats[seat]!;
    const amount = Math.min(size, table.stack);
    table.stack -= amount;
    player.committed = amount;
    player.streetBet = amount;
    player.allIn = table.stack === 0;
    hand.events.push({ type: 'blind', seat, blind, amount, allIn: player.allIn });
  };
  if (plan.smallBlindSeat !== null) post(plan.smallBlindSeat, 'small', state.config.smallBlind);
  post(plan.bigBlindSeat, 'big', state.config.bigBlind);
  advance(state, plan.bigBlindSeat);
}

/** Whether a player still has a decision on this street. */
function needsAction(hand: Hand, player: HandPlayer): boolean {
  if (player.folded || player.allIn) return false;
  if (player.streetBet < hand.currentBet) return true;
  if (player.acted) return false;
  // Nobody left to bet against: nothing to decide.
  return hand.players.some((p) => p !== player && !p.folded && !p.allIn);
}

const BOARD_START: Record<Exclude<Street, 'preflop'>, { offset: number; count: number }> = {
  // After the hole cards: burn, three; burn, one; burn, one.
  flop: { offset: 1, count: 3 },
  turn: { offset: 5, count: 1 },
  river: { offset: 7, count: 1 },
};
const NEXT_STREET: Record<Street, Exclude<Street, 'preflop'> | null> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};

function dealStreet(hand: Hand, street: Exclude<Street, 'preflop'>): void {
  const { offset, count } = BOARD_START[street];
  const start = hand.players.length * 2 + offset;
  const cards = hand.deck.slice(start, start + count);
  hand.board.push(...cards);
  hand.street = street;
  if (street === 'flop') hand.flopSeen = true;
  hand.events.push({ type: 'street', street, cards });
}

/**
 * Moves the hand on after a blind or an action by `lastSeat`: the next player with a decision acts;
 * when the street is done the next one is dealt; with one player left, or the river done, or no
 * more betting possible (all but one all-in), the hand is settled.
 */
export function advance(state: TableState, lastSeat: number): void {
  const hand = state.hand!;
  const n = state.config.seats;
  let from = lastSeat;
  for (;;) {
    const live = hand.players.filter((p) => !p.folded);
    if (live.length === 1) {
      settle(state, false);
      return;
    }
    const next = orderAfter(hand.players, from, n).find((p) => needsAction(hand, p));
    if (next) {
      hand.toAct = next.seat;
      return;
    }
    const street = NEXT_STREET[hand.street];
    if (street === null) {
      settle(state, true);
      return;
    }
    const bettors = live.filter((p) => !p.allIn);
    if (bettors.length <= 1) {
      // No more betting: the board is run out and every hand still in is shown.
      for (let s: Exclude<Street, 'preflop'> | null = street; s !== null; s = NEXT_STREET[s]) dealStreet(hand, s);
      settle(state, true, true);
      return;
    }
    dealStreet(hand, street);
    for (const p of hand.players) {
      p.streetBet = 0;
      p.acted = false;
      p.levelAtAction = 0;
    }
    hand.currentBet = 0;
    hand.fullRaise = state.config.bigBlind;
    hand.lastAggressor = null;
    from = hand.button;
  }
}

function settle(state: TableState, showdown: boolean, allShow = false): void {
  const hand = state.hand!;
  const n = state.config.seats;
  hand.toAct = null;
  const returned = uncalledBet(contributionsOf(hand.players));
  if (returned) {
    const player = hand.players.find((p) => p.seat === returned.seat)!;
    player.committed -= returned.amount;
    state.seats[returned.seat]!.stack += returned.amount;
    hand.events.push({ type: 'return', seat: returned.seat, amount: returned.amount });
  }
  const pots = buildPots(contributionsOf(hand.players));
  const rakes = rakePots(pots, state.config.rake, hand.flopSeen);
  const live = hand.players.filter((p) => !p.folded);
  const scores = new Map<number, number>();
  if (showdown) for (const p of live) scores.set(p.seat, evaluate([...p.hole, ...hand.board]));
  const results: PotResult[] = pots.map((pot, index) => {
    const best = Math.max(...pot.eligible.map((seat) => scores.get(seat) ?? 0));
    const winners = showdown ? pot.eligible.filter((seat) => scores.get(seat) === best) : pot.eligible;
    const shares = splitPot(pot.amount - rakes[index]!, winners, hand.button, n);
    for (const share of shares) state.seats[share.seat]!.stack += share.amount;
    hand.events.push({ type: 'pot', index, amount: pot.amount, rake: rakes[index]!, winners: shares });
    return { amount: pot.amount, rake: rakes[index]!, eligible: pot.eligible, winners: shares };
  });
  if (showdown) showDown(hand, live, results, allShow, n);
  const rake = rakes.reduce((sum, r) => sum + r, 0);
  state.ledger.rake += rake;
  const result: HandResult = {
    showdown,
    pots: results,
    rake,
    scores: [...scores].map(([seat, score]) => ({ seat, score })),
  };
  hand.result = result;
}

/**
 * Who shows at a showdown: the last bettor or raiser of the final street shows first (with no bet,
 * the first player left of the button); after that a player shows a hand that wins or shares a pot
 * and mucks one that wins nothing. When the board was run out with players all-in, every hand is
 * shown.
 */
function showDown(hand: Hand, live: HandPlayer[], pots: PotResult[], allShow: boolean, n: number): void {
  const winners = new Set(pots.flatMap((pot) => pot.winners.map((w) => w.seat)));
  const first =
    hand.lastAggressor !== null && live.some((p) => p.seat === hand.lastAggressor)
      ? hand.lastAggressor
      : nextSeat(
          live.map((p) => p.seat),
          hand.button,
          n,
        );
  const order = [
    ...live.filter((p) => p.seat === first),
    ...orderAfter(live, first, n).filter((p) => p.seat !== first),
  ];
  for (const p of order) {
    if (allShow || p.seat === first || winners.has(p.seat)) {
      p.shown = true;
      hand.events.push({ type: 'show', seat: p.seat, cards: [...p.hole] });
    } else {
      hand.events.push({ type: 'muck', seat: p.seat });
    }
  }
}
