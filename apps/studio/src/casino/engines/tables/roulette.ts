// European roulette (single zero). Every bet covering k numbers returns 36/k times its stake
// (stake included), so every bet's exact RTP is 36/37 = 97.30%.
import { InvalidBetError, isRecord } from '../bet-error';
import type { InstantEngine } from '../types';

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const ROULETTE_RTP = 36 / 37;

export const ROULETTE_INSIDE = ['straight', 'split', 'street', 'corner', 'line'] as const;
export const ROULETTE_OUTSIDE = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen1',
  'dozen2',
  'dozen3',
  'column1',
  'column2',
  'column3',
] as const;
export type RouletteBetType = (typeof ROULETTE_INSIDE)[number] | (typeof ROULETTE_OUTSIDE)[number];

export interface RouletteBetItem {
  type: RouletteBetType;
  /** The numbers covered, ascending (given for inside bets, filled in for outside bets). */
  numbers: number[];
  amount: number;
}
export interface RouletteBet {
  bets: RouletteBetItem[];
}
export interface RouletteOutcome {
  number: number;
  color: 'red' | 'black' | 'green';
  /** Return of each bet item, stake included (minor units), in bet order. */
  returns: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every legal inside bet by type, keyed by its sorted numbers joined with '-'. */
function insideCombos(): Record<(typeof ROULETTE_INSIDE)[number], Set<string>> {
  const key = (ns: number[]) => [...ns].sort((a, b) => a - b).join('-');
  const straight = new Set(range(0, 36).map((n) => key([n])));
  const split = new Set<string>([key([0, 1]), key([0, 2]), key([0, 3])]);
  const street = new Set<string>([key([0, 1, 2]), key([0, 2, 3])]);
  const corner = new Set<string>([key([0, 1, 2, 3])]);
  const line = new Set<string>();
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n <= 33) split.add(key([n, n + 3]));
    if (n % 3 === 1) street.add(key([n, n + 1, n + 2]));
    if (n % 3 !== 0 && n <= 32) corner.add(key([n, n + 1, n + 3, n + 4]));
    if (n % 3 === 1 && n <= 31) line.add(key(range(n, n + 5)));
  }
  return { straight, split, street, corner, line };
}

const INSIDE = insideCombos();

export function outsideNumbers(type: (typeof ROULETTE_OUTSIDE)[number]): number[] {
  const all = range(1, 36);
  switch (type) {
    case 'red':
      return all.filter((n) => RED_NUMBERS.has(n));
    case 'black':
      return all.filter((n) => !RED_NUMBERS.has(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    case 'dozen1':
      return range(1, 12);
    case 'dozen2':
      return range(13, 24);
    case 'dozen3':
      return range(25, 36);
    case 'column1':
      return all.filter((n) => n % 3 === 1);
    case 'column2':
      return all.filter((n) => n % 3 === 2);
    case 'column3':
      return all.filter((n) => n % 3 === 0);
  }
}

const MAX_ITEMS = 50;
const MAX_AMOUNT = 100_000_000;

export function parseRouletteBet(input: unknown): RouletteBet {
  if (!isRecord(input) || !Array.isArray(input.bets) || input.bets.length === 0 || input.bets.length > MAX_ITEMS) {
    throw new InvalidBetError(`bets must be a list of 1 to ${MAX_ITEMS} bets`);
  }
  const bets = input.bets.map((item): RouletteBetItem => {
    if (!isRecord(item)) throw new InvalidBetError('each bet must be an object');
    const { type, amount } = item;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
      throw new InvalidBetError(`amount must be an integer number of minor units between 1 and ${MAX_AMOUNT}`);
    }
    if ((ROULETTE_OUTSIDE as readonly unknown[]).includes(type)) {
      return {
        type: type as RouletteBetType,
        numbers: outsideNumbers(type as (typeof ROULETTE_OUTSIDE)[number]),
        amount,
      };
    }
    if (!(ROULETTE_INSIDE as readonly unknown[]).includes(type))
      throw new InvalidBetError(`unknown bet type ${String(type)}`);
    const numbers = item.numbers;
    if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 36)) {
      throw new InvalidBetError('numbers must be a list of roulette numbers');
    }
    const sorted = [...(numbers as number[])].sort((a, b) => a - b);
    if (!INSIDE[type as (typeof ROULETTE_INSIDE)[number]].has(sorted.join('-'))) {
      throw new InvalidBetError(`${String(type)} cannot cover ${sorted.join(', ')}`);
    }
    return { type: type as RouletteBetType, numbers: sorted, amount };
  });
  return { bets };
}

export function colorOf(n: number): RouletteOutcome['color'] {
  return n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black';
}

export function createRouletteEngine(): InstantEngine<RouletteBet, RouletteOutcome> {
  return {
    info: {
      kind: 'roulette',
      declaredRtp: ROULETTE_RTP,
      betRtps: Object.fromEntries([...ROULETTE_INSIDE, ...ROULETTE_OUTSIDE].map((t) => [t, ROULETTE_RTP])),
    },
    parseBet: parseRouletteBet,
    stake: (bet) => bet.bets.reduce((sum, b) => sum + b.amount, 0),
    play(bet, rng) {
      const number = rng.int(37);
      let win = 0;
      const returns = bet.bets.map((b) => {
        const r = b.numbers.includes(number) ? (b.amount * 36) / b.numbers.length : 0;
        win += r;
        return r;
      });
      return { outcome: { number, color: colorOf(number), returns }, win, pendingSteps: 0, state: undefined };
    },
  };
}
