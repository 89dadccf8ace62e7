// A cockfight derby for the COCKFIGHT tiles: two birds, Meron (red) and Wala (blue). A fight's odds
// are a pure function of (gameCode, fightId). A fight ends in a win for either bird or a draw
// (DERBY_DRAW_P); a draw refunds Meron and Wala bets, as in sabong. Odds are rounded down to 0.01
// from the exact probabilities so each side's exact RTP (published) is at most DERBY_MARGIN and at
// least DERBY_MARGIN - 0.01 p.
import { createHash } from 'node:crypto';
import { amountField, InvalidBetError, isRecord, oneOf } from '../bet-error';
import type { InstantEngine } from '../types';

export const DERBY_MARGIN = 0.95;
export const DERBY_DRAW_P = 0.06;
export const DERBY_SIDES = ['meron', 'wala', 'draw'] as const;
export type DerbySide = (typeof DERBY_SIDES)[number];

const BIRDS = [
  'Red Baron',
  'Iron Spur',
  'Sunrise',
  'Typhoon',
  'Black Jack',
  'Golden Hackle',
  'Bolo',
  'Kelso',
  'Sweater',
  'Roundhead',
  'Hatch',
  'Claret',
];

export interface DerbyFight {
  gameCode: string;
  fightId: string;
  meron: string;
  wala: string;
  probabilities: Record<DerbySide, number>;
  /** Decimal odds in hundredths, stake included. */
  odds100: Record<DerbySide, number>;
  /** Exact RTP per side (meron/wala include the refund on a draw). */
  rtp: Record<DerbySide, number>;
}

const fights = new Map<string, DerbyFight>();

/** The fight `fightId` of a derby tile: birds, exact probabilities, odds and RTP per side (cached). */
export function derbyFight(gameCode: string, fightId: string): DerbyFight {
  const key = `${gameCode}|${fightId}`;
  const cached = fights.get(key);
  if (cached) return cached;
  const fight = makeFight(gameCode, fightId);
  if (fights.size > 10_000) fights.clear();
  fights.set(key, fight);
  return fight;
}

function makeFight(gameCode: string, fightId: string): DerbyFight {
  const h = createHash('sha256').update(`derby|${gameCode}|${fightId}`).digest();
  const u = h.readUInt32BE(0) / 4294967296;
  const m = h.readUInt32BE(4) % BIRDS.length;
  const w = (m + 1 + (h.readUInt32BE(8) % (BIRDS.length - 1))) % BIRDS.length;
  const meronShare = 0.35 + 0.3 * u;
  const p: Record<DerbySide, number> = {
    meron: (1 - DERBY_DRAW_P) * meronShare,
    wala: (1 - DERBY_DRAW_P) * (1 - meronShare),
    draw: DERBY_DRAW_P,
  };
  const sideOdds = (pw: number) => Math.floor(((DERBY_MARGIN - DERBY_DRAW_P) * 100) / pw + 1e-9);
  const odds100: Record<DerbySide, number> = {
    meron: sideOdds(p.meron),
    wala: sideOdds(p.wala),
    draw: Math.floor((DERBY_MARGIN * 100) / p.draw + 1e-9),
  };
  return {
    gameCode,
    fightId,
    meron: BIRDS[m]!,
    wala: BIRDS[w]!,
    probabilities: p,
    odds100,
    rtp: {
      meron: (p.meron * odds100.meron) / 100 + p.draw,
      wala: (p.wala * odds100.wala) / 100 + p.draw,
      draw: (p.draw * odds100.draw) / 100,
    },
  };
}

export interface DerbyBet {
  fightId: string;
  side: DerbySide;
  amount: number;
}

export interface DerbyOutcome {
  meron: string;
  wala: string;
  result: DerbySide;
  /** Fight length in seconds (show only). */
  seconds: number;
  odds100: number;
}

export function createDerbyEngine(gameCode: string): InstantEngine<DerbyBet, DerbyOutcome> {
  return {
    info: { kind: 'derby', declaredRtp: DERBY_MARGIN },
    parseBet(input) {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      const fightId = input.fightId;
      if (typeof fightId !== 'string' || fightId.length < 1 || fightId.length > 64) {
        throw new InvalidBetError('fightId must be a string of 1 to 64 characters');
      }
      return { fightId, side: oneOf(input, 'side', DERBY_SIDES), amount: amountField(input, 'amount') };
    },
    stake: (bet) => bet.amount,
    play(bet, rng) {
      const fight = derbyFight(gameCode, bet.fightId);
      const u = rng.next();
      const result: DerbySide =
        u < fight.probabilities.draw
          ? 'draw'
          : u < fight.probabilities.draw + fight.probabilities.meron
            ? 'meron'
            : 'wala';
      const seconds = 20 + rng.int(280);
      const odds100 = fight.odds100[bet.side];
      let win = 0;
      if (result === bet.side) win = Math.floor((bet.amount * odds100) / 100);
      else if (result === 'draw') win = bet.amount;
      return {
        outcome: { meron: fight.meron, wala: fight.wala, result, seconds, odds100 },
        win,
        pendingSteps: 0,
        state: undefined,
      };
    },
  };
}
