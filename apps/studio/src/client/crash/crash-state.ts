// What the crash page knows, without a DOM: the shared round as the server last sent it, the
// player's own bets, the server's clock, and the auto-bet run in progress. Every update takes a
// value and returns the next one, so the page's reactions to a socket message or an HTTP answer can
// be checked in a unit test; the page keeps the values it changes in one CrashPageState.
import type { CrashAnswer } from '../../api-types';
import type { CrashState, MyCrashBet as MyBet } from '../../casino/crash';
import { multiplierAt } from '../../casino/engines/crash/crash-curve';
import { type AutoConfig, type CrashView, netOf } from '../games/crash-present';
import { behindShown } from '../round-order';
import type { Effect } from '../sound';
import { money } from '../ui';

export type { MyBet };

/** Auto-bet does not start a bet with less than this left to bet (it would likely be refused). */
export const AUTO_MIN_LEFT_MS = 600;

export type CrashModel = {
  state: CrashState | null;
  mine: MyBet[];
  /** The server's clock minus the page's. */
  offset: number;
  /** The round and phase of the last state applied: a crash is acted on once. */
  lastPhase: string;
};

export function initialCrashModel(): CrashModel {
  return { state: null, mine: [], offset: 0, lastPhase: '' };
}

/** What the page changes as it runs: the model, whether a bet or cash-out is on its way, the auto-bet run. */
export type CrashPageState = { model: CrashModel; busy: boolean; autoRun: AutoRun | null };

export function initialCrashPageState(): CrashPageState {
  return { model: initialCrashModel(), busy: false, autoRun: null };
}

export const serverNow = (m: CrashModel, clientNow: number) => clientNow + m.offset;

/** My bet in the current round, if any. */
export const myCurrent = (m: CrashModel) =>
  m.state?.round ? m.mine.find((b) => b.roundId === m.state?.round?.id) : undefined;

/** Whether a bet is settled (neither waiting for the round nor for its debit). */
export const settled = (b: MyBet) => b.status !== 'open' && b.status !== 'betting';

/** A round's phases in the order it goes through them. */
const CRASH_PHASES = ['betting', 'running', 'crashed'] as const;

/**
 * A state from the server. `crashedNow`: the round has just crashed (the page fetches its bets).
 * A late answer behind the shown round changes nothing (round-order.ts).
 */
export function applyCrashState(
  m: CrashModel,
  s: CrashState,
  clientNow: number,
): { model: CrashModel; crashedNow: boolean } {
  if (behindShown(m.state, s, CRASH_PHASES)) return { model: m, crashedNow: false };
  const key = `${s.round?.id}:${s.round?.phase}`;
  const crashedNow = s.round?.phase === 'crashed' && key !== m.lastPhase;
  return { model: { ...m, offset: Date.parse(s.serverNow) - clientNow, state: s, lastPhase: key }, crashedNow };
}

/**
 * An answer of GET /api/crash. `autoCashedOut`: my bet of the round was cashed out by the server
 * since the last look (an auto cash-out); `needsState`: no state has come yet (the page applies the
 * answer's).
 */
export function applyCrashAnswer(
  m: CrashModel,
  data: CrashAnswer,
): { model: CrashModel; autoCashedOut: MyBet | null; needsState: boolean } {
  const before = myCurrent(m);
  const model = { ...m, mine: data.mine };
  const after = myCurrent(model);
  const autoCashedOut = before?.status === 'open' && !before.cashout && after?.cashout ? after : null;
  return { model, autoCashedOut, needsState: !m.state };
}

/** A bet the studio answered for (placed or cashed out): first in my bets, replacing its older copy. */
export function withBet(m: CrashModel, bet: MyBet): CrashModel {
  return { ...m, mine: [bet, ...m.mine.filter((b) => b.betId !== bet.betId)] };
}

/** Whether my bet of the round can be cashed out now. */
export function canCashOut(m: CrashModel): boolean {
  const bet = myCurrent(m);
  return m.state?.round?.phase === 'running' && bet?.status === 'open' && !bet.cashout;
}

/** What cashing out my bet pays at server time `now` (minor units), or null when it cannot. */
export function cashoutValue(m: CrashModel, now: number): number | null {
  const r = m.state?.round;
  const bet = myCurrent(m);
  if (!canCashOut(m) || !r?.startedAt || !bet) return null;
  return Math.floor((bet.amount * multiplierAt(now - Date.parse(r.startedAt))) / 100);
}

/** Whether bets are taken at server time `now`. */
export function bettingOpen(m: CrashModel, now: number): boolean {
  const r = m.state?.round;
  return r?.phase === 'betting' && now < Date.parse(r.bettingEndsAt);
}

/** An auto-bet run: its settings, the bets it placed and counted, and its net result so far. */
export type AutoRun = {
  readonly config: AutoConfig;
  readonly placed: number;
  readonly betIds: ReadonlySet<string>;
  readonly counted: ReadonlySet<string>;
  readonly net: number;
};

export function startAutoRun(config: AutoConfig): AutoRun {
  return { config, placed: 0, betIds: new Set(), counted: new Set(), net: 0 };
}

/** The same run (its config is its identity) with the bets it placed that have settled since counted. */
export function tallyAuto(run: AutoRun, mine: MyBet[]): AutoRun {
  const fresh = mine.filter((b) => run.betIds.has(b.betId) && !run.counted.has(b.betId) && settled(b));
  if (!fresh.length) return run;
  return {
    ...run,
    counted: new Set([...run.counted, ...fresh.map((b) => b.betId)]),
    net: fresh.reduce((net, b) => net + netOf(b), run.net),
  };
}

/** Whether a bet the run placed has not settled yet. */
export const autoWaiting = (run: AutoRun) => run.betIds.size > run.counted.size;

/** Whether the run places its next bet in this view: a betting phase with time left, and no bet of mine in it. */
export const autoBetsNow = (view: Pick<CrashView, 'phase' | 'bettingLeft'>, hasBet: boolean) =>
  view.phase === 'betting' && view.bettingLeft > AUTO_MIN_LEFT_MS && !hasBet;

export const autoPlacing = (run: AutoRun): AutoRun => ({ ...run, placed: run.placed + 1 });

export const autoPlaced = (run: AutoRun, betId: string): AutoRun => ({
  ...run,
  betIds: new Set([...run.betIds, betId]),
});

/** An amount with its sign, as the auto-bet's net result is shown. */
export const signed = (minor: number) => `${minor < 0 ? '-' : '+'}${money(Math.abs(minor))}`;

/** The sound of a cash-out at `cashout` (hundredths): a big win from 10×. */
export const cashoutSound = (cashout: number | null): Effect => ((cashout ?? 0) >= 1000 ? 'bigwin' : 'win');

/** Whether the round has crashed on my bet of it (a bet not cashed out). */
export function lostInCrash(m: CrashModel): boolean {
  const bet = myCurrent(m);
  // A stake the wallet never confirmed went back (rolled back): refunded, not lost.
  return !!bet && !bet.cashout && bet.status !== 'rolled_back' && bet.status !== 'rolling_back';
}

/** Whether my bet flies open: the server may cash it out at its auto target, so the page asks. */
export function waitsForAutoCashout(m: CrashModel): boolean {
  const bet = myCurrent(m);
  return bet?.status === 'open' && m.state?.round?.phase === 'running';
}

/** Whether a failed bet may still stand: its answer never came (timeout, lost socket). */
export const mayStand = (code: string) => code === 'TIMEOUT' || code === 'NETWORK';
