import { lineOutcome } from '../model/lines';
import type { EventResult, Fixture, MarketType, Outcome, Period, PeriodScore } from '../types';

// Stand-ins for the model functions the book calls (model/markets.ts, model/bets.ts,
// feed/simulator.ts), written by other engineers at the same time: the same names and signatures,
// so that at integration this file is deleted and the book's imports point at those modules. Only
// what the book calls is here.

// ---- model/markets.ts ----

function scoreOf(result: EventResult, period: Period): PeriodScore | undefined {
  return period === 'h1' ? result.h1 : result.ft;
}

/** How one selection of a market settles on a result (types.ts names each market type's rule). */
export function settleSelection(
  market: { type: MarketType; period: Period; line4?: number | undefined },
  selectionKey: string,
  result: EventResult,
): Outcome {
  const score = scoreOf(result, market.period);
  if (!score) return 'void';
  const d = score.decided;
  const c = score.counted;
  const side = d.home > d.away ? 'home' : d.home < d.away ? 'away' : 'draw';
  const winIf = (yes: boolean): Outcome => (yes ? 'win' : 'lose');
  const line4 = market.line4 ?? 0;
  switch (market.type) {
    case '1x2':
      return winIf(selectionKey === side);
    case 'double_chance':
      return winIf(selectionKey.split('_').includes(side));
    case 'winner':
      return side === 'draw' ? 'push' : winIf(selectionKey === side);
    case 'draw':
      return winIf(side === 'draw');
    case 'handicap':
      return selectionKey === 'home'
        ? lineOutcome((c.home - c.away) * 4, line4)
        : lineOutcome((c.away - c.home) * 4, -line4);
    case 'total': {
      const t = c.home + c.away;
      return selectionKey === 'over' ? lineOutcome(t * 4, -line4) : lineOutcome(-t * 4, line4);
    }
    case 'correct_score':
      // The stand-in's listed scores are 0-4 a side; 'other' is every score beyond.
      if (selectionKey === 'other') return winIf(c.home > 4 || c.away > 4);
      return winIf(selectionKey === `${c.home}-${c.away}`);
    case 'btts':
      return winIf((c.home > 0 && c.away > 0) === (selectionKey === 'yes'));
  }
}

// ---- model/bets.ts ----

/** A leg's factor as an exact fraction: odds for a win, (1 + odds) / 2 half won, 1 push or void, 1/2 half lost, 0 lost. */
export function legFactor(outcome: Outcome, odds1000: number): { num: bigint; den: bigint } {
  switch (outcome) {
    case 'win':
      return { num: BigInt(odds1000), den: 1000n };
    case 'half_win':
      return { num: BigInt(odds1000 + 1000), den: 2000n };
    case 'push':
    case 'void':
      return { num: 1n, den: 1n };
    case 'half_lose':
      return { num: 1n, den: 2n };
    case 'lose':
      return { num: 0n, den: 1n };
  }
}

/** floor(stake x the product of the legs' factors), in bigint arithmetic. */
export function payout(stake: number, legs: { odds1000: number; outcome: Outcome }[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const leg of legs) {
    const f = legFactor(leg.outcome, leg.odds1000);
    num *= f.num;
    den *= f.den;
  }
  return Number(num / den);
}

/** Every k-subset of 0..n-1, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** A system bet's payout: each combination of `size` legs is a multiple of `stakePerCombination`. */
export function systemPayout(
  stakePerCombination: number,
  legs: { odds1000: number; outcome: Outcome }[],
  size: number,
): number {
  let total = 0;
  for (const combo of combinations(legs.length, size)) {
    total += payout(
      stakePerCombination,
      combo.map((i) => legs[i] as { odds1000: number; outcome: Outcome }),
    );
  }
  return total;
}

/** What a bet pays if every leg wins: a multiple (or single) of `stake`, or a system bet with `size`. */
export function potentialPayout(stake: number, odds1000: number[], size?: number): number {
  const legs = odds1000.map((o) => ({ odds1000: o, outcome: 'win' as const }));
  return size === undefined ? payout(stake, legs) : systemPayout(stake, legs, size);
}

/** The product of decimal odds, in thousandths rounded down. */
export function combinedOdds1000(odds: number[]): number {
  let num = 1000n;
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return Number(num / den);
}

/**
 * What the book pays now to end `stake` of a bet (per combination for a system bet): each open leg
 * valued at its taken odds over its current odds (so the book keeps the current price's margin),
 * each settled leg at its factor; null when an open leg has no current price (suspended, unpriced).
 */
export function cashOutValue(bet: {
  stake: number;
  size: number | null;
  legs: { odds1000: number; outcome: Outcome | null; currentOdds1000: number | null }[];
}): number | null {
  if (bet.legs.some((l) => l.outcome === null && l.currentOdds1000 === null)) return null;
  const worth = (legs: typeof bet.legs) => {
    let num = BigInt(bet.stake);
    let den = 1n;
    for (const l of legs) {
      if (l.outcome !== null) {
        const f = legFactor(l.outcome, l.odds1000);
        num *= f.num;
        den *= f.den;
      } else {
        num *= BigInt(l.odds1000);
        den *= BigInt(l.currentOdds1000 as number);
      }
    }
    return Number(num / den);
  };
  if (bet.size === null) return worth(bet.legs);
  let total = 0;
  for (const combo of combinations(bet.legs.length, bet.size)) {
    total += worth(combo.map((i) => bet.legs[i] as (typeof bet.legs)[number]));
  }
  return total;
}

// ---- feed/simulator.ts ----

/**
 * The match the simulator plays from `seed`, replayed: its result. The stand-in has no simulator
 * and answers null (the verifier then says the replay is not available).
 */
export function replayMatch(_fixture: Fixture, _seed: string): { result: EventResult } | null {
  return null;
}
