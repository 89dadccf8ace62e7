import { describe, expect, it } from 'vitest';
import type { CrashRoundView, CrashState, MyCrashBet } from '../../casino/crash';
import { multiplierAt } from '../../casino/engines/crash/crash-curve';
import type { AutoConfig } from '../games/crash-present';
import {
  AUTO_MIN_LEFT_MS,
  applyCrashAnswer,
  applyCrashState,
  autoBetsNow,
  autoPlaced,
  autoPlacing,
  autoWaiting,
  bettingOpen,
  canCashOut,
  cashoutSound,
  cashoutValue,
  initialCrashModel,
  initialCrashPageState,
  lostInCrash,
  mayStand,
  myCurrent,
  serverNow,
  signed,
  startAutoRun,
  tallyAuto,
  waitsForAutoCashout,
  withBet,
} from './crash-state';

// The crash page's state: how it follows the shared round and my bets, and the auto-bet run's
// bookkeeping, without a DOM.

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function round(id: number, phase: CrashRoundView['phase'], over: Partial<CrashRoundView> = {}): CrashRoundView {
  return {
    id,
    phase,
    bettingEndsAt: iso(5000),
    startedAt: phase === 'betting' ? null : iso(6000),
    crashPoint: null,
    crashedAt: null,
    hash: null,
    previousHash: 'prev',
    terminatingHash: 'term',
    salt: 'salt',
    ...over,
  };
}
const state = (at: number, r: CrashRoundView | null): CrashState => ({
  serverNow: iso(at),
  round: r,
  bets: [],
  history: [],
});
const bet = (over: Partial<MyCrashBet>): MyCrashBet => ({
  betId: 'b1',
  roundId: 1,
  amount: 1000,
  autoCashout: null,
  cashout: null,
  win: 0,
  status: 'open',
  ...over,
});
const config: AutoConfig = { amount: 1000, autoCashout: 200, rounds: 3, stopLoss: null, stopProfit: null };

describe('crash page state', () => {
  it('follows the server clock, and acts on a crash once', () => {
    const first = applyCrashState(initialCrashModel(), state(1000, round(1, 'betting')), T0 - 500);
    expect(first.crashedNow).toBe(false);
    expect(serverNow(first.model, T0)).toBe(T0 + 1500);
    expect(bettingOpen(first.model, T0 + 4999)).toBe(true);
    expect(bettingOpen(first.model, T0 + 5000)).toBe(false);
    const crashed = applyCrashState(first.model, state(9000, round(1, 'crashed', { crashPoint: 150 })), T0);
    expect(crashed.crashedNow).toBe(true);
    expect(applyCrashState(crashed.model, state(9500, round(1, 'crashed')), T0).crashedNow).toBe(false);
    expect(applyCrashState(crashed.model, state(12_000, round(2, 'crashed')), T0).crashedNow).toBe(true);
    // An older state after a newer one (the socket's first state, late) is not shown.
    const late = applyCrashState(crashed.model, state(8000, round(1, 'running')), T0 + 100);
    expect(late).toEqual({ model: crashed.model, crashedNow: false });
    // A node whose clock runs behind, with the next round: shown.
    expect(applyCrashState(crashed.model, state(8500, round(2, 'betting')), T0 + 200).model.state?.round?.id).toBe(2);
  });

  it('finds my bet of the round, and tells an auto cash-out from the answer that brings it', () => {
    let m = applyCrashState(initialCrashModel(), state(7000, round(1, 'running')), T0).model;
    m = withBet(m, bet({ betId: 'old', roundId: 0, status: 'closed' }));
    m = withBet(m, bet({}));
    expect(myCurrent(m)?.betId).toBe('b1');
    expect(m.mine.map((b) => b.betId)).toEqual(['b1', 'old']);
    // Running, open, not cashed out: it can be cashed out for its stake times the multiplier.
    expect(canCashOut(m)).toBe(true);
    expect(cashoutValue(m, T0 + 6000 + 2000)).toBe(Math.floor((1000 * multiplierAt(2000)) / 100));
    const cashed = bet({ cashout: 200, win: 2000, status: 'closed' });
    const data = { state: state(8000, round(1, 'running')), mine: [cashed], balance: 5000 };
    const heard = applyCrashAnswer(m, data);
    expect(heard.autoCashedOut).toEqual(cashed);
    expect(heard.needsState).toBe(false);
    expect(canCashOut(heard.model)).toBe(false);
    expect(cashoutValue(heard.model, T0 + 8000)).toBeNull();
    // Heard again: no second announcement.
    expect(applyCrashAnswer(heard.model, data).autoCashedOut).toBeNull();
    // Before any state: the answer's is applied.
    expect(applyCrashAnswer(initialCrashModel(), data).needsState).toBe(true);
  });

  it('counts an auto run’s bets once each as they settle, keeping the run’s identity', () => {
    let run = startAutoRun(config);
    expect(autoBetsNow({ phase: 'betting', bettingLeft: AUTO_MIN_LEFT_MS + 1 }, false)).toBe(true);
    expect(autoBetsNow({ phase: 'betting', bettingLeft: AUTO_MIN_LEFT_MS }, false)).toBe(false);
    expect(autoBetsNow({ phase: 'betting', bettingLeft: 3000 }, true)).toBe(false);
    expect(autoBetsNow({ phase: 'running', bettingLeft: 0 }, false)).toBe(false);
    run = autoPlaced(autoPlacing(run), 'a1');
    expect(run).toMatchObject({ placed: 1, net: 0 });
    expect(autoWaiting(run)).toBe(true);
    const open = [bet({ betId: 'a1' })];
    expect(tallyAuto(run, open)).toBe(run);
    const mine = [
      bet({ betId: 'a1', status: 'closed', cashout: 200, win: 2000 }),
      bet({ betId: 'x', status: 'closed' }),
    ];
    const counted = tallyAuto(run, mine);
    expect(counted.net).toBe(1000);
    expect(autoWaiting(counted)).toBe(false);
    expect(counted.config).toBe(config);
    expect(tallyAuto(counted, mine)).toBe(counted);
    const lost = tallyAuto(autoPlaced(autoPlacing(counted), 'a2'), [...mine, bet({ betId: 'a2', status: 'closed' })]);
    expect(lost).toMatchObject({ placed: 2, net: 0 });
    const refunded = tallyAuto(autoPlaced(lost, 'a3'), [bet({ betId: 'a3', status: 'rolled_back' })]);
    expect(refunded.net).toBe(0);
    expect(refunded.counted.size).toBe(3);
  });

  it('starts with no state, nothing on its way and no auto run', () => {
    expect(initialCrashPageState()).toEqual({ model: initialCrashModel(), busy: false, autoRun: null });
  });

  it('asks after my open bet while the round flies, and tells a crash that took it', () => {
    const flying = applyCrashState(initialCrashModel(), state(7000, round(1, 'running')), T0).model;
    expect(waitsForAutoCashout(flying)).toBe(false);
    expect(lostInCrash(flying)).toBe(false);
    const open = withBet(flying, bet({}));
    expect(waitsForAutoCashout(open)).toBe(true);
    expect(lostInCrash(open)).toBe(true);
    // Cashed out by the server, or a bet of another round: nothing to ask, nothing lost.
    const cashed = withBet(flying, bet({ cashout: 200, win: 2000, status: 'closed' }));
    expect(waitsForAutoCashout(cashed)).toBe(false);
    expect(lostInCrash(cashed)).toBe(false);
    // A stake the wallet never confirmed is refunded: the crash does not say it was lost.
    expect(lostInCrash(withBet(flying, bet({ status: 'rolled_back' })))).toBe(false);
    expect(lostInCrash(withBet(flying, bet({ status: 'rolling_back' })))).toBe(false);
    expect(waitsForAutoCashout(withBet(flying, bet({ roundId: 0 })))).toBe(false);
    const betting = applyCrashState(initialCrashModel(), state(1000, round(1, 'betting')), T0).model;
    expect(waitsForAutoCashout(withBet(betting, bet({})))).toBe(false);
  });

  it('words the net with its sign, rings a big win from 10×, and re-reads only an unanswered bet', () => {
    expect(signed(1250)).toBe('+12.50');
    expect(signed(-1250)).toBe('-12.50');
    expect(signed(0)).toBe('+0.00');
    expect(cashoutSound(999)).toBe('win');
    expect(cashoutSound(1000)).toBe('bigwin');
    expect(cashoutSound(null)).toBe('win');
    expect(mayStand('TIMEOUT')).toBe(true);
    expect(mayStand('NETWORK')).toBe(true);
    expect(mayStand('STUDIO_CRASH_TOO_LATE')).toBe(false);
  });
});
