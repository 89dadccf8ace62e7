// Lottery draws and tickets for the VN and SEA lottery pages. A draw is generated from the fair stream
// HMAC-SHA256(serverSeed, `${drawId}:0:${cursor}`) (createFairRng with clientSeed = drawId, nonce 0),
// so once the draw's server seed is revealed anyone can recompute it. The schedule (when draws open,
// close and run) lives in packages/shared/src/lottery-schedule.ts; this module only draws and settles.
//
// Every bet type's RTP is exact: VN prize numbers are independent uniform digits, so a 2-digit
// ending of any prize is uniform on 00-99 and independent across the 27 prizes; SEA 4D draws 23
// distinct numbers, each one marginally uniform on 0000-9999.
import { createFairRng } from '../../../kit/fair/fair-rng';
import type { Rng } from '../../../kit/fair/rng';
import { amountField, InvalidBetError, isRecord, oneOf } from '../bet-error';
import type { EngineInfo } from '../types';

export type LotteryRegion = 'VN' | 'SEA';

export interface LotteryPrize {
  /** Tier id: VN special, first..seventh; SEA first, second, third, starter, consolation. */
  tier: string;
  numbers: string[];
}

export interface LotteryDraw {
  region: LotteryRegion;
  drawId: string;
  prizes: LotteryPrize[];
}

/** VN (northern style): tier, how many numbers, digits per number. 27 numbers in all. */
export const VN_TIERS: ReadonlyArray<readonly [tier: string, count: number, digits: number]> = [
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
];

/** SEA 4D: 23 distinct 4-digit numbers. */
export const SEA_TIERS: ReadonlyArray<readonly [tier: string, count: number]> = [
  ['first', 1],
  ['second', 1],
  ['third', 1],
  ['starter', 10],
  ['consolation', 10],
];

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');
const POWERS = [1, 10, 100, 1000, 10_000, 100_000];

export function drawFromRng(region: LotteryRegion, drawId: string, rng: Rng): LotteryDraw {
  const prizes: LotteryPrize[] = [];
  if (region === 'VN') {
    for (const [tier, count, digits] of VN_TIERS) {
      const numbers: string[] = [];
      // A uniform number of `digits` digits is the same as `digits` independent uniform digits.
      for (let i = 0; i < count; i++) numbers.push(pad(rng.int(POWERS[digits]!), digits));
      prizes.push({ tier, numbers });
    }
    return { region, drawId, prizes };
  }
  const seen: number[] = [];
  for (const [tier, count] of SEA_TIERS) {
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      let n = rng.int(10_000);
      while (seen.includes(n)) n = rng.int(10_000);
      seen.push(n);
      numbers.push(pad(n, 4));
    }
    prizes.push({ tier, numbers });
  }
  return { region, drawId, prizes };
}

/** The draw `drawId` under its server seed (reveal the seed after the draw; publish its hash before). */
export function generateDraw(region: LotteryRegion, drawId: string, serverSeed: string): LotteryDraw {
  if (!drawId) throw new Error('LOTTERY_DRAW_ID_REQUIRED');
  return drawFromRng(region, drawId, createFairRng(serverSeed, drawId, 0));
}

export interface LotteryBetType {
  region: LotteryRegion;
  name: string;
  /** Digits of each picked number. */
  digits: number;
  /** How many numbers a ticket picks. */
  picks: number;
  /** Paid per hit for 1 unit staked, in hundredths (350 = 3.5x the stake, stake included). */
  odds100: number;
  /** Exact probability-weighted return per unit staked. */
  rtp: number;
}

// xien2: both numbers among the 27 two-digit endings; inclusion-exclusion over independent endings.
const XIEN2_P = 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
const XIEN2_ODDS = 1700;

export const LOTTERY_BET_TYPES = {
  // VN
  lo2: {
    region: 'VN',
    name: 'Lô 2 số (last 2 digits of every prize, paid per hit)',
    digits: 2,
    picks: 1,
    odds100: 350,
    rtp: (27 / 100) * 3.5,
  },
  lo3: {
    region: 'VN',
    name: 'Lô 3 số (last 3 digits of the 23 prizes of 3+ digits, per hit)',
    digits: 3,
    picks: 1,
    odds100: 4100,
    rtp: (23 / 1000) * 41,
  },
  de: { region: 'VN', name: 'Đề (last 2 digits of the special prize)', digits: 2, picks: 1, odds100: 9500, rtp: 0.95 },
  de3: {
    region: 'VN',
    name: '3 càng (last 3 digits of the special prize)',
    digits: 3,
    picks: 1,
    odds100: 96000,
    rtp: 0.96,
  },
  dau: { region: 'VN', name: 'Đầu (tens digit of the special prize)', digits: 1, picks: 1, odds100: 950, rtp: 0.95 },
  duoi: { region: 'VN', name: 'Đuôi (last digit of the special prize)', digits: 1, picks: 1, odds100: 950, rtp: 0.95 },
  xien2: {
    region: 'VN',
    name: 'Xiên 2 (two 2-digit numbers both among the endings)',
    digits: 2,
    picks: 2,
    odds100: XIEN2_ODDS,
    rtp: XIEN2_P * (XIEN2_ODDS / 100),
  },
  // SEA 4D
  big: {
    region: 'SEA',
    name: '4D Big (any of the 23 prizes)',
    digits: 4,
    picks: 1,
    odds100: 0,
    rtp: (3800 + 1700 + 800 + 10 * 200 + 10 * 120) / 10_000,
  },
  small: {
    region: 'SEA',
    name: '4D Small (first, second or third prize)',
    digits: 4,
    picks: 1,
    odds100: 0,
    rtp: (6000 + 2500 + 1000) / 10_000,
  },
  straight: { region: 'SEA', name: '4D Straight (first prize)', digits: 4, picks: 1, odds100: 950_000, rtp: 0.95 },
  last2: {
    region: 'SEA',
    name: '2D (last 2 digits of the first prize)',
    digits: 2,
    picks: 1,
    odds100: 9500,
    rtp: 0.95,
  },
} as const satisfies Record<string, LotteryBetType>;

export type LotteryBetKind = keyof typeof LOTTERY_BET_TYPES;

/** 4D Big and Small pay by the tier hit (x the stake, stake included). */
export const SEA_TIER_PAYS: Record<'big' | 'small', Record<string, number>> = {
  big: { first: 3800, second: 1700, third: 800, starter: 200, consolation: 120 },
  small: { first: 6000, second: 2500, third: 1000 },
};

export const LOTTERY_INFO: Record<LotteryRegion, EngineInfo> = {
  VN: { kind: 'lottery', declaredRtp: 0.95, betRtps: rtpsOf('VN') },
  SEA: { kind: 'lottery', declaredRtp: 0.95, betRtps: rtpsOf('SEA') },
};

function rtpsOf(region: LotteryRegion): Record<string, number> {
  return Object.fromEntries(
    Object.entries(LOTTERY_BET_TYPES)
      .filter(([, t]) => t.region === region)
      .map(([k, t]) => [k, t.rtp]),
  );
}

export interface LotteryBet {
  region: LotteryRegion;
  type: LotteryBetKind;
  /** Picked numbers, zero-padded to the type's digits. */
  numbers: string[];
  amount: number;
}

export function parseLotteryBet(region: LotteryRegion, input: unknown): LotteryBet {
  if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
  const kinds = (Object.keys(LOTTERY_BET_TYPES) as LotteryBetKind[]).filter(
    (k) => LOTTERY_BET_TYPES[k].region === region,
  );
  const type = oneOf(input, 'type', kinds);
  const def = LOTTERY_BET_TYPES[type];
  const amount = amountField(input, 'amount');
  const raw = input.numbers;
  if (!Array.isArray(raw) || raw.length !== def.picks)
    throw new InvalidBetError(`numbers must hold ${def.picks} number(s)`);
  const pattern = new RegExp(`^\\d{${def.digits}}$`);
  const numbers = raw.map((n) => {
    if (typeof n !== 'string' || !pattern.test(n))
      throw new InvalidBetError(`each number must be ${def.digits} digit(s)`);
    return n;
  });
  if (new Set(numbers).size !== numbers.length) throw new InvalidBetError('numbers must be distinct');
  return { region, type, numbers, amount };
}

export interface LotterySettlement {
  hits: number;
  /** Paid, minor units: floor(amount x odds x hits); whole when the amount is a multiple of 100. */
  win: number;
}

/** The first number of a tier ('' when absent). */
function firstOf(draw: LotteryDraw, tier: string): string {
  for (const p of draw.prizes) if (p.tier === tier) return p.numbers[0] ?? '';
  return '';
}

// Settling many tickets against one draw (how a draw is settled) parses its numbers once: the last
// draw's values and digit counts are kept (one entry, not a WeakMap: millions of short-lived draws in
// the simulations would make a WeakMap's entries a garbage collector burden).
let lastDraw: LotteryDraw | null = null;
let lastParsed: { values: number[]; digits: number[] } = { values: [], digits: [] };

function parsed(draw: LotteryDraw): { values: number[]; digits: number[] } {
  if (draw !== lastDraw) {
    const p = { values: [] as number[], digits: [] as number[] };
    for (const prize of draw.prizes) {
      for (const n of prize.numbers) {
        p.values.push(Number(n));
        p.digits.push(n.length);
      }
    }
    lastDraw = draw;
    lastParsed = p;
  }
  return lastParsed;
}

/** How many prize numbers of at least `minDigits` (2 or 3) digits end with `ending`. */
function countEndings(draw: LotteryDraw, ending: string, minDigits: number): number {
  const { values, digits } = parsed(draw);
  const mod = minDigits === 3 ? 1000 : 100;
  const want = Number(ending);
  let hits = 0;
  for (let i = 0; i < values.length; i++) if (digits[i]! >= minDigits && values[i]! % mod === want) hits++;
  return hits;
}

function hitsOf(bet: LotteryBet, draw: LotteryDraw): number {
  const pick = bet.numbers[0]!;
  switch (bet.type) {
    case 'lo2':
      return countEndings(draw, pick, 2);
    case 'lo3':
      return countEndings(draw, pick, 3);
    case 'de':
    case 'de3':
    case 'duoi':
      return firstOf(draw, 'special').endsWith(pick) ? 1 : 0;
    case 'dau': {
      const special = firstOf(draw, 'special');
      return special.charAt(special.length - 2) === pick ? 1 : 0;
    }
    case 'xien2':
      return countEndings(draw, pick, 2) > 0 && countEndings(draw, bet.numbers[1]!, 2) > 0 ? 1 : 0;
    case 'straight':
      return firstOf(draw, 'first') === pick ? 1 : 0;
    case 'last2':
      return firstOf(draw, 'first').endsWith(pick) ? 1 : 0;
    default:
      return 0;
  }
}

export function settleLotteryBet(bet: LotteryBet, draw: LotteryDraw): LotterySettlement {
  if (bet.region !== draw.region) throw new Error('LOTTERY_REGION_MISMATCH');
  if (bet.type === 'big' || bet.type === 'small') {
    const pays = SEA_TIER_PAYS[bet.type];
    const pick = bet.numbers[0]!;
    for (const p of draw.prizes) {
      const pay = pays[p.tier];
      if (pay && p.numbers.includes(pick)) return { hits: 1, win: bet.amount * pay };
    }
    return { hits: 0, win: 0 };
  }
  const hits = hitsOf(bet, draw);
  return { hits, win: Math.floor((bet.amount * LOTTERY_BET_TYPES[bet.type].odds100 * hits) / 100) };
}
