// A player-vs-house card duel: three-card poker hands from one shuffled 52-card deck, player and house
// three cards each. Hands rank straight flush > three of a kind > straight > flush > pair > high card
// (A-K-Q is the top straight, A-2-3 the lowest). A win returns 1.95x the stake (5% commission), a tie
// returns the stake, a loss nothing. Both hands are exchangeable, so P(win) = P(loss) = (1 - P(tie)) / 2
// and the RTP is 0.975 + 0.025 P(tie); P(tie) is computed exactly by enumerating every pair of
// disjoint hands with equal rank (duelTieProbability()).

import type { Rng } from '../../../kit/fair/rng';
import { amountField, InvalidBetError, isRecord } from '../bet-error';
import { type Card, cardLabel } from '../tables/cards';
import type { InstantEngine } from '../types';

export const DUEL_HANDS = ['high card', 'pair', 'flush', 'straight', 'three of a kind', 'straight flush'] as const;

/** A comparable strength: category x 15^3 + ranks (ace high = 14) in tie-break order. */
export function handStrength(cards: readonly Card[]): { strength: number; hand: (typeof DUEL_HANDS)[number] } {
  const ranks = cards.map((c) => (c.rank === 1 ? 14 : c.rank)).sort((a, b) => b - a);
  const [a, b, c] = ranks as [number, number, number];
  const flush = cards[0]!.suit === cards[1]!.suit && cards[1]!.suit === cards[2]!.suit;
  let straightHigh = 0;
  if (a - b === 1 && b - c === 1) straightHigh = a;
  else if (a === 14 && b === 3 && c === 2) straightHigh = 3;
  let category: number;
  let tie: number[];
  if (straightHigh && flush) {
    category = 5;
    tie = [straightHigh, 0, 0];
  } else if (a === b && b === c) {
    category = 4;
    tie = [a, 0, 0];
  } else if (straightHigh) {
    category = 3;
    tie = [straightHigh, 0, 0];
  } else if (flush) {
    category = 2;
    tie = [a, b, c];
  } else if (a === b || b === c) {
    category = 1;
    const pair = b;
    tie = [pair, a === b ? c : a, 0];
  } else {
    category = 0;
    tie = [a, b, c];
  }
  return { strength: ((category * 15 + tie[0]!) * 15 + tie[1]!) * 15 + tie[2]!, hand: DUEL_HANDS[category]! };
}

let tieProbability: number | null = null;

/** Exact P(tie) between two disjoint random hands of one deck. */
export function duelTieProbability(): number {
  if (tieProbability !== null) return tieProbability;
  const groups = new Map<number, number[][]>();
  for (let i = 0; i < 52; i++)
    for (let j = i + 1; j < 52; j++)
      for (let k = j + 1; k < 52; k++) {
        const cards = [i, j, k].map((x) => ({ rank: (x >> 2) + 1, suit: x & 3 }));
        const s = handStrength(cards).strength;
        const list = groups.get(s);
        if (list) list.push([i, j, k]);
        else groups.set(s, [[i, j, k]]);
      }
  let ties = 0;
  for (const hands of groups.values()) {
    for (const h of hands) {
      for (const g of hands) {
        if (!h.some((x) => g.includes(x))) ties++;
      }
    }
  }
  const hands = 22_100; // C(52, 3)
  const others = 18_424; // C(49, 3)
  tieProbability = ties / (hands * others);
  return tieProbability;
}

export function duelRtp(): number {
  const t = duelTieProbability();
  return 1.95 * ((1 - t) / 2) + t;
}

export interface DuelBet {
  amount: number;
}

export interface DuelOutcome {
  player: Card[];
  house: Card[];
  playerHand: string;
  houseHand: string;
  labels: { player: string[]; house: string[] };
  result: 'win' | 'tie' | 'loss';
}

/** Deals `count` cards of one shuffled deck: a partial Fisher-Yates shuffle, exactly uniform. */
function dealDeck(rng: Rng, count: number): Card[] {
  const deck = new Int8Array(52);
  for (let i = 0; i < 52; i++) deck[i] = i;
  const out: Card[] = [];
  for (let k = 0; k < count; k++) {
    const j = k + rng.int(52 - k);
    const card = deck[j]!;
    deck[j] = deck[k]!;
    deck[k] = card;
    out.push({ rank: (card >> 2) + 1, suit: card & 3 });
  }
  return out;
}

export function createDuelEngine(): InstantEngine<DuelBet, DuelOutcome> {
  return {
    info: { kind: 'duel', declaredRtp: duelRtp() },
    parseBet(input) {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      return { amount: amountField(input, 'amount') };
    },
    stake: (bet) => bet.amount,
    play(bet, rng) {
      const cards = dealDeck(rng, 6);
      const player = [cards[0]!, cards[2]!, cards[4]!];
      const house = [cards[1]!, cards[3]!, cards[5]!];
      const p = handStrength(player);
      const h = handStrength(house);
      const result = p.strength > h.strength ? 'win' : p.strength < h.strength ? 'loss' : 'tie';
      const win =
        result === 'win' ? bet.amount + Math.floor((bet.amount * 95) / 100) : result === 'tie' ? bet.amount : 0;
      return {
        outcome: {
          player,
          house,
          playerHand: p.hand,
          houseHand: h.hand,
          labels: { player: player.map(cardLabel), house: house.map(cardLabel) },
          result,
        },
        win,
        pendingSteps: 0,
        state: undefined,
      };
    },
  };
}
