// Every catalogue slot title is a distinct game: slotConfigFor(gameCode) derives, from a seed of the
// code, a theme, a reel layout (paylines or ways), reel strips, a paytable and a volatility, and
// calibrates the paytable so that the EXACT return to player (computed analytically below, not by
// simulation) equals the declared RTP within 0.05 percentage point.
//
// Why the RTP can be computed exactly: each reel stops uniformly on its strip, independently of the
// other reels. The symbol a payline sees on a reel is therefore distributed as that strip's symbol
// frequencies, independently across reels, which gives exact line probabilities; in ways mode the
// expected product of per-reel counts is the product of per-reel expectations. Scatter counts come
// from enumerating every stop of every reel and convolving. Free spins are i.i.d. spins, so by Wald's
// identity their return is E[number of free spins] x E[free spin win], and E[number] (with
// retriggers and a cap) is an exact dynamic program. All pays are integers (coins for line/ways pays,
// whole stakes for scatter pays), so a win is an integer number of minor units and no rounding
// enters the return.

import type { Rng } from '../../../kit/fair/rng';
import { createSimRng } from '../../../kit/fair/sim-rng';
import { SLOT_THEMES } from './themes';

export type Volatility = 'low' | 'medium' | 'high';
export type SlotMode = 'lines' | 'ways';

export interface SlotSymbolInfo {
  id: number;
  name: string;
  glyph: string;
  kind: 'regular' | 'wild' | 'scatter';
}

export interface SlotConfig {
  gameCode: string;
  theme: string;
  volatility: Volatility;
  mode: SlotMode;
  reels: number;
  rows: number;
  /** Lines mode: the row of each reel for every payline. Empty in ways mode. */
  paylines: number[][];
  /** Ways mode: rows ^ reels. 0 in lines mode. */
  ways: number;
  /** Coins per spin: stake = coin x betMultiplier (the payline count in lines mode). */
  betMultiplier: number;
  /** Index = symbol id: regular symbols 0..regularCount-1 (0 pays best), then wild, then scatter. */
  symbols: SlotSymbolInfo[];
  regularCount: number;
  wild: number;
  scatter: number;
  /** One strip per reel (symbol ids); the window shows `rows` consecutive positions from the stop, wrapping. */
  strips: number[][];
  /**
   * pays[symbol][run] in coins for a run of `run` reels from the left (lines: per line; ways: per way).
   * A run of leading wilds followed by a scatter (or a full line of wilds) pays as symbol 0.
   */
  pays: number[][];
  /** scatterPays[count] in whole stakes, scatters anywhere in the window. */
  scatterPays: number[];
  /** freeSpinAwards[count]: free spins for that many scatters (also retriggers inside free spins). */
  freeSpinAwards: number[];
  freeSpinMultiplier: number;
  /** Most free spins one round can award in all, retriggers included. */
  freeSpinCap: number;
  /** Declared RTP, a fraction in [0.94, 0.975]. */
  declaredRtp: number;
  /** The exact RTP of this configuration (|exactRtp - declaredRtp| <= 0.001). */
  exactRtp: number;
  /** Exact probability that a paid spin triggers free spins. */
  freeSpinTriggerRate: number;
  /** Exact expected number of free spins per paid spin. */
  freeSpinsPerSpin: number;
}

interface Layout {
  reels: number;
  rows: number;
  mode: SlotMode;
  lines: number;
  betMultiplier: number;
}

const LAYOUTS: readonly Layout[] = [
  { reels: 3, rows: 3, mode: 'lines', lines: 5, betMultiplier: 5 },
  { reels: 5, rows: 3, mode: 'lines', lines: 10, betMultiplier: 10 },
  { reels: 5, rows: 3, mode: 'lines', lines: 20, betMultiplier: 20 },
  { reels: 5, rows: 3, mode: 'lines', lines: 25, betMultiplier: 25 },
  { reels: 5, rows: 4, mode: 'lines', lines: 40, betMultiplier: 40 },
  { reels: 5, rows: 4, mode: 'lines', lines: 50, betMultiplier: 50 },
  { reels: 3, rows: 3, mode: 'ways', lines: 0, betMultiplier: 30 },
  { reels: 5, rows: 3, mode: 'ways', lines: 0, betMultiplier: 25 },
  { reels: 5, rows: 4, mode: 'ways', lines: 0, betMultiplier: 50 },
  { reels: 6, rows: 4, mode: 'ways', lines: 0, betMultiplier: 100 },
];

const VOLATILITIES: readonly Volatility[] = ['low', 'medium', 'high'];

interface VolatilityProfile {
  /** Pay growth per tier from the lowest symbol to the top one (exponent). */
  tierPower: number;
  /** Pay growth per extra reel in a run. */
  runGrowth: number;
  /** How much more often low symbols appear than top ones (strip weight slope). */
  weightSlope: number;
  wildsPerReel: number;
  awards: readonly number[];
  multiplier: number;
  cap: number;
}

const PROFILES: Record<Volatility, VolatilityProfile> = {
  low: {
    tierPower: 1.1,
    runGrowth: 2.2,
    weightSlope: 0.35,
    wildsPerReel: 2,
    awards: [8, 10, 12, 15],
    multiplier: 1,
    cap: 50,
  },
  medium: {
    tierPower: 1.5,
    runGrowth: 3.2,
    weightSlope: 0.6,
    wildsPerReel: 2,
    awards: [10, 15, 20, 25],
    multiplier: 2,
    cap: 100,
  },
  high: {
    tierPower: 2.1,
    runGrowth: 4.5,
    weightSlope: 0.9,
    wildsPerReel: 1,
    awards: [12, 20, 25, 30],
    multiplier: 3,
    cap: 150,
  },
};

/** FNV-1a over the code: the same title gets the same game on every node, forever. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function shuffle<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}

/** Paylines: the straight rows first, then seeded paths that move at most one row between reels. */
function makePaylines(reels: number, rows: number, count: number, rng: Rng): number[][] {
  const paths: number[][] = [];
  const walk = (path: number[]) => {
    if (path.length === reels) {
      paths.push(path);
      return;
    }
    const last = path[path.length - 1]!;
    for (let r = Math.max(0, last - 1); r <= Math.min(rows - 1, last + 1); r++) walk([...path, r]);
  };
  for (let r = 0; r < rows; r++) walk([r]);
  const straight = paths.filter((p) => p.every((r) => r === p[0]));
  const others = paths.filter((p) => !p.every((r) => r === p[0]));
  // Classic shapes (V, inverted V, zigzags) come first for the small line counts, as players expect.
  others.sort((a, b) => shapeScore(b) - shapeScore(a));
  const head = others.slice(0, Math.min(others.length, 4));
  const tail = others.slice(head.length);
  shuffle(tail, rng);
  return [...straight, ...head, ...tail].slice(0, count);
}

function shapeScore(path: number[]): number {
  let turns = 0;
  for (let i = 1; i < path.length; i++) turns += Math.abs(path[i]! - path[i - 1]!);
  const symmetric = path.every((r, i) => r === path[path.length - 1 - i]) ? 10 : 0;
  return symmetric + turns;
}

function makeStrips(
  layout: Layout,
  regularCount: number,
  profile: VolatilityProfile,
  wild: number,
  scatter: number,
  rng: Rng,
): number[][] {
  const strips: number[][] = [];
  const length = 30 + 6 * rng.int(4);
  for (let reel = 0; reel < layout.reels; reel++) {
    const strip: number[] = [scatter];
    // Wilds never land on the first reel: a line always starts with a real symbol or a scatter.
    const wilds = reel === 0 ? 0 : profile.wildsPerReel;
    for (let w = 0; w < wilds; w++) strip.push(wild);
    const room = length - strip.length;
    const weights = Array.from(
      { length: regularCount },
      (_, t) => 1 + t * profile.weightSlope * (0.8 + 0.4 * rng.next()),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map((w) => Math.max(1, Math.floor((w / total) * room)));
    let left = room - counts.reduce((a, b) => a + b, 0);
    while (left > 0) {
      counts[regularCount - 1 - rng.int(Math.ceil(regularCount / 2))]! += 1;
      left--;
    }
    counts.forEach((c, s) => {
      for (let i = 0; i < c; i++) strip.push(s);
    });
    shuffle(strip, rng);
    strips.push(strip);
  }
  return strips;
}

/** Probability of each symbol at one position of a reel (uniform stop => strip frequencies). */
function symbolProbabilities(strip: number[], symbolCount: number): number[] {
  const p = new Array<number>(symbolCount).fill(0);
  for (const s of strip) p[s]! += 1 / strip.length;
  return p;
}

/** Distribution (index = count) of how many window cells of a reel match, over all its stops. */
function windowCountDistribution(strip: number[], rows: number, matches: (s: number) => boolean): number[] {
  const dist = new Array<number>(rows + 1).fill(0);
  for (let stop = 0; stop < strip.length; stop++) {
    let c = 0;
    for (let r = 0; r < rows; r++) if (matches(strip[(stop + r) % strip.length]!)) c++;
    dist[c]! += 1 / strip.length;
  }
  return dist;
}

function convolve(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j]! += a[i]! * b[j]!;
  return out;
}

/** The analytic pieces of a configuration's return that do not depend on the paytable values. */
export interface SlotCoefficients {
  /** coef[s][run]: expected stakes returned per coin of pays[s][run] (line or ways wins, one spin). */
  coef: number[][];
  /** P(scatter count = n) in one spin. */
  scatterDistribution: number[];
  /** E[free spins per paid spin], retriggers and cap included. */
  freeSpinsPerSpin: number;
  freeSpinTriggerRate: number;
}

type CoefInput = Pick<
  SlotConfig,
  | 'mode'
  | 'reels'
  | 'rows'
  | 'paylines'
  | 'betMultiplier'
  | 'strips'
  | 'regularCount'
  | 'wild'
  | 'scatter'
  | 'freeSpinAwards'
  | 'freeSpinCap'
>;

export function slotCoefficients(c: CoefInput): SlotCoefficients {
  const n = c.reels;
  const symbolCount = c.regularCount + 2;
  const p = c.strips.map((strip) => symbolProbabilities(strip, symbolCount));
  const coef = Array.from({ length: c.regularCount }, () => new Array<number>(n + 1).fill(0));
  if (c.mode === 'lines') {
    // One line's expected pay in coins; stake = lines x coin, so per-line coins are stakes of return.
    for (let s = 0; s < c.regularCount; s++) {
      for (let k = 1; k <= n; k++) {
        let total = 0;
        let leadWilds = 1;
        for (let j = 0; j < k; j++) {
          // j leading wilds, s at reel j, s-or-wild on reels j+1..k-1, anything else on reel k.
          let q = leadWilds * p[j]![s]!;
          for (let i = j + 1; i < k; i++) q *= p[i]![s]! + p[i]![c.wild]!;
          if (k < n) q *= 1 - p[k]![s]! - p[k]![c.wild]!;
          total += q;
          leadWilds *= p[j]![c.wild]!;
        }
        coef[s]![k]! += total;
      }
    }
    // Leading wilds ended by a scatter (or a whole line of wilds) pay as the top symbol.
    let leadWilds = 1;
    for (let j = 0; j <= n; j++) {
      const end = j < n ? p[j]![c.scatter]! : 1;
      coef[0]![j]! += leadWilds * end;
      if (j < n) leadWilds *= p[j]![c.wild]!;
    }
  } else {
    for (let s = 0; s < c.regularCount; s++) {
      const isS = (x: number) => x === s || x === c.wild;
      let product = 1;
      for (let k = 1; k <= n; k++) {
        const prev = k - 1;
        product *= c.rows * (p[prev]![s]! + p[prev]![c.wild]!);
        const stop = k < n ? windowCountDistribution(c.strips[k]!, c.rows, isS)[0]! : 1;
        coef[s]![k]! += (product * stop) / c.betMultiplier;
      }
    }
  }
  let scatterDistribution = [1];
  for (const strip of c.strips) {
    scatterDistribution = convolve(
      scatterDistribution,
      windowCountDistribution(strip, c.rows, (x) => x === c.scatter),
    );
  }
  const award = (count: number) => c.freeSpinAwards[count] ?? 0;
  const expected = expectedFreeSpins(scatterDistribution, award, c.freeSpinCap);
  let trigger = 0;
  let perSpin = 0;
  scatterDistribution.forEach((q, count) => {
    const a = Math.min(award(count), c.freeSpinCap);
    if (a > 0) {
      trigger += q;
      perSpin += q * expected(a);
    }
  });
  return { coef, scatterDistribution, freeSpinsPerSpin: perSpin, freeSpinTriggerRate: trigger };
}

/**
 * E[free spins played | a first award of `a`], retriggers included, total awarded capped at `cap`.
 * g(r, a) = expected spins still to play with r left and a awarded so far; g(0, a) = 0 and
 * g(r, a) = 1 + sum_n q_n g(r - 1 + d_n, a + d_n) with d_n = min(award(n), cap - a).
 */
function expectedFreeSpins(q: number[], award: (count: number) => number, cap: number): (initial: number) => number {
  const g: Float64Array[] = Array.from({ length: cap + 1 }, () => new Float64Array(cap + 1));
  for (let a = cap; a >= 1; a--) {
    for (let r = 1; r <= a; r++) {
      let value = 1;
      for (let n = 0; n < q.length; n++) {
        const qn = q[n]!;
        if (qn === 0) continue;
        const d = Math.min(award(n), cap - a);
        value += qn * g[a + d]![r - 1 + d]!;
      }
      g[a]![r] = value;
    }
  }
  return (initial) => g[initial]![initial]!;
}

/** The exact RTP of a paytable given the coefficients. */
export function exactRtpOf(
  k: SlotCoefficients,
  pays: number[][],
  scatterPays: number[],
  freeSpinMultiplier: number,
): number {
  let base = 0;
  pays.forEach((row, s) => {
    row.forEach((pay, run) => {
      base += k.coef[s]![run]! * pay;
    });
  });
  k.scatterDistribution.forEach((q, count) => {
    base += q * (scatterPays[count] ?? 0);
  });
  return base * (1 + k.freeSpinsPerSpin * freeSpinMultiplier);
}

function minimumRun(reels: number): number {
  return reels <= 3 ? reels : 3;
}

/** Scales the paytable's shape to the target and then nudges single entries (integers, monotone in run length). */
function calibrate(
  k: SlotCoefficients,
  shape: number[][],
  scatterPays: number[],
  multiplier: number,
  target: number,
): number[][] {
  const rtpOf = (pays: number[][]) => exactRtpOf(k, pays, scatterPays, multiplier);
  const scaled = (lambda: number) =>
    shape.map((row) => {
      const out = row.map((v) => (v > 0 ? Math.max(1, Math.round(v * lambda)) : 0));
      for (let i = 1; i < out.length; i++) if (out[i - 1]! > 0 && out[i]! < out[i - 1]!) out[i] = out[i - 1]!;
      return out;
    });
  const unit = rtpOf(shape) - rtpOf(shape.map((row) => row.map(() => 0)));
  const fixed = rtpOf(shape.map((row) => row.map(() => 0)));
  const lambda0 = (target - fixed) / unit;
  let best = scaled(lambda0);
  let bestErr = Math.abs(rtpOf(best) - target);
  for (let i = -40; i <= 40; i++) {
    const candidate = scaled(lambda0 * (1 + i * 0.003));
    const err = Math.abs(rtpOf(candidate) - target);
    if (err < bestErr) {
      best = candidate;
      bestErr = err;
    }
  }
  const factor = 1 + k.freeSpinsPerSpin * multiplier;
  for (let iteration = 0; iteration < 100 && bestErr > 0.0001; iteration++) {
    const diff = target - rtpOf(best);
    let choice: { s: number; run: number; delta: number; err: number } | null = null;
    best.forEach((row, s) => {
      row.forEach((pay, run) => {
        if (pay <= 0) return;
        const step = k.coef[s]![run]! * factor;
        if (step <= 0) return;
        let delta = Math.round(diff / step);
        // Monotone: a longer run never pays less, a better symbol never pays less for the same run.
        const low = Math.max(1, row[run - 1] ?? 1, best[s + 1]?.[run] ?? 1);
        const high = Math.min(
          row[run + 1] && row[run + 1]! > 0 ? row[run + 1]! : Number.POSITIVE_INFINITY,
          s > 0 ? best[s - 1]![run]! : Number.POSITIVE_INFINITY,
        );
        // Keep each entry within half of its shaped value so no nudge reshapes the game.
        const limit = Math.max(1, Math.floor(pay / 2));
        if (low > high) return;
        delta = Math.max(-limit, Math.min(limit, delta));
        delta = Math.max(low - pay, Math.min(high - pay, delta));
        if (delta === 0) return;
        const err = Math.abs(diff - delta * step);
        if (!choice || err < choice.err) choice = { s, run, delta, err };
      });
    });
    if (!choice) break;
    const { s, run, delta } = choice as { s: number; run: number; delta: number; err: number };
    const next = best.map((row) => [...row]);
    next[s]![run]! += delta;
    const err = Math.abs(rtpOf(next) - target);
    if (err >= bestErr) break;
    best = next;
    bestErr = err;
  }
  return best;
}

function deriveConfig(gameCode: string, artSeed: number): SlotConfig {
  const rng = createSimRng(seedOf(gameCode) ^ artSeed);
  const theme = SLOT_THEMES[rng.int(SLOT_THEMES.length)]!;
  const volatility = VOLATILITIES[rng.int(VOLATILITIES.length)]!;
  const layout = LAYOUTS[rng.int(LAYOUTS.length)]!;
  const profile = PROFILES[volatility];
  // Declared RTP: 94.00% to 97.50% in steps of 0.01%.
  const declaredRtp = (9400 + rng.int(351)) / 10000;
  const regularCount = layout.reels === 3 ? 6 : 7 + rng.int(3);
  const wild = regularCount;
  const scatter = regularCount + 1;
  const symbols: SlotSymbolInfo[] = [
    ...theme.regular
      .slice(0, regularCount)
      .map((t, id) => ({ id, name: t.name, glyph: t.glyph, kind: 'regular' as const })),
    { id: wild, name: theme.wild.name, glyph: theme.wild.glyph, kind: 'wild' },
    { id: scatter, name: theme.scatter.name, glyph: theme.scatter.glyph, kind: 'scatter' },
  ];
  const strips = makeStrips(layout, regularCount, profile, wild, scatter, rng);
  const paylines = layout.mode === 'lines' ? makePaylines(layout.reels, layout.rows, layout.lines, rng) : [];
  const minRun = minimumRun(layout.reels);
  // Scatter pays in whole stakes and free spin awards, from 3 scatters up (any count beyond the table pays its top).
  const maxScatters = layout.reels;
  const scatterPays = new Array<number>(maxScatters + 1).fill(0);
  const freeSpinAwards = new Array<number>(maxScatters + 1).fill(0);
  const basePays = [2, 10, 50, 100];
  for (let count = 3; count <= maxScatters; count++) {
    scatterPays[count] = basePays[Math.min(count - 3, basePays.length - 1)]!;
    freeSpinAwards[count] = profile.awards[Math.min(count - 3, profile.awards.length - 1)]!;
  }
  const shape = Array.from({ length: regularCount }, (_, s) => {
    const tier = (regularCount - s) ** profile.tierPower;
    return Array.from({ length: layout.reels + 1 }, (_, run) =>
      run >= minRun ? tier * profile.runGrowth ** (run - minRun) : 0,
    );
  });
  const base = {
    gameCode,
    theme: theme.id,
    volatility,
    mode: layout.mode,
    reels: layout.reels,
    rows: layout.rows,
    paylines,
    ways: layout.mode === 'ways' ? layout.rows ** layout.reels : 0,
    betMultiplier: layout.betMultiplier,
    symbols,
    regularCount,
    wild,
    scatter,
    strips,
    scatterPays,
    freeSpinAwards,
    freeSpinMultiplier: profile.multiplier,
    freeSpinCap: profile.cap,
  };
  const k = slotCoefficients(base);
  const pays = calibrate(k, shape, scatterPays, profile.multiplier, declaredRtp);
  const exactRtp = exactRtpOf(k, pays, scatterPays, profile.multiplier);
  return {
    ...base,
    pays,
    // Calibration lands within 0.01 pp in practice; should a title ever miss by more than 0.1 pp,
    // its declared figure is the exact one (rounded to 0.01 pp), so a declared RTP is never untrue.
    declaredRtp: Math.abs(exactRtp - declaredRtp) <= 0.001 ? declaredRtp : Math.round(exactRtp * 10000) / 10000,
    exactRtp,
    freeSpinTriggerRate: k.freeSpinTriggerRate,
    freeSpinsPerSpin: k.freeSpinsPerSpin,
  };
}

const cache = new Map<string, SlotConfig>();
const CACHE_LIMIT = 20_000;

/**
 * The configuration of a catalogue slot title: deterministic in (gameCode, artSeed); cached.
 * artSeed is optional (0 when absent): the studio passes the same value everywhere it builds the game.
 */
export function slotConfigFor(gameCode: string, artSeed = 0): SlotConfig {
  const key = `${gameCode}\u0000${artSeed}`;
  let config = cache.get(key);
  if (!config) {
    config = deriveConfig(gameCode, artSeed >>> 0);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, config);
  }
  return config;
}
