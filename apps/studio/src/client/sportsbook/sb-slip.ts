// The bet slip's rules and arithmetic, with no DOM: which bets a slip of legs may hold (singles,
// the multiple, system bets), what each costs and may pay, which price changes the player still has
// to accept under their odds-change rule, the quick stake chips, and the body POST /api/sb/bets
// takes, and the bet builders the book quotes for two or more legs of one match (priced by the
// book together, at one price: the slip shows that price and never works one out). Payouts are worked as the book works them (docs/sportsbook.md "Integers"): floor(stake x
// product of the legs' odds) in bigint arithmetic on odds in thousandths, so the slip never shows a
// cent the book would not pay.
import type { BuilderQuote, OddsChangeRule, PlaceRequest } from '../../sportsbook/api';
import type { MarketType, Period, Sport } from '../../sportsbook/types';

export type LegStatus = 'open' | 'suspended' | 'closed' | 'settled' | 'unavailable';

export type SlipLeg = {
  selectionId: string;
  eventId: string;
  home: string;
  away: string;
  sport: Sport;
  /** In play when added or since: its bets wait out the book's in-play delay. */
  live: boolean;
  market: { key: string; type: MarketType; period: Period; line4: number | null };
  /** The selection's key in its market (home, draw, over, 2-1...). */
  selection: string;
  /** The price now (null when the selection is not offered). */
  odds1000: number | null;
  /** The price the player accepted: the one sent with the bet and the one payouts are shown at. */
  taken: number | null;
  /** The price before the last change, for the old -> new mark. */
  was: number | null;
  status: LegStatus;
};

export type SlipStakes = {
  /** Per single, by selection id (minor units; 0 or absent = no single). */
  single: Record<string, number>;
  multiple: number;
  /** Per combination, by system size. */
  system: Record<number, number>;
  /** Per bet builder, by its match's event id. */
  builder?: Record<string, number>;
};

export type StakeTarget =
  | { kind: 'single'; selectionId: string }
  | { kind: 'multiple' }
  | { kind: 'system'; size: number }
  | { kind: 'builder'; eventId: string };

/** Why a multiple of these legs cannot be offered, or null. */
export type MultipleRefusal = 'same_event' | 'too_many' | null;

/** The most legs a system bet is offered for: 8 legs make at most 70 combinations of one size. */
export const SYSTEM_MAX_LEGS = 8;

export function multipleRefusal(legs: readonly SlipLeg[], maxLegs: number): MultipleRefusal {
  const events = new Set(legs.map((l) => l.eventId));
  if (events.size < legs.length) return 'same_event';
  if (legs.length > maxLegs) return 'too_many';
  return null;
}

/** Whether the slip offers a multiple: two legs or more, none of one event with another, within the leg limit. */
export function multipleOffered(legs: readonly SlipLeg[], maxLegs: number): boolean {
  return legs.length >= 2 && multipleRefusal(legs, maxLegs) === null;
}

/** The system sizes offered: 2/3, 2/4 and 3/4, ... (every size from 2 to legs - 1) when a multiple is. */
export function systemSizes(legs: readonly SlipLeg[], maxLegs: number): number[] {
  if (legs.length < 3 || legs.length > SYSTEM_MAX_LEGS || !multipleOffered(legs, maxLegs)) return [];
  return Array.from({ length: legs.length - 2 }, (_, i) => i + 2);
}

/** n choose k. */
export function combinations(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** Every k-subset of 0..n-1, in order. */
export function* subsets(n: number, k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k === 0 || k > n) return;
  for (;;) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** floor(stake x product of odds), odds in thousandths, in bigint arithmetic. */
export function payoutAt(stake: number, odds: readonly number[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return Number(num / den);
}

/** The product of the legs' odds, in thousandths, rounded down (the multiple's odds a slip shows). */
export function combinedOdds(odds: readonly number[]): number {
  return payoutAt(1000, odds);
}

/** One bet the slip would place, with its cost and what it pays if every leg in it wins. */
export type SlipBet = {
  target: StakeTarget;
  /** Minor units: per bet (per combination for a system bet). */
  stake: number;
  combinations: number;
  totalStake: number;
  /** At the accepted prices; 0 when a leg of it has no price. */
  potentialPayout: number;
  /** The legs it stands on. */
  legs: string[];
  /** A bet builder's joint price, as the book quoted it. */
  odds1000?: number;
};

const priced = (legs: readonly SlipLeg[]) => legs.every((l) => l.taken !== null);
const takenOdds = (legs: readonly SlipLeg[]) => legs.map((l) => l.taken ?? 0);

/**
 * The bet builders the slip offers: those the last quote priced, for matches whose legs are all
 * still on the slip (a builder quoted for legs since removed is not offered until quoted again).
 */
export function offeredBuilders(legs: readonly SlipLeg[], builders: readonly BuilderQuote[]): BuilderQuote[] {
  const ids = new Set(legs.map((l) => l.selectionId));
  return builders.filter((b) => {
    const now = legs.filter((l) => l.eventId === b.eventId).map((l) => l.selectionId);
    return b.selectionIds.every((id) => ids.has(id)) && now.length === b.selectionIds.length;
  });
}

/** The bet builders with a stake on them, each at the joint price the book quoted. */
function builderBets(legs: readonly SlipLeg[], stakes: SlipStakes, builders: readonly BuilderQuote[]): SlipBet[] {
  const bets: SlipBet[] = [];
  for (const b of offeredBuilders(legs, builders)) {
    const stake = stakes.builder?.[b.eventId] ?? 0;
    if (stake <= 0 || b.odds1000 === null) continue;
    bets.push({
      target: { kind: 'builder', eventId: b.eventId },
      stake,
      combinations: 1,
      totalStake: stake,
      potentialPayout: payoutAt(stake, [b.odds1000]),
      legs: b.selectionIds,
      odds1000: b.odds1000,
    });
  }
  return bets;
}

/** The bets the slip holds with a stake on them (singles in leg order, the multiple, systems by size, builders). */
export function slipBets(
  legs: readonly SlipLeg[],
  stakes: SlipStakes,
  maxLegs: number,
  builders: readonly BuilderQuote[] = [],
): SlipBet[] {
  const bets: SlipBet[] = [];
  for (const leg of legs) {
    const stake = stakes.single[leg.selectionId] ?? 0;
    if (stake <= 0) continue;
    bets.push({
      target: { kind: 'single', selectionId: leg.selectionId },
      stake,
      combinations: 1,
      totalStake: stake,
      potentialPayout: leg.taken === null ? 0 : payoutAt(stake, [leg.taken]),
      legs: [leg.selectionId],
    });
  }
  const all = legs.map((l) => l.selectionId);
  if (multipleOffered(legs, maxLegs) && stakes.multiple > 0) {
    bets.push({
      target: { kind: 'multiple' },
      stake: stakes.multiple,
      combinations: 1,
      totalStake: stakes.multiple,
      potentialPayout: priced(legs) ? payoutAt(stakes.multiple, takenOdds(legs)) : 0,
      legs: all,
    });
  }
  for (const size of systemSizes(legs, maxLegs)) {
    const stake = stakes.system[size] ?? 0;
    if (stake <= 0) continue;
    const count = combinations(legs.length, size);
    let potential = 0;
    if (priced(legs)) {
      const odds = takenOdds(legs);
      for (const pick of subsets(legs.length, size))
        potential += payoutAt(
          stake,
          pick.map((i) => odds[i]!),
        );
    }
    bets.push({
      target: { kind: 'system', size },
      stake,
      combinations: count,
      totalStake: stake * count,
      potentialPayout: potential,
      legs: all,
    });
  }
  bets.push(...builderBets(legs, stakes, builders));
  return bets;
}

export function totals(bets: readonly SlipBet[]): { stake: number; potentialPayout: number; count: number } {
  return {
    stake: bets.reduce((t, b) => t + b.totalStake, 0),
    potentialPayout: bets.reduce((t, b) => t + b.potentialPayout, 0),
    count: bets.reduce((t, b) => t + b.combinations, 0),
  };
}

/**
 * A price that moved: under "accept any" the player takes every new price, under "accept higher"
 * only a better one; anything else waits for the player to accept it. Returns the leg's new state.
 */
export function repriceLeg(leg: SlipLeg, odds1000: number | null, rule: OddsChangeRule): SlipLeg {
  if (odds1000 === leg.odds1000) return leg;
  const better = odds1000 !== null && (leg.taken === null || odds1000 > leg.taken);
  const takes = odds1000 !== null && (rule === 'any' || (rule === 'higher' && better));
  return { ...leg, was: leg.odds1000, odds1000, taken: takes ? odds1000 : leg.taken };
}

/** The legs whose price now differs from the one the player accepted: the slip asks before placing. */
export function changesToAccept(legs: readonly SlipLeg[]): SlipLeg[] {
  return legs.filter((l) => l.odds1000 !== null && l.odds1000 !== l.taken);
}

/** The player accepts the prices shown now. */
export function acceptPrices(legs: readonly SlipLeg[]): SlipLeg[] {
  return legs.map((l) => (l.odds1000 !== null && l.odds1000 !== l.taken ? { ...l, taken: l.odds1000, was: null } : l));
}

/** A leg that cannot be bet now: its market suspended or closed, or its selection not offered. */
export const legBlocked = (leg: SlipLeg) => leg.status !== 'open' || leg.odds1000 === null || leg.taken === null;

/** What stops the slip's bets from being placed now, the first reason found; null when they may be. */
export function placeBlock(
  legs: readonly SlipLeg[],
  bets: readonly SlipBet[],
  balance: number | null,
): 'no_stake' | 'blocked_leg' | 'accept' | 'funds' | null {
  if (!bets.length) return 'no_stake';
  const used = new Set(bets.flatMap((b) => b.legs));
  if (legs.some((l) => used.has(l.selectionId) && legBlocked(l))) return 'blocked_leg';
  if (changesToAccept(legs.filter((l) => used.has(l.selectionId))).length) return 'accept';
  if (balance !== null && totals(bets).stake > balance) return 'funds';
  return null;
}

/** The request that places the slip's bets at the accepted prices. */
export function placeRequest(
  legs: readonly SlipLeg[],
  bets: readonly SlipBet[],
  requestId: string,
  oddsChange: OddsChangeRule,
): PlaceRequest {
  const used = new Set(bets.flatMap((b) => b.legs));
  return {
    requestId,
    legs: legs.filter((l) => used.has(l.selectionId)).map((l) => ({ selectionId: l.selectionId, odds1000: l.taken! })),
    bets: bets.map((b) => betRequest(b)),
    oddsChange,
  };
}

function betRequest(b: SlipBet): PlaceRequest['bets'][number] {
  switch (b.target.kind) {
    case 'single':
      return { kind: 'single', selectionId: b.target.selectionId, stake: b.stake };
    case 'multiple':
      return { kind: 'multiple', stake: b.stake };
    case 'system':
      return { kind: 'system', size: b.target.size, stake: b.stake };
    case 'builder':
      return { kind: 'builder', selectionIds: b.legs, stake: b.stake, ...(b.odds1000 ? { odds1000: b.odds1000 } : {}) };
  }
}

const SERIES = [1, 2, 5];
/** The 1-2-5 series in minor units, from 1.00 up. */
function seriesValue(i: number): number {
  return SERIES[i % 3]! * 10 ** Math.floor(i / 3) * 100;
}

/**
 * The quick stake chips: four round amounts of the 1-2-5 series, the smallest the first at least
 * ten times the minimum stake (and at least 10.00), then about 5x, 10x and 50x it.
 */
export function stakeChips(minStake: number): number[] {
  const floor = Math.max(minStake * 10, 1000);
  let i = 0;
  while (seriesValue(i) < floor) i++;
  return [seriesValue(i), seriesValue(i + 2), seriesValue(i + 3), seriesValue(i + 5)];
}

/** Where a chip's amount goes when the player has not picked a stake field: the multiple, else the first single. */
export function defaultTarget(legs: readonly SlipLeg[], maxLegs: number): StakeTarget | null {
  if (multipleOffered(legs, maxLegs)) return { kind: 'multiple' };
  const first = legs[0];
  return first ? { kind: 'single', selectionId: first.selectionId } : null;
}

export function stakeOf(stakes: SlipStakes, target: StakeTarget): number {
  if (target.kind === 'single') return stakes.single[target.selectionId] ?? 0;
  if (target.kind === 'multiple') return stakes.multiple;
  if (target.kind === 'builder') return stakes.builder?.[target.eventId] ?? 0;
  return stakes.system[target.size] ?? 0;
}

export function withStake(stakes: SlipStakes, target: StakeTarget, minor: number): SlipStakes {
  const value = Math.max(0, Math.floor(minor));
  if (target.kind === 'single') return { ...stakes, single: { ...stakes.single, [target.selectionId]: value } };
  if (target.kind === 'multiple') return { ...stakes, multiple: value };
  if (target.kind === 'builder') return { ...stakes, builder: { ...stakes.builder, [target.eventId]: value } };
  return { ...stakes, system: { ...stakes.system, [target.size]: value } };
}

export const targetKey = (t: StakeTarget) =>
  t.kind === 'single'
    ? `single:${t.selectionId}`
    : t.kind === 'multiple'
      ? 'multiple'
      : t.kind === 'builder'
        ? `builder:${t.eventId}`
        : `system:${t.size}`;

/** The part of an open bet's cash-out value for cashing out `part` of its open stake (rounded down). */
export function partialCashOut(cashOut: number, openStake: number, part: number): number {
  if (openStake <= 0 || part <= 0) return 0;
  if (part >= openStake) return cashOut;
  return Number((BigInt(cashOut) * BigInt(part)) / BigInt(openStake));
}
