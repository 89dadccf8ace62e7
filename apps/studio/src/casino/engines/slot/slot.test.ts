import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../../kit/fair/sim-rng';
import { sampleSlotCodes, slotScenario } from '../rtp-scenarios';
import { exactRtpOf, slotCoefficients, slotConfigFor } from './slot-config';
import { createSlotEngine, slotEngineFor } from './slot-engine';

const code = (i: number) => `SLOT-${String(i).padStart(5, '0')}`;

describe('slot configurations', () => {
  it('every sampled title declares 94%-97.5% and its exact RTP is within 0.1 pp of it', () => {
    // 359 titles spread over the 10,400 (deriving all of them takes ~17 s; bench/rtp.ts checks them all).
    for (let i = 1; i <= 10_400; i += 29) {
      const c = slotConfigFor(code(i));
      expect(c.declaredRtp).toBeGreaterThanOrEqual(0.94);
      expect(c.declaredRtp).toBeLessThanOrEqual(0.975);
      expect(Math.abs(c.exactRtp - c.declaredRtp)).toBeLessThanOrEqual(0.001);
      // Pays are integers, monotone in run length and in symbol rank.
      for (let s = 0; s < c.regularCount; s++) {
        for (let run = 1; run <= c.reels; run++) {
          expect(Number.isInteger(c.pays[s]![run])).toBe(true);
          if (c.pays[s]![run - 1]! > 0) expect(c.pays[s]![run]).toBeGreaterThanOrEqual(c.pays[s]![run - 1]!);
          if (s > 0) expect(c.pays[s]![run]).toBeLessThanOrEqual(c.pays[s - 1]![run]!);
        }
      }
    }
  });

  it('800 titles are distinct games: different strips, and a spread of themes, layouts, volatility and RTP', () => {
    const fingerprints = new Set<string>();
    const themes = new Set<string>();
    const layouts = new Set<string>();
    const volatility = new Set<string>();
    const rtps = new Set<number>();
    for (let i = 1; i <= 800; i++) {
      const c = slotConfigFor(code(i));
      fingerprints.add(JSON.stringify([c.strips, c.pays, c.paylines]));
      themes.add(c.theme);
      layouts.add(`${c.mode}${c.reels}x${c.rows}/${c.betMultiplier}`);
      volatility.add(c.volatility);
      rtps.add(c.declaredRtp);
    }
    expect(fingerprints.size).toBe(800);
    expect(themes.size).toBe(16);
    expect(layouts.size).toBe(10);
    expect(volatility).toEqual(new Set(['low', 'medium', 'high']));
    expect(rtps.size).toBeGreaterThan(200);
  });

  it('is deterministic per title and art seed, and the art seed changes the game', () => {
    const a = slotConfigFor('SLOT-00042');
    expect(JSON.stringify(slotConfigFor('SLOT-00042'))).toBe(JSON.stringify(a));
    expect(JSON.stringify(slotConfigFor('SLOT-00042', 12345))).not.toBe(JSON.stringify(a));
    expect(slotConfigFor('JL-001').strips.length).toBeGreaterThan(0);
  });

  it('the analytic RTP responds to the paytable linearly (a doubled paytable doubles the line part)', () => {
    const c = slotConfigFor('SLOT-00003');
    const k = slotCoefficients(c);
    const noScatter = c.scatterPays.map(() => 0);
    const lines = exactRtpOf(k, c.pays, noScatter, c.freeSpinMultiplier);
    const doubled = exactRtpOf(
      k,
      c.pays.map((row) => row.map((p) => 2 * p)),
      noScatter,
      c.freeSpinMultiplier,
    );
    expect(doubled).toBeCloseTo(2 * lines, 12);
    expect(k.scatterDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('slot engine', () => {
  const engine = slotEngineFor('SLOT-00001');

  it('rejects bad bets', () => {
    for (const bad of [
      null,
      5,
      'x',
      {},
      { coin: 0 },
      { coin: -1 },
      { coin: 1.5 },
      { coin: '10' },
      { coin: 1e12 },
      { stake: 7 },
    ]) {
      expect(() => engine.parseBet(bad)).toThrow('INVALID_BET');
    }
    expect(engine.parseBet({ coin: 3 })).toEqual({ coin: 3 });
    expect(engine.parseBet({ stake: 3 * engine.config.betMultiplier })).toEqual({ coin: 3 });
    expect(engine.stake({ coin: 3 })).toBe(3 * engine.config.betMultiplier);
  });

  it('same seed, same spins; wins are whole minor units and match the wins listed', () => {
    const play = (seed: number) => {
      const rng = createSimRng(seed);
      return Array.from({ length: 200 }, () => engine.play({ coin: 7 }, rng));
    };
    const a = play(9);
    expect(play(9)).toEqual(a);
    expect(play(10)).not.toEqual(a);
    for (const r of a) {
      expect(Number.isInteger(r.win)).toBe(true);
      expect(r.win).toBe(r.outcome.wins.reduce((s, w) => s + w.win, 0) + r.outcome.scatterWin);
      expect(r.outcome.grid).toHaveLength(engine.config.reels);
    }
  });

  it('free spins: awarded by scatters, retriggered, capped, and refused when none are owed', () => {
    const c = engine.config;
    const rng = createSimRng(3);
    let rounds = 0;
    let maxAwarded = 0;
    while (rounds < 20) {
      const first = engine.play({ coin: 1 }, rng);
      if (first.pendingSteps === 0) continue;
      rounds++;
      expect(first.outcome.scatterCount).toBeGreaterThanOrEqual(3);
      let state = first.state;
      let steps = 0;
      while (state.freeSpinsLeft > 0) {
        const r = engine.playPending!({ coin: 1 }, state, rng);
        expect(r.outcome.freeSpin).toBe(true);
        expect(r.outcome.multiplier).toBe(c.freeSpinMultiplier);
        state = r.state;
        steps++;
        expect(r.pendingSteps).toBe(state.freeSpinsLeft);
      }
      expect(steps).toBe(state.freeSpinsAwarded);
      expect(state.freeSpinsAwarded).toBeLessThanOrEqual(c.freeSpinCap);
      maxAwarded = Math.max(maxAwarded, state.freeSpinsAwarded);
      expect(() => engine.playPending!({ coin: 1 }, state, rng)).toThrow('SLOT_NO_PENDING_STEPS');
    }
    expect(maxAwarded).toBeGreaterThan(0);
    // A nearly exhausted cap awards only what is left of it.
    const capped = createSlotEngine({ ...c, freeSpinCap: 3 });
    const crng = createSimRng(5);
    for (let i = 0; i < 20_000; i++) {
      const r = capped.play({ coin: 1 }, crng);
      expect(r.pendingSteps).toBeLessThanOrEqual(3);
    }
  });
});

describe('slot RTP by simulation (10^6 rounds each, free spins included)', () => {
  const codes = sampleSlotCodes(5);
  it('samples five titles of different volatility and modes', () => {
    expect(codes).toHaveLength(5);
    expect(new Set(codes.map((c) => slotConfigFor(c).volatility))).toEqual(new Set(['low', 'medium', 'high']));
  });
  for (const [i, gameCode] of codes.entries()) {
    it(`${gameCode}: simulated RTP within 5 standard errors of the exact RTP`, { timeout: 60_000 }, () => {
      const [row] = slotScenario(gameCode).run(1_000_000, 1000 + i);
      expect(row!.rounds).toBe(1_000_000);
      expect(Math.abs(row!.z)).toBeLessThan(5);
      expect(Math.abs(row!.exact - row!.declared)).toBeLessThanOrEqual(0.001);
    });
  }
});
