import { StudioError } from '../../kit/errors';

// A sit-and-go's rules, pure (docs/pvp.md "Sit-and-go tournaments"): the operator's settings checked,
// the blind level at a moment, the prize of each place and the places of the players a hand knocked
// out. Amounts in minor units, chips in whole chips; shares in basis points of the prize pool.

export type BlindLevel = { smallBlind: number; bigBlind: number; minutes: number };

export type TournamentSettings = {
  id: string;
  name: string;
  seats: number;
  buyIn: number;
  fee: number;
  startingChips: number;
  levels: BlindLevel[];
  /** Each paid place's share of the pool in basis points (10,000 = all of it), first place first. */
  shares: number[];
  currency: string;
};

const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const CURRENCY = /^[A-Z]{3}$/;
const MAX_AMOUNT = 1_000_000_000_000;
const MAX_CHIPS = 100_000_000;
export const MAX_LEVELS = 40;
/** The smallest stack at the start, in big blinds of the first level: fewer is a lottery, not poker. */
export const MIN_START_BIG_BLINDS = 10;

const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

function levelsOk(v: unknown): v is BlindLevel[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > MAX_LEVELS) return false;
  let lastBig = 0;
  for (const l of v as Partial<BlindLevel>[]) {
    if (typeof l !== 'object' || l === null) return false;
    if (!whole(l.smallBlind, 1, MAX_CHIPS) || !whole(l.bigBlind, l.smallBlind, MAX_CHIPS)) return false;
    if (!whole(l.minutes, 1, 120)) return false;
    // Blinds only rise: a level below the one before would undo the clock's pressure.
    if (l.bigBlind < lastBig) return false;
    lastBig = l.bigBlind;
  }
  return true;
}

function sharesOk(v: unknown, seats: unknown): v is number[] {
  if (!Array.isArray(v) || v.length < 1) return false;
  if (typeof seats === 'number' && v.length > seats) return false;
  // A lower place never wins more than a higher one.
  if (!v.every((s, i) => whole(s, 1, 10_000) && (i === 0 || s <= v[i - 1]))) return false;
  return v.reduce((a: number, b: number) => a + b, 0) === 10_000;
}

/**
 * The operator's settings, every field checked; a bad one is STUDIO_BAD_REQUEST naming the fields
 * (nothing is written). `levels`: rising, 1-120 minutes each; `shares`: at most one per seat,
 * non-increasing, summing to 10,000; the starting stack at least MIN_START_BIG_BLINDS first big blinds.
 */
export function checkTournament(input: unknown): TournamentSettings {
  const t = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const bad: string[] = [];
  if (typeof t.id !== 'string' || !ID.test(t.id)) bad.push('id');
  if (typeof t.name !== 'string' || t.name.trim().length < 1 || t.name.length > 60) bad.push('name');
  if (!whole(t.seats, 2, 9)) bad.push('seats');
  if (!whole(t.buyIn, 1, MAX_AMOUNT)) bad.push('buyIn');
  if (!whole(t.fee, 0, MAX_AMOUNT)) bad.push('fee');
  const levels = levelsOk(t.levels) ? t.levels : null;
  if (!levels) bad.push('levels');
  const firstBig = levels?.[0]?.bigBlind ?? 1;
  if (!whole(t.startingChips, firstBig * MIN_START_BIG_BLINDS, MAX_CHIPS)) bad.push('startingChips');
  if (!sharesOk(t.shares, t.seats)) bad.push('shares');
  if (typeof t.currency !== 'string' || !CURRENCY.test(t.currency)) bad.push('currency');
  if (bad.length > 0) throw new StudioError('STUDIO_BAD_REQUEST', { fields: bad });
  return {
    id: t.id as string,
    name: (t.name as string).trim(),
    seats: t.seats as number,
    buyIn: t.buyIn as number,
    fee: t.fee as number,
    startingChips: t.startingChips as number,
    levels: (levels as BlindLevel[]).map((l) => ({
      smallBlind: l.smallBlind,
      bigBlind: l.bigBlind,
      minutes: l.minutes,
    })),
    shares: [...(t.shares as number[])],
    currency: t.currency as string,
  };
}

/**
 * Each place's prize from the pool: floor(pool × share / 10,000), and the cents the floors leave go
 * to first place, so the prizes always add up to the pool exactly. Places beyond the shares win 0.
 */
export function prizeTable(pool: number, shares: readonly number[]): number[] {
  const prizes = shares.map((s) => Number((BigInt(pool) * BigInt(s)) / 10_000n));
  const left = pool - prizes.reduce((a, b) => a + b, 0);
  if (prizes.length > 0) prizes[0] = (prizes[0] ?? 0) + left;
  return prizes;
}

/** The blind level in play `elapsedMs` after the start, and when it ends (null: the last level, kept). */
export function levelAt(
  levels: readonly BlindLevel[],
  elapsedMs: number,
): { index: number; level: BlindLevel; endsAfterMs: number | null } {
  let end = 0;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    end += level.minutes * 60_000;
    if (elapsedMs < end || i === levels.length - 1) {
      return { index: i, level, endsAfterMs: i === levels.length - 1 ? null : end };
    }
  }
  throw new Error('a tournament without levels');
}

/**
 * The places of the players one hand knocked out, `left` players still holding chips after it: the
 * player who started the hand with more chips finishes higher; players who started it with the same
 * stack share the places they take together, and split those places' prizes (the odd cents one each
 * to the first in the order given: seat order from the button's left).
 */
export function bustPlaces(
  busted: readonly { seat: number; startStack: number }[],
  left: number,
  prizes: readonly number[],
): { seat: number; place: number; prize: number }[] {
  const sorted = [...busted].sort((a, b) => b.startStack - a.startStack);
  const out: { seat: number; place: number; prize: number }[] = [];
  let place = left + 1;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.startStack === sorted[i]!.startStack) j++;
    const group = sorted.slice(i, j);
    const pot = group.reduce((sum, _, k) => sum + (prizes[place - 1 + k] ?? 0), 0);
    const each = Math.floor(pot / group.length);
    const odd = pot - each * group.length;
    group.forEach((p, k) => {
      out.push({ seat: p.seat, place, prize: each + (k < odd ? 1 : 0) });
    });
    place += group.length;
    i = j;
  }
  return out;
}
