import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../kit/fair/sim-rng';
import type { MatchState } from '../types';
import { marketKey } from '../types';
import { type EsportsParams, esportsModel as model } from './esports';

const M = 50_000;

function play(p: EsportsParams, from: MatchState, seed: number) {
  const rng = createSimRng(seed);
  let state = from;
  const kinds = new Set<string>();
  for (let n = 0; n < 5000; n++) {
    const step = model.step(p, state, rng);
    if (!step) break;
    state = step.state;
    kinds.add(step.event?.kind ?? '');
  }
  return { state, kinds };
}

describe('e-sports model', () => {
  it('draws the title and best-of from the league and plays maps to a series result', () => {
    const rng = createSimRng(1);
    const shooter = model.drawParams(rng, { level: 0.5, spread: 0.5, bestOf: 5, title: 'kidlat' });
    expect(shooter.title).toBe('kidlat');
    expect(shooter.maps).toHaveLength(5);
    const moba = model.drawParams(rng, { level: 0.5, spread: 0.5, bestOf: 3, title: 'dominion' });
    for (const p of [shooter, moba]) {
      for (let seed = 1; seed <= 10; seed++) {
        const { state, kinds } = play(p, model.initial(p), seed);
        expect(state.status).toBe('ended');
        const { decided, counted } = model.result(state).ft;
        expect(counted).toEqual(decided);
        expect(Math.max(decided.home, decided.away)).toBe((p.bestOf + 1) / 2);
        const maps = Object.entries(state.detail!).filter(([k]) => k.startsWith('map') && k !== 'map');
        expect(maps).toHaveLength(decided.home + decided.away);
        for (const [, m] of maps) {
          const [h, a] = String(m).split('-').map(Number) as [number, number];
          const target = p.title === 'kidlat' ? 13 : 20;
          expect(Math.max(h, a)).toBeGreaterThanOrEqual(target);
          if (p.title === 'kidlat') expect(Math.abs(h - a) >= 2).toBe(true);
        }
        expect(kinds.has(p.title === 'kidlat' ? 'round' : 'point')).toBe(true);
      }
    }
  });

  it('prices winner, map handicaps and total maps at the margin, fair to the process', () => {
    const p: EsportsParams = { title: 'kidlat', bestOf: 3, maps: [0.54, 0.5, 0.56] };
    const quotes = model.price(p, model.initial(p), M);
    expect(quotes.map(marketKey)).toEqual(['winner:ft:-', 'handicap:ft:-6', 'handicap:ft:6', 'total:ft:10']);
    for (const q of quotes) {
      const or = q.selections.reduce((s, x) => s + 1000 / x.odds1000, 0);
      expect(or).toBeGreaterThanOrEqual(1.05 - 1e-9);
      expect(or).toBeLessThan(1.065);
    }
    const [h, a] = quotes[0]!.selections.map((s) => 1000 / s.odds1000) as [number, number];
    let wins = 0;
    const n = 400;
    for (let seed = 0; seed < n; seed++) {
      const { state } = play(p, model.initial(p), 500 + seed);
      if (state.score.decided.home > state.score.decided.away) wins++;
    }
    expect(Math.abs(wins / n - h / (h + a))).toBeLessThan(0.07);
    const bo1: EsportsParams = { title: 'dominion', bestOf: 1, maps: [0.5] };
    expect(model.price(bo1, model.initial(bo1), M).map((q) => q.type)).toEqual(['winner']);
  });

  it('leaves out what the maps played have decided', () => {
    const p: EsportsParams = { title: 'dominion', bestOf: 3, maps: [0.5, 0.5, 0.5] };
    const level: MatchState = {
      status: 'break',
      phase: 'M2',
      score: { decided: { home: 1, away: 1 }, counted: { home: 1, away: 1 } },
      detail: { map: 2, killsHome: 14, killsAway: 20, map1: '20-11', map2: '14-20' },
    };
    // At 1-1 the third map decides: three maps for sure, and neither side can win by two.
    expect(model.price(p, level, M).map((q) => q.type)).toEqual(['winner']);
    const leading: MatchState = {
      ...level,
      status: 'live',
      phase: 'M3',
      detail: { ...level.detail, map: 3, killsHome: 14, killsAway: 9 },
    };
    const [winner] = model.price(p, leading, M);
    const odds = Object.fromEntries(winner!.selections.map((s) => [s.key, s.odds1000]));
    expect(odds.home).toBeLessThan(odds.away!);
  });
});
