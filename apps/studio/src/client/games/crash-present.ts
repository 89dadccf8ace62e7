// What the crash page shows, computed from the server's state only (presentation replays
// the outcome the server returned). No DOM here: crash/crash-scene.ts and crash-chart.ts draw these
// values, and crash-present.test.ts checks them against the engine.
import type { CrashBetView, CrashState, MyCrashBet } from '../../casino/crash';
// The engine's own curve and limits: crash-curve.ts has no node: imports.
import { CRASH_GROWTH, cashoutInRange, multiplierAt } from '../../casino/engines/crash/crash-curve';
import { gameWords } from '../game-words';

/** Hundredths as the page writes them: 2.35×. */
export function times(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}×`;
}

export type Band = 'low' | 'mid' | 'high';

/** The colour band of a crash point: under 2x, 2x to 10x, above 10x. */
export function band(hundredths: number): Band {
  if (hundredths < 200) return 'low';
  return hundredths <= 1000 ? 'mid' : 'high';
}

export type CrashPhaseView = 'connecting' | 'betting' | 'starting' | 'running' | 'crashed';

export type CrashView = {
  phase: CrashPhaseView;
  /** The multiplier shown, in hundredths: the server's crash point once crashed. */
  multiplier: number;
  /** Milliseconds of flight drawn on the chart. */
  elapsed: number;
  /** Milliseconds left to bet (betting phase only). */
  bettingLeft: number;
  /** The phase line under the multiplier. */
  text: string;
};

/** The view of the state at the server time `now` (ms). */
export function crashView(state: CrashState | null, now: number, language: unknown = 'EN'): CrashView {
  const words = gameWords(language).crash;
  const r = state?.round;
  if (!r) return { phase: 'connecting', multiplier: 100, elapsed: 0, bettingLeft: 0, text: words.connecting };
  if (r.phase === 'betting') {
    const left = Math.max(0, Date.parse(r.bettingEndsAt) - now);
    return left > 0
      ? {
          phase: 'betting',
          multiplier: 100,
          elapsed: 0,
          bettingLeft: left,
          text: words.placeBets((left / 1000).toFixed(1)),
        }
      : { phase: 'starting', multiplier: 100, elapsed: 0, bettingLeft: 0, text: words.starting };
  }
  if (r.phase === 'crashed') {
    const point = r.crashPoint ?? 100;
    const elapsed = r.startedAt && r.crashedAt ? Math.max(0, Date.parse(r.crashedAt) - Date.parse(r.startedAt)) : 0;
    return {
      phase: 'crashed',
      multiplier: point,
      elapsed,
      bettingLeft: 0,
      text: words.crashedAt(times(point)),
    };
  }
  const elapsed = r.startedAt ? Math.max(0, now - Date.parse(r.startedAt)) : 0;
  return { phase: 'running', multiplier: multiplierAt(elapsed), elapsed, bettingLeft: 0, text: words.rising };
}

export type ChartScale = { xMax: number; yMax: number };

/**
 * The chart's axes for a flight of `elapsed` ms reaching `multiplier`: at least 10 s and 2x, and the
 * head of the curve kept inside the chart (the axes grow as the multiplier does).
 */
export function chartScale(elapsed: number, multiplier: number): ChartScale {
  return { xMax: Math.max(10_000, elapsed * 1.15), yMax: Math.max(2, (multiplier / 100 - 1) * 1.25 + 1) };
}

/** Round tick values for an axis from `from` to `max`: about `count` of them at a 1-2-5 step. */
export function ticks(from: number, max: number, count: number): number[] {
  const raw = (max - from) / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= max + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/** Points of the curve from the start to `elapsed`, in chart units (0..1 of each axis). */
export function curvePoints(elapsed: number, scale: ChartScale, steps = 48): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (elapsed * i) / steps;
    points.push([t / scale.xMax, (Math.exp(CRASH_GROWTH * t) - 1) / (scale.yMax - 1)]);
  }
  return points;
}

export type PlayerRow = { player: string; amount: number; out: string; win: number; state: 'in' | 'won' | 'lost' };

/** The round's players as listed: cash-outs with their multiplier, the rest in or lost. */
export function playerRows(bets: CrashBetView[], language: unknown = 'EN'): PlayerRow[] {
  const words = gameWords(language).crash;
  return bets.map((b) => ({
    player: b.player,
    amount: b.amount,
    out: b.cashout ? times(b.cashout) : b.status === 'lost' ? words.lost : '…',
    win: b.win,
    state: b.cashout ? 'won' : b.status === 'lost' ? 'lost' : 'in',
  }));
}

/** A bet's outcome column: its cash-out, else waiting, refunded (the stake went back) or lost. */
export function myOutcome(bet: Pick<MyCrashBet, 'cashout' | 'status'>, language: unknown = 'EN'): string {
  const words = gameWords(language).crash;
  if (bet.cashout) return times(bet.cashout);
  if (bet.status === 'open') return '…';
  return bet.status === 'rolled_back' || bet.status === 'rolling_back' ? words.refunded : words.lost;
}

// ---- auto-bet ----

export type AutoConfig = {
  /** Stake per round, minor units. */
  amount: number;
  /** Cash-out multiplier, hundredths (an auto-bet always cashes out by itself). */
  autoCashout: number;
  rounds: number;
  /** Stop once the session has lost this much (minor units), or null. */
  stopLoss: number | null;
  /** Stop once the session has won this much (minor units), or null. */
  stopProfit: number | null;
};

export type AutoProgress = { played: number; net: number };

/** Reads the auto-bet form (decimal strings); an error text when a field is wrong. */
export function parseAutoConfig(
  f: {
    amount: string;
    autoCashout: string;
    rounds: string;
    stopLoss: string;
    stopProfit: string;
  },
  language: unknown = 'EN',
): AutoConfig | { error: string } {
  const words = gameWords(language).crash;
  const minor = (s: string) => Math.round(Number(s) * 100);
  const amount = minor(f.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { error: words.enterAmount };
  const autoCashout = minor(f.autoCashout);
  if (!f.autoCashout.trim() || !cashoutInRange(autoCashout)) return { error: words.autoNeedsCashout };
  const rounds = Number(f.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000) return { error: words.roundsRange };
  const limit = (s: string) => {
    if (!s.trim()) return null;
    const v = minor(s);
    return Number.isSafeInteger(v) && v > 0 ? v : Number.NaN;
  };
  const stopLoss = limit(f.stopLoss);
  const stopProfit = limit(f.stopProfit);
  if (Number.isNaN(stopLoss) || Number.isNaN(stopProfit)) return { error: words.limitsPositive };
  return { amount, autoCashout, rounds, stopLoss, stopProfit };
}

/** Whether auto-bet places another bet, or why it stops. */
export function autoNext(
  config: AutoConfig,
  progress: AutoProgress,
  language: unknown = 'EN',
): { go: true } | { go: false; reason: string } {
  const words = gameWords(language).crash;
  if (progress.played >= config.rounds) return { go: false, reason: words.allRoundsPlayed };
  if (config.stopLoss !== null && -progress.net >= config.stopLoss)
    return { go: false, reason: words.lossLimitReached };
  if (config.stopProfit !== null && progress.net >= config.stopProfit)
    return { go: false, reason: words.profitReached };
  // A bet that could take the loss past its limit is not placed.
  if (config.stopLoss !== null && -progress.net + config.amount > config.stopLoss)
    return { go: false, reason: words.nextBetPassesLimit };
  return { go: true };
}

/** A settled bet's effect on the auto-bet session (a refunded bet counts for nothing). */
export function netOf(bet: Pick<MyCrashBet, 'amount' | 'win' | 'status' | 'cashout'>): number {
  if (bet.status === 'rolled_back' || bet.status === 'rolling_back') return 0;
  return bet.win - bet.amount;
}
