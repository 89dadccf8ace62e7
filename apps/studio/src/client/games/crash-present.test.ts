import { describe, expect, it } from 'vitest';
import type { CrashState } from '../../casino/crash';
import { crashPoint, createHashChain, multiplierAt, timeToMultiplier } from '../../casino/engines/crash/crash-engine';
import {
  autoNext,
  band,
  chartScale,
  crashView,
  curvePoints,
  netOf,
  parseAutoConfig,
  playerRows,
  ticks,
  times,
} from './crash-present';

const START = Date.parse('2026-11-24T02:00:00.000Z');

function stateOf(round: Partial<NonNullable<CrashState['round']>>, bets: CrashState['bets'] = []): CrashState {
  return {
    serverNow: new Date(START).toISOString(),
    round: {
      id: 7,
      phase: 'running',
      bettingEndsAt: new Date(START).toISOString(),
      startedAt: new Date(START).toISOString(),
      crashPoint: null,
      crashedAt: null,
      hash: null,
      previousHash: 'p',
      terminatingHash: 't',
      salt: 's',
      ...round,
    },
    bets,
    history: [],
  };
}

describe('crash presentation replays the server round', () => {
  // 300 rounds of a real hash chain: the crash point each round's hash gives (the server's), its
  // crash time, and what the page shows while rising and once the state says crashed.
  const chain = createHashChain('crash-present-test-seed', 300);

  it('shows the server crash point once crashed, and never more than the engine while rising', () => {
    let high = 0;
    for (const hash of chain.rounds) {
      const point = crashPoint(hash);
      const flight = timeToMultiplier(point);
      const crashed = stateOf({
        phase: 'crashed',
        crashPoint: point,
        hash,
        crashedAt: new Date(START + flight).toISOString(),
      });
      const view = crashView(crashed, START + flight + 5000);
      expect(view.phase).toBe('crashed');
      expect(view.multiplier).toBe(point);
      expect(view.text).toContain(times(point));
      expect(view.elapsed).toBe(flight);
      // Just before the crash time the page shows what the engine would pay at that instant.
      const before = Math.max(0, flight - 1);
      const rising = crashView(stateOf({}), START + before);
      expect(rising.multiplier).toBe(multiplierAt(before));
      expect(rising.multiplier).toBeLessThanOrEqual(point);
      if (point > 1000) high++;
    }
    expect(high).toBeGreaterThan(0);
  });

  it("draws the engine's curve, its head inside the rescaled chart", () => {
    for (const ms of [0, 1, 500, 4321, 11_552, 38_376, 76_753, 120_000]) {
      const m = multiplierAt(ms);
      const scale = chartScale(ms, m);
      const points = curvePoints(ms, scale);
      const [u, v] = points[points.length - 1]!;
      expect(u).toBeLessThanOrEqual(1);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
      // The head's height is the multiplier on the y axis (1x at the bottom, yMax at the top).
      expect(1 + v * (scale.yMax - 1)).toBeCloseTo(Math.exp(0.00006 * ms), 6);
    }
    expect(ticks(1, 2, 4)).toEqual([1, 1.5, 2]);
    expect(ticks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('colours the history chips by band and lists the bets as the server streams them', () => {
    expect([100, 199, 200, 1000, 1001].map(band)).toEqual(['low', 'low', 'mid', 'mid', 'high']);
    const rows = playerRows([
      { player: 'a***b', amount: 500, currency: 'PHP', cashout: 215, win: 1075, status: 'cashed_out' },
      { player: 'c***d', amount: 100, currency: 'PHP', cashout: null, win: 0, status: 'in' },
      { player: 'e***f', amount: 300, currency: 'PHP', cashout: null, win: 0, status: 'lost' },
    ]);
    expect(rows.map((r) => [r.out, r.state, r.win])).toEqual([
      ['2.15×', 'won', 1075],
      ['…', 'in', 0],
      ['lost', 'lost', 0],
    ]);
  });

  it('counts the betting phase down from the server clock', () => {
    const betting = stateOf({ phase: 'betting', bettingEndsAt: new Date(START + 4200).toISOString(), startedAt: null });
    expect(crashView(betting, START)).toMatchObject({ phase: 'betting', bettingLeft: 4200, multiplier: 100 });
    expect(crashView(betting, START + 5000).phase).toBe('starting');
    expect(crashView(null, START).phase).toBe('connecting');
  });
});

describe('auto-bet', () => {
  const form = { amount: '10.00', autoCashout: '2', rounds: '5', stopLoss: '25', stopProfit: '' };

  it('reads the form and refuses what cannot run', () => {
    expect(parseAutoConfig(form)).toEqual({
      amount: 1000,
      autoCashout: 200,
      rounds: 5,
      stopLoss: 2500,
      stopProfit: null,
    });
    expect(parseAutoConfig({ ...form, autoCashout: '' })).toHaveProperty('error');
    expect(parseAutoConfig({ ...form, autoCashout: '1' })).toHaveProperty('error');
    expect(parseAutoConfig({ ...form, autoCashout: '10000.01' })).toHaveProperty('error');
    expect(parseAutoConfig({ ...form, autoCashout: '10000' })).toHaveProperty('autoCashout', 1_000_000);
    expect(parseAutoConfig({ ...form, rounds: '0' })).toHaveProperty('error');
    expect(parseAutoConfig({ ...form, stopLoss: '-3' })).toHaveProperty('error');
    expect(parseAutoConfig({ ...form, amount: 'x' })).toHaveProperty('error');
  });

  it('stops after N rounds, at the loss limit (before a bet that would pass it) and at the profit target', () => {
    const config = { amount: 1000, autoCashout: 200, rounds: 5, stopLoss: 2500, stopProfit: 1500 };
    expect(autoNext(config, { played: 0, net: 0 })).toEqual({ go: true });
    expect(autoNext(config, { played: 5, net: 0 })).toMatchObject({ go: false });
    expect(autoNext(config, { played: 2, net: -2500 })).toMatchObject({ go: false, reason: 'loss limit reached' });
    expect(autoNext(config, { played: 2, net: -2000 })).toMatchObject({ go: false });
    expect(autoNext(config, { played: 1, net: -1000 })).toEqual({ go: true });
    expect(autoNext(config, { played: 2, net: 2000 })).toMatchObject({ go: false, reason: 'profit target reached' });
    expect(netOf({ amount: 1000, win: 2000, status: 'closed', cashout: 200 })).toBe(1000);
    expect(netOf({ amount: 1000, win: 0, status: 'closed', cashout: null })).toBe(-1000);
    expect(netOf({ amount: 1000, win: 0, status: 'rolled_back', cashout: null })).toBe(0);
  });
});
