import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../kit/fair/sim-rng';
import { MarketQuote, type MatchState } from '../types';
import { expectedGoalsLeft, type FootballParams, footballModel } from './football';
import { selectionKeys } from './markets';
import type { MatchStep } from './sport-model';

const params: FootballParams = { homeXg: 1.6, awayXg: 1.1 };
const MARGIN = 50_000;

function play(p: FootballParams, seed: number): MatchStep[] {
  const rng = createSimRng(seed);
  let state = footballModel.initial(p);
  const steps: MatchStep[] = [];
  for (let step = footballModel.step(p, state, rng); step; step = footballModel.step(p, state, rng)) {
    steps.push(step);
    state = step.state;
  }
  return steps;
}

function live(change: Partial<MatchState> & { home?: number; away?: number }): MatchState {
  const { home = 0, away = 0, ...rest } = change;
  const score = { home, away };
  return {
    status: 'live',
    phase: '2H',
    clock: { seconds: 60 * 60, running: true },
    score: { decided: score, counted: score },
    detail: { redHome: 0, redAway: 0, yellowHome: 0, yellowAway: 0 },
    ...rest,
  };
}

const find = (quotes: MarketQuote[], type: string, period = 'ft', line4?: number) =>
  quotes.find((q) => q.type === type && q.period === period && q.line4 === line4);
const odds = (q: MarketQuote | undefined, key: string) => q?.selections.find((s) => s.key === key)?.odds1000;

describe('football: the match', () => {
  it('plays halves of 45 minutes with stoppage time and a 15-minute break, a step at least every minute', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const steps = play(params, seed);
      expect(steps[0]).toMatchObject({ afterMs: 0, event: { kind: 'kickoff' }, state: { phase: '1H' } });
      const phases = steps.map((s) => s.state.phase).filter((p, i, all) => p !== all[i - 1]);
      expect(phases).toEqual(['1H', 'HT', '2H', 'FT']);
      let clock = 0;
      let goals = 0;
      for (const step of steps) {
        const { state } = step;
        if (state.phase === '2H' && step.event?.kind === 'kickoff') {
          expect(step.afterMs).toBe(15 * 60_000);
          expect(state.clock?.seconds).toBe(2700);
        } else {
          expect(step.afterMs).toBeLessThanOrEqual(60_000);
          if (state.phase !== 'HT') expect(state.clock!.seconds - clock).toBe(step.afterMs / 1000);
        }
        clock = state.clock!.seconds;
        const s = state.score.counted;
        expect(state.score.decided).toEqual(s);
        if (step.event?.kind === 'goal') {
          expect(s.home + s.away).toBe(goals + 1);
          expect(step.suspendMs).toBe(60_000);
        } else {
          expect(s.home + s.away).toBe(goals);
          expect(step.suspendMs).toBe(step.event?.kind === 'red_card' ? 45_000 : 0);
        }
        goals = s.home + s.away;
        if (state.phase === 'HT') expect(state.h1?.counted).toEqual(s);
      }
      const end = steps[steps.length - 1]!.state;
      expect(end).toMatchObject({ status: 'ended', phase: 'FT' });
      expect(end.clock!.seconds).toBeGreaterThanOrEqual(92 * 60);
      expect(end.clock!.seconds).toBeLessThanOrEqual(97 * 60);
      const ht = steps.find((s) => s.state.phase === 'HT')!;
      expect(ht.state.last?.clockSeconds).toBeGreaterThanOrEqual(46 * 60);
      expect(ht.state.last?.clockSeconds).toBeLessThanOrEqual(50 * 60);
      expect(footballModel.result(end)).toEqual({ ft: end.score, h1: end.h1 });
    }
  });

  it('replays the same match from the same seed', () => {
    expect(play(params, 7)).toEqual(play(params, 7));
    expect(play(params, 7)).not.toEqual(play(params, 8));
  });

  it('scores as many goals as it prices, and a red card costs its side', () => {
    const n = 1500;
    let home = 0;
    let away = 0;
    let reds = 0;
    for (let seed = 0; seed < n; seed++) {
      const end = play(params, 1000 + seed).at(-1)!.state;
      home += end.score.counted.home;
      away += end.score.counted.away;
      reds += Number(end.detail?.redHome) + Number(end.detail?.redAway);
    }
    const expected = expectedGoalsLeft(params, footballModel.initial(params));
    // Poisson counts: the standard error of a mean of n is sqrt(mean / n).
    expect(Math.abs(home / n - expected.home) / Math.sqrt(expected.home / n)).toBeLessThan(4);
    expect(Math.abs(away / n - expected.away) / Math.sqrt(expected.away / n)).toBeLessThan(4);
    expect(reds / n).toBeGreaterThan(0.1);
    expect(reds / n).toBeLessThan(0.4);
    const down = expectedGoalsLeft(params, live({ detail: { redHome: 1, redAway: 0 } }));
    const even = expectedGoalsLeft(params, live({}));
    expect(down.home).toBeLessThan(even.home);
    expect(down.away).toBeGreaterThan(even.away);
  });

  it('draws parameters by league: stronger leagues score more, the home side on average more', () => {
    const rng = createSimRng(3);
    let weak = 0;
    let strong = 0;
    let homeAhead = 0;
    for (let i = 0; i < 400; i++) {
      const w = footballModel.drawParams(rng, { level: 0, spread: 0.5 });
      const s = footballModel.drawParams(rng, { level: 1, spread: 0.5 });
      weak += w.homeXg + w.awayXg;
      strong += s.homeXg + s.awayXg;
      if (s.homeXg > s.awayXg) homeAhead++;
    }
    expect(strong).toBeGreaterThan(weak * 1.2);
    expect(homeAhead).toBeGreaterThan(250);
  });
});

describe('football: prices', () => {
  const pre = footballModel.price(params, footballModel.initial(params), MARGIN);

  it('quotes the feed format with the market types’ own keys', () => {
    for (const q of pre) {
      expect(MarketQuote.parse(q)).toEqual(q);
      for (const s of q.selections) expect(selectionKeys(q.type)).toContain(s.key);
    }
    const types = pre.map((q) => `${q.type}:${q.period}`);
    for (const t of ['1x2:ft', 'double_chance:ft', 'handicap:ft', 'total:ft', 'correct_score:ft', 'btts:ft']) {
      expect(types).toContain(t);
    }
    for (const t of ['1x2:h1', 'handicap:h1', 'total:h1']) expect(types).toContain(t);
  });

  it('prices at the margin: the inverse odds of 1x2 add up to 1 + m, correct score to about 1 + 3m', () => {
    const book = (q: MarketQuote | undefined) => q!.selections.reduce((s, x) => s + 1000 / x.odds1000, 0);
    const x12 = book(find(pre, '1x2'));
    expect(x12).toBeGreaterThanOrEqual(1.05);
    expect(x12).toBeLessThan(1.05 + 3 * 0.01);
    // Correct score leaves out no score here and folds the rest into 'other'.
    const cs = book(find(pre, 'correct_score'));
    expect(cs).toBeGreaterThanOrEqual(1.15);
    expect(cs).toBeLessThan(1.16);
  });

  it('offers the main Asian lines and at least two quarters either side, quarter lines included', () => {
    for (const period of ['ft', 'h1'] as const) {
      for (const type of ['handicap', 'total'] as const) {
        const lines = pre.filter((q) => q.type === type && q.period === period).map((q) => q.line4!);
        expect(lines.length).toBeGreaterThanOrEqual(5);
        expect(lines.some((l) => l % 2 !== 0)).toBe(true);
        // The middle line is the one closest to even.
        const gap = (l: number) => {
          const q = find(pre, type, period, l)!;
          return Math.abs(q.selections[0]!.odds1000 - q.selections[1]!.odds1000);
        };
        const middle = lines[Math.floor(lines.length / 2)]!;
        for (const l of lines) expect(gap(middle)).toBeLessThanOrEqual(gap(l));
      }
    }
    // The home side is stronger: it gives goals.
    const mainHandicap = pre.filter((q) => q.type === 'handicap' && q.period === 'ft').map((q) => q.line4!)[2]!;
    expect(mainHandicap).toBeLessThan(0);
  });

  it('moves live prices with the score, the clock and red cards, and leaves out what is decided', () => {
    const atOne = footballModel.price(params, live({ home: 1, away: 1 }), MARGIN);
    expect(atOne.some((q) => q.period === 'h1')).toBe(false);
    expect(find(atOne, 'btts')).toBeUndefined();
    const cs = find(atOne, 'correct_score')!;
    expect(odds(cs, '0-0')).toBeUndefined();
    expect(odds(cs, '1-0')).toBeUndefined();
    expect(odds(cs, '1-1')).toBeDefined();
    for (const q of atOne.filter((x) => x.type === 'total')) expect(q.line4!).toBeGreaterThan(8);

    const later = footballModel.price(
      params,
      live({ home: 1, away: 1, clock: { seconds: 85 * 60, running: true } }),
      MARGIN,
    );
    expect(odds(find(later, '1x2'), 'draw')!).toBeLessThan(odds(find(atOne, '1x2'), 'draw')!);

    const red = footballModel.price(params, live({ home: 1, away: 1, detail: { redHome: 1, redAway: 0 } }), MARGIN);
    expect(odds(find(red, '1x2'), 'home')!).toBeGreaterThan(odds(find(atOne, '1x2'), 'home')!);

    const ht = footballModel.price(params, { ...live({ home: 2, away: 0 }), status: 'break', phase: 'HT' }, MARGIN);
    expect(ht.some((q) => q.period === 'h1')).toBe(false);
    expect(find(ht, '1x2')).toBeDefined();

    const firstHalf = footballModel.price(
      params,
      live({ phase: '1H', clock: { seconds: 30 * 60, running: true } }),
      MARGIN,
    );
    expect(find(firstHalf, '1x2', 'h1')).toBeDefined();

    expect(footballModel.price(params, { ...live({}), status: 'ended', phase: 'FT' }, MARGIN)).toEqual([]);
  });

  it('knows stoppage time once announced', () => {
    const at90 = (added?: number) =>
      expectedGoalsLeft(
        params,
        live({
          clock: { seconds: 90 * 60, running: true },
          detail: { redHome: 0, redAway: 0, ...(added ? { added } : {}) },
        }),
      ).home;
    expect(at90(7)).toBeGreaterThan(at90());
    expect(at90(2)).toBeLessThan(at90());
    expect(at90(2)).toBeCloseTo((params.homeXg * 2 * 1.15) / 90, 3);
  });
});
