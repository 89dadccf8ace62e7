// Thousands of seeded games with random legal play (and refused actions tried along the way): every
// game ends within a bounded number of actions, the 52 cards are all somewhere after every step, no
// action, accepted or refused, changes the state passed in, and the money moved at the end sums to
// zero.
import { describe, expect, it } from 'vitest';
import { dealDeck } from '../deck';
import { randomCards, seededRng } from '../test-support';
import { TongitsError } from './errors';
import { act, allCards, rakeFor, startGame } from './game';
import { handPoints } from './rules';
import { randomAction } from './test-support';
import type { Action, EndKind, Seat, TongitsState } from './types';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`simulation invariant broken: ${what}`);
}

function conserved(state: TongitsState): boolean {
  const cards = allCards(state);
  if (cards.length !== 52) return false;
  const seen = new Set(cards);
  return seen.size === 52 && cards.every((card) => Number.isInteger(card) && card >= 0 && card < 52);
}

/** Actions that must be refused in this state, to check they change nothing. */
function wrongActions(state: TongitsState): [Seat, Action][] {
  const seat = state.turn;
  const other = ((seat + 1) % 3) as Seat;
  const hand = state.hands[seat];
  const out: [Seat, Action][] = [[other, { type: 'drawStock' }]];
  if (state.phase === 'draw') out.push([seat, { type: 'discard', card: hand[0]! }]);
  if (state.phase === 'play') out.push([seat, { type: 'drawStock' }]);
  if (state.phase !== 'challenge') out.push([seat, { type: 'meld', cards: hand.slice(0, 1) }]);
  if (state.phase === 'challenge') out.push([seat, { type: 'discard', card: hand[0]! }]);
  return out;
}

const MAX_ACTIONS = 600;

function playGame(
  deck: number[],
  seed: number,
  ends: Record<EndKind, number>,
  stats: { actions: number; refused: number },
) {
  const rng = seededRng(seed);
  let state = startGame({ stake: 10 + (seed % 7) }, deck, (seed % 3) as Seat);
  check(conserved(state), 'cards after the deal');
  let steps = 0;
  while (state.phase !== 'over') {
    check(steps++ < MAX_ACTIONS, 'the game stalled');
    if (steps % 5 === 0) {
      for (const [seat, action] of wrongActions(state)) {
        const before = JSON.stringify(state);
        let threw = false;
        try {
          act(state, seat, action);
        } catch (error) {
          threw = error instanceof TongitsError;
        }
        check(threw, `refused ${action.type}`);
        check(JSON.stringify(state) === before, 'a refused action changed the state');
        stats.refused++;
      }
    }
    const previous = state;
    const snapshot = steps % 5 === 0 ? JSON.stringify(previous) : '';
    state = act(state, state.turn, randomAction(state, rng));
    check(snapshot === '' || JSON.stringify(previous) === snapshot, 'an action changed the state passed in');
    stats.actions++;
    check(conserved(state), 'cards conserved');
    check(state.hands.every((hand) => hand.length > 0) || state.phase === 'over', 'an empty hand ends the game');
  }
  const result = state.result!;
  check(result.transfers[0] + result.transfers[1] + result.transfers[2] === 0, 'transfers sum to zero');
  check(result.transfers.every(Number.isSafeInteger), 'whole minor units');
  check(result.transfers[result.winner] === result.collection && result.collection > 0, 'the winner collects');
  check(result.contenders.includes(result.winner), 'the winner was a contender');
  for (const seat of result.contenders) {
    check(handPoints(state.hands[result.winner]) <= handPoints(state.hands[seat]), 'the lowest hand wins');
  }
  if (result.end === 'tongits') check(state.hands[result.winner].length === 0, 'tongits empties the hand');
  if (result.end === 'stock-out') check(state.stock.length === 0, 'stock-out empties the stock');
  const rake = rakeFor(result.collection, { basisPoints: 500, cap: 50 });
  check(rake >= 0 && rake <= 50 && rake <= result.collection, 'rake within its cap');
  ends[result.end]++;
}

// Pure computation: 39 s measured with a browser run beside it on the two cores, 54 s with more
// work beside it. Past the suite's 30 s default it measures the machine's load, not a hang.
const SIMULATION_TIMEOUT_MS = 240_000;

describe('random games', () => {
  it('end, conserve the cards and settle to zero over 3,000 seeded games', { timeout: SIMULATION_TIMEOUT_MS }, () => {
    const ends: Record<EndKind, number> = { tongits: 0, 'stock-out': 0, draw: 0 };
    const stats = { actions: 0, refused: 0 };
    for (let game = 0; game < 3000; game++) {
      const deck =
        game % 10 === 0
          ? dealDeck({ serverSeed: `tongits-sim-${game}`, clientSeeds: ['a', 'b', 'c'], nonce: game })
          : randomCards(seededRng(1_000_003 * game + 17), 52);
      playGame(deck, game, ends, stats);
    }
    expect(ends.tongits + ends['stock-out'] + ends.draw).toBe(3000);
    // Each way of ending shows up many times, so the checks above ran on all of them.
    expect(ends.tongits).toBeGreaterThan(100);
    expect(ends['stock-out']).toBeGreaterThan(100);
    expect(ends.draw).toBeGreaterThan(100);
    expect(stats.refused).toBeGreaterThan(10_000);
  });
});
