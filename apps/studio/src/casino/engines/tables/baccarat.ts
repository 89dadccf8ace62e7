// Punto banco on an 8-deck shoe, shuffled for every round (a continuous shuffler), with the real
// third-card rules. Banker wins pay 0.95:1 (5% commission), player 1:1, tie 8:1 (player and banker
// bets push on a tie), player pair and banker pair 11:1. The RTP of every bet is computed exactly by
// enumerating every deal of the shoe without replacement (baccaratProbabilities()).

import type { Rng } from '../../../kit/fair/rng';
import { InvalidBetError, isRecord } from '../bet-error';
import type { InstantEngine } from '../types';
import { type Card, Shoe } from './cards';

export const BACCARAT_DECKS = 8;
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BETS)[number];
export type BaccaratBet = Partial<Record<BaccaratBetKind, number>>;
export type BaccaratResult = 'player' | 'banker' | 'tie';

export interface BaccaratOutcome {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
  /** What each bet returned, stake included (minor units). */
  returns: Partial<Record<BaccaratBetKind, number>>;
}

const value = (rank: number) => (rank >= 10 ? 0 : rank);

/** Punto banco: does the banker draw, given its two-card total and the player's third card (null if none)? */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface BaccaratProbabilities {
  player: number;
  banker: number;
  tie: number;
  /** P(the first two cards of a hand are the same rank). */
  pair: number;
}

let exact: BaccaratProbabilities | null = null;

/** Exact result probabilities of an 8-deck shoe: every deal enumerated by card value, without replacement. */
export function baccaratProbabilities(): BaccaratProbabilities {
  if (exact) return exact;
  const counts = [16 * BACCARAT_DECKS, ...new Array(9).fill(4 * BACCARAT_DECKS)] as number[];
  let left = 52 * BACCARAT_DECKS;
  const result = { player: 0, banker: 0, tie: 0 };
  // Draws one value with its probability, recursing into `then`.
  const draw = (p: number, then: (v: number, p: number) => void) => {
    for (let v = 0; v < 10; v++) {
      const c = counts[v]!;
      if (c === 0) continue;
      const q = (p * c) / left;
      counts[v] = c - 1;
      left--;
      then(v, q);
      counts[v] = c;
      left++;
    }
  };
  const settle = (pt: number, bt: number, p: number) => {
    if (pt > bt) result.player += p;
    else if (bt > pt) result.banker += p;
    else result.tie += p;
  };
  draw(1, (p1, a) =>
    draw(a, (b1, b) =>
      draw(b, (p2, c) =>
        draw(c, (b2, d) => {
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) return settle(pt, bt, d);
          if (pt <= 5) {
            draw(d, (p3, e) => {
              const pt3 = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) draw(e, (b3, f) => settle(pt3, (bt + b3) % 10, f));
              else settle(pt3, bt, e);
            });
          } else if (bankerDraws(bt, null)) {
            draw(d, (b3, e) => settle(pt, (bt + b3) % 10, e));
          } else settle(pt, bt, d);
        }),
      ),
    ),
  );
  const perRank = 4 * BACCARAT_DECKS;
  exact = { ...result, pair: (perRank - 1) / (52 * BACCARAT_DECKS - 1) };
  return exact;
}

/** Exact RTP of each bet (return per unit staked). */
export function baccaratRtps(): Record<BaccaratBetKind, number> {
  const p = baccaratProbabilities();
  return {
    player: 2 * p.player + p.tie,
    banker: 1.95 * p.banker + p.tie,
    tie: 9 * p.tie,
    playerPair: 12 * p.pair,
    bankerPair: 12 * p.pair,
  };
}

/** Returns of one bet kind, stake included; banker's 5% commission rounds down to a minor unit. */
function returnOf(kind: BaccaratBetKind, amount: number, o: Omit<BaccaratOutcome, 'returns'>): number {
  switch (kind) {
    case 'player':
      return o.result === 'player' ? 2 * amount : o.result === 'tie' ? amount : 0;
    case 'banker':
      return o.result === 'banker' ? amount + Math.floor((amount * 95) / 100) : o.result === 'tie' ? amount : 0;
    case 'tie':
      return o.result === 'tie' ? 9 * amount : 0;
    case 'playerPair':
      return o.playerPair ? 12 * amount : 0;
    case 'bankerPair':
      return o.bankerPair ? 12 * amount : 0;
  }
}

export function dealBaccarat(rng: Rng, shoe = new Shoe(BACCARAT_DECKS)): Omit<BaccaratOutcome, 'returns'> {
  shoe.reset();
  const p1 = shoe.draw(rng);
  const b1 = shoe.draw(rng);
  const p2 = shoe.draw(rng);
  const b2 = shoe.draw(rng);
  const player = [p1, p2];
  const banker = [b1, b2];
  let pt = (value(p1.rank) + value(p2.rank)) % 10;
  let bt = (value(b1.rank) + value(b2.rank)) % 10;
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let third: number | null = null;
    if (pt <= 5) {
      const c = shoe.draw(rng);
      player.push(c);
      third = value(c.rank);
      pt = (pt + third) % 10;
    }
    if (bankerDraws(bt, third)) {
      const c = shoe.draw(rng);
      banker.push(c);
      bt = (bt + value(c.rank)) % 10;
    }
  }
  return {
    player,
    banker,
    playerTotal: pt,
    bankerTotal: bt,
    result: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
    natural,
  };
}

const MAX_BET = 100_000_000;

export function createBaccaratEngine(): InstantEngine<BaccaratBet, BaccaratOutcome> {
  const rtps = baccaratRtps();
  const shoe = new Shoe(BACCARAT_DECKS);
  return {
    info: { kind: 'baccarat', declaredRtp: rtps.banker, betRtps: rtps },
    parseBet(input) {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      const bet: BaccaratBet = {};
      for (const [key, amount] of Object.entries(input)) {
        if (!(BACCARAT_BETS as readonly string[]).includes(key)) throw new InvalidBetError(`unknown bet ${key}`);
        if (amount === 0 || amount === undefined) continue;
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_BET) {
          throw new InvalidBetError(`${key} must be an integer number of minor units between 1 and ${MAX_BET}`);
        }
        bet[key as BaccaratBetKind] = amount;
      }
      if (Object.keys(bet).length === 0) throw new InvalidBetError('place at least one bet');
      return bet;
    },
    stake: (bet) => BACCARAT_BETS.reduce((sum, k) => sum + (bet[k] ?? 0), 0),
    play(bet, rng) {
      const deal = dealBaccarat(rng, shoe);
      const returns: BaccaratOutcome['returns'] = {};
      let win = 0;
      for (const k of BACCARAT_BETS) {
        const amount = bet[k];
        if (!amount) continue;
        const r = returnOf(k, amount, deal);
        returns[k] = r;
        win += r;
      }
      const outcome: BaccaratOutcome = Object.assign(deal, { returns });
      // On a tie the player and banker bets come back whole: a push, not a bet that was at risk.
      const unrisked = deal.result === 'tie' ? (bet.player ?? 0) + (bet.banker ?? 0) : 0;
      return { outcome, win, pendingSteps: 0, state: undefined, ...(unrisked > 0 ? { unrisked } : {}) };
    },
  };
}
