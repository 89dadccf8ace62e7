import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../kit/fair/sim-rng';
import type { MatchState } from '../types';
import { tennisModel as model, type TennisParams, tennisHomeWins } from './tennis';

const M = 50_000;
const bo3: TennisParams = { serveHome: 0.64, serveAway: 0.6, bestOf: 3, firstServer: 'away' };
const bo5: TennisParams = { serveHome: 0.63, serveAway: 0.63, bestOf: 5, firstServer: 'home' };

function playFrom(p: TennisParams, from: MatchState, seed: number) {
  const rng = createSimRng(seed);
  let state = from;
  const events: string[] = [];
  for (let n = 0; n < 3000; n++) {
    const step = model.step(p, state, rng);
    if (!step) break;
    state = step.state;
    events.push(step.event?.kind ?? '');
  }
  return { state, events };
}

/** A state built by hand: sets, the current set's games, points and server. */
function at(
  sets: [number, number],
  played: string[],
  games: [number, number],
  points: [number, number],
  server: 'home' | 'away',
  tiebreak = false,
): MatchState {
  const before = played.reduce(
    (s, x) => {
      const [h, a] = x.split('-').map(Number) as [number, number];
      return [s[0] + h, s[1] + a] as [number, number];
    },
    [0, 0] as [number, number],
  );
  const detail: Record<string, number | string> = {
    server,
    pointsHome: points[0],
    pointsAway: points[1],
    gamesHome: games[0],
    gamesAway: games[1],
    tiebreak: tiebreak ? 1 : 0,
  };
  played.forEach((s, i) => {
    detail[`set${i + 1}`] = s;
  });
  return {
    status: 'live',
    phase: `S${played.length + 1}`,
    score: {
      decided: { home: sets[0], away: sets[1] },
      counted: { home: before[0] + games[0], away: before[1] + games[1] },
    },
    detail,
  };
}

describe('tennis model', () => {
  it('plays points, games, tiebreaks and sets to a best-of result with consistent scores', () => {
    for (const p of [bo3, bo5]) {
      for (let seed = 1; seed <= 12; seed++) {
        const { state, events } = playFrom(p, model.initial(p), seed);
        expect(state.status).toBe('ended');
        const need = (p.bestOf + 1) / 2;
        const { decided, counted } = model.result(state).ft;
        expect(Math.max(decided.home, decided.away)).toBe(need);
        expect(Math.min(decided.home, decided.away)).toBeLessThan(need);
        const sets = Object.entries(state.detail!).filter(([k]) => k.startsWith('set'));
        expect(sets).toHaveLength(decided.home + decided.away);
        let [gh, ga] = [0, 0];
        for (const [, s] of sets) {
          const [h, a] = String(s).split('-').map(Number) as [number, number];
          expect((h >= 6 && h - a >= 2) || (a >= 6 && a - h >= 2) || (h === 7 && a === 6) || (a === 7 && h === 6)).toBe(
            true,
          );
          gh += h;
          ga += a;
        }
        expect(counted).toEqual({ home: gh, away: ga });
        expect(events).toContain('break_point');
      }
    }
  });

  it('suspends on a break point only', () => {
    const rng = createSimRng(4);
    // Away serves at 30-30: when home takes the point, home has a break point.
    const state = at([0, 0], [], [2, 2], [2, 2], 'away');
    let bp = 0;
    for (let i = 0; i < 20; i++) {
      const step = model.step(bo3, state, rng)!;
      if (step.event?.kind === 'break_point') {
        bp++;
        expect(step.event.side).toBe('home');
        expect(step.suspendMs).toBeGreaterThan(0);
      } else expect(step.suspendMs).toBe(0);
    }
    expect(bp).toBeGreaterThan(0);
  });

  it('prices exactly: the Markov chance matches the process from any state', () => {
    const states = [
      model.initial(bo3),
      at([1, 0], ['6-4'], [3, 4], [1, 3], 'home'),
      at([0, 1], ['6-7'], [6, 6], [4, 5], 'away', true),
    ];
    for (const [i, s] of states.entries()) {
      const exact = tennisHomeWins(bo3, s);
      let wins = 0;
      const n = 300;
      for (let k = 0; k < n; k++) {
        const { state } = playFrom(bo3, s, 1000 * i + k);
        if (state.score.decided.home > state.score.decided.away) wins++;
      }
      expect(Math.abs(wins / n - exact)).toBeLessThan(0.07);
    }
    // Known value: equal servers, best of 3, is an even match.
    const even: TennisParams = { serveHome: 0.62, serveAway: 0.62, bestOf: 3, firstServer: 'home' };
    expect(tennisHomeWins(even, model.initial(even))).toBeCloseTo(0.5, 9);
  });

  it('quotes winner, game handicaps and totals at the margin and leaves out decided lines', () => {
    const quotes = model.price(bo5, model.initial(bo5), M);
    expect(quotes.map((q) => q.type)).toEqual(['winner', ...Array(5).fill('handicap'), ...Array(5).fill('total')]);
    const winner = quotes[0]!;
    const or = winner.selections.reduce((s, x) => s + 1000 / x.odds1000, 0);
    expect(or).toBeGreaterThanOrEqual(1.05 - 1e-9);
    expect(or).toBeLessThan(1.062);
    const late = at([2, 1], ['6-4', '3-6', '7-6'], [5, 4], [1, 2], 'home');
    const lateQuotes = model.price(bo5, late, M);
    const played = late.score.counted.home + late.score.counted.away;
    for (const q of lateQuotes.filter((q) => q.type === 'total')) expect(q.line4! / 4).toBeGreaterThan(played);
    const w = Object.fromEntries(lateQuotes[0]!.selections.map((s) => [s.key, s.odds1000]));
    expect(w.home).toBeLessThan(w.away!);
    expect(model.price(bo5, { ...late, status: 'ended' }, M)).toEqual([]);
  });
});
