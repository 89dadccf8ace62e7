import { MIN_ODDS, type Outcome } from '../types';

// Slip arithmetic: what a single, a multiple or a system bet pays, and what an open bet is worth now
// (cash-out). Every product is an exact fraction in bigint and is floored once, at the end, to
// minor units (docs/sportsbook.md "Integers"). Amounts come in as integers of minor units, number
// or bigint, and go out in the same type; a number result beyond Number.MAX_SAFE_INTEGER (only a
// multiple far past any payout limit) is the nearest double, so a caller that pays money caps the
// payout at its limit first.

/** An exact non-negative fraction. */
export type Fraction = { num: bigint; den: bigint };

/** A leg as it settled: the odds taken and the outcome of its selection. */
export type SettledLeg = { odds1000: number; outcome: Outcome };

/**
 * A leg of an open bet: settled (outcome) or still running at its current price (null while
 * suspended or unpriced), which holds the book's margin for its market, `marginPpm` (the league's
 * margin times the market type's factor, as the book priced it; 0 when left out).
 */
export type OpenBetLeg = {
  odds1000: number;
  outcome: Outcome | null;
  currentOdds1000: number | null;
  marginPpm?: number;
};

function checkOdds(odds1000: number): bigint {
  if (!Number.isSafeInteger(odds1000) || odds1000 < 1000) throw new RangeError(`bets: odds ${odds1000} are no price`);
  return BigInt(odds1000);
}

function checkAmount(amount: number | bigint): bigint {
  if (typeof amount === 'bigint') {
    if (amount < 0n) throw new RangeError(`bets: negative amount ${amount}`);
    return amount;
  }
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`bets: ${amount} is no amount of minor units`);
  return BigInt(amount);
}

/** A number or a bigint, and the same type back: amounts leave as they came. */
type Amount<T extends number | bigint> = T extends bigint ? bigint : number;

function sameType<T extends number | bigint>(like: T, value: bigint): Amount<T> {
  return (typeof like === 'bigint' ? value : Number(value)) as Amount<T>;
}

/** A leg's factor as an exact fraction: odds for a win, (1 + odds) / 2 half won, 1 push or void, 1/2 half lost, 0 lost. */
export function legFactor(outcome: Outcome, odds1000: number): Fraction {
  const odds = checkOdds(odds1000);
  switch (outcome) {
    case 'win':
      return { num: odds, den: 1000n };
    case 'half_win':
      return { num: odds + 1000n, den: 2000n };
    case 'push':
    case 'void':
      return { num: 1n, den: 1n };
    case 'half_lose':
      return { num: 1n, den: 2n };
    case 'lose':
      return { num: 0n, den: 1n };
  }
}

/** stake x the product of the factors, exact. */
function times(stake: bigint, factors: Iterable<Fraction>): Fraction {
  let num = stake;
  let den = 1n;
  for (const f of factors) {
    num *= f.num;
    den *= f.den;
  }
  return { num, den };
}

function settledFactors(legs: readonly SettledLeg[]): Fraction[] {
  return legs.map((leg) => legFactor(leg.outcome, leg.odds1000));
}

/** floor(stake x the product of the legs' factors): a single (one leg) or a multiple. */
export function payout<T extends number | bigint>(stake: T, legs: readonly SettledLeg[]): Amount<T> {
  const f = times(checkAmount(stake), settledFactors(legs));
  return sameType(stake, f.num / f.den);
}

/** Every k-subset of 0..n-1, each ascending, in lexicographic order (a system bet's combinations). */
export function combinations(n: number, k: number): number[][] {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0 || k < 0) throw new RangeError('bets: bad combination');
  const out: number[][] = [];
  if (k > n) return out;
  const pick = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    out.push([...pick]);
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i--;
    if (i < 0) return out;
    pick[i]! += 1;
    for (let j = i + 1; j < k; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/** How many combinations of k legs n legs make: C(n, k), exact. */
export function combinationCount(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return Number(c);
}

/** A system bet's payout: the sum of every `size`-leg combination's payout as a multiple of `stakePerCombination`. */
export function systemPayout<T extends number | bigint>(
  stakePerCombination: T,
  legs: readonly SettledLeg[],
  size: number,
): Amount<T> {
  const stake = checkAmount(stakePerCombination);
  const factors = settledFactors(legs);
  let total = 0n;
  for (const combo of combinations(legs.length, size)) {
    const f = times(
      stake,
      combo.map((i) => factors[i]!),
    );
    total += f.num / f.den;
  }
  return sameType(stakePerCombination, total);
}

/**
 * The part of a settled stake that was at risk: its valid bet (docs/sportsbook.md "Turnover is the
 * stake at risk"). A leg risks the whole stake riding on it when it wins or loses, half when it
 * half wins or half loses (the other half pushed) and none when it pushes or is void; a multiple's
 * stake is at risk unless every leg left it unrisked, so the part returned without risk is the
 * stake times the product over the legs of (1 - the share each risks), rounded down: a single
 * void or push 0, a half 1/2 of the stake, a multiple with one void leg and another leg decided
 * the whole stake, one with a half lost and a void leg half. A system bet sums its combinations
 * (stakePerCombination each). What is returned without risk is never more than the bet pays,
 * since every leg's factor is at least its unrisked share.
 */
export function stakeAtRisk(stake: number, outcomes: readonly Outcome[], size?: number): number {
  const unrisked = (legs: readonly Outcome[]) => {
    let halves = 0;
    for (const o of legs) {
      if (o === 'win' || o === 'lose') return 0;
      if (o === 'half_win' || o === 'half_lose') halves++;
    }
    return Math.floor(stake / 2 ** halves);
  };
  checkAmount(stake);
  if (size === undefined) return stake - unrisked(outcomes);
  let total = 0;
  for (const combo of combinations(outcomes.length, size)) total += stake - unrisked(combo.map((i) => outcomes[i]!));
  return total;
}

/** What a bet pays if every leg wins: a single or multiple of `stake`, or with `size` a system bet of `stake` per combination. */
export function potentialPayout<T extends number | bigint>(
  stake: T,
  odds1000: readonly number[],
  size?: number,
): Amount<T> {
  const legs = odds1000.map((o) => ({ odds1000: o, outcome: 'win' as const }));
  return size === undefined ? payout(stake, legs) : systemPayout(stake, legs, size);
}

/** A multiple's odds for display: the product of its legs' odds, in thousandths rounded down. */
export function combinedOdds1000(odds1000: readonly number[]): number {
  let num = 1000n;
  let den = 1n;
  for (const o of odds1000) {
    num *= checkOdds(o);
    den *= 1000n;
  }
  return Number(num / den);
}

function checkPpm(ppm: number, what: string, max: number): bigint {
  if (!Number.isInteger(ppm) || ppm < 0 || ppm >= max) throw new RangeError(`bets: ${what} ${ppm} ppm`);
  return BigInt(ppm);
}

/**
 * One multiple's fair value before the floor (without the cash-out margin), or null when an open
 * leg has no price. An open leg's price was made to return 1 / (1 + m) of a stake on it (model/
 * margin.ts), so its chance of winning is 1 / (current x (1 + m)) and a stake taken at `odds1000`
 * is worth taken / (current x (1 + m)) of itself: the book's margin comes off the current price.
 */
function multipleValue(stake: bigint, legs: readonly OpenBetLeg[]): Fraction | null {
  const factors: Fraction[] = [];
  for (const leg of legs) {
    if (leg.outcome !== null) {
      factors.push(legFactor(leg.outcome, leg.odds1000));
      continue;
    }
    const current = leg.currentOdds1000;
    if (current === null || !Number.isSafeInteger(current) || current < MIN_ODDS) return null;
    const margin = checkPpm(leg.marginPpm ?? 0, 'leg margin', 10_000_000);
    factors.push({ num: checkOdds(leg.odds1000) * 1_000_000n, den: BigInt(current) * (1_000_000n + margin) });
  }
  return times(stake, factors);
}

/**
 * What the book pays now to end a bet of `stake` (per combination with `size`, a system bet): its
 * fair value at the current prices with the book's margin taken off them (stake x the settled legs'
 * factors x each open leg's taken / (current x (1 + its market's margin))), less one cash-out
 * margin for the whole bet, however many legs it has: x (1 - cashOutMarginPpm), floored per
 * combination. So it is never more than the bet's fair value. Null when an open leg is suspended
 * or unpriced, and when no leg is open any more: a bet whose every leg has a result is settled on
 * it, never bought back.
 */
export function cashOutValue<T extends number | bigint>(
  bet: { stake: T; size: number | null; legs: readonly OpenBetLeg[] },
  cashOutMarginPpm = 0,
): Amount<T> | null {
  const keep = 1_000_000n - checkPpm(cashOutMarginPpm, 'cash-out margin', 1_000_000);
  const stake = checkAmount(bet.stake);
  if (!bet.legs.some((l) => l.outcome === null)) return null;
  const groups =
    bet.size === null ? [bet.legs] : combinations(bet.legs.length, bet.size).map((c) => c.map((i) => bet.legs[i]!));
  let total = 0n;
  for (const legs of groups) {
    const f = multipleValue(stake, legs);
    if (f === null) return null;
    total += (f.num * keep) / (f.den * 1_000_000n);
  }
  return sameType(bet.stake, total);
}

/**
 * Cash-out of `part` of an open bet's stake: what `part` is worth now (as cashOutValue), and the
 * stake that keeps running (the rest, whose potential payout shrinks in proportion); null when an
 * open leg has no price. Two parts never pay more than the whole at once (each floors on its own).
 */
export function partialCashOut<T extends number | bigint>(
  bet: { stake: T; size: number | null; legs: readonly OpenBetLeg[] },
  part: T,
  cashOutMarginPpm = 0,
): { value: Amount<T>; remainingStake: Amount<T> } | null {
  const stake = checkAmount(bet.stake);
  const cashed = checkAmount(part);
  if (cashed === 0n || cashed > stake) throw new RangeError(`bets: cannot cash out ${part} of ${bet.stake}`);
  const value = cashOutValue({ ...bet, stake: part }, cashOutMarginPpm);
  if (value === null) return null;
  return { value, remainingStake: sameType(bet.stake, stake - cashed) };
}
