import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../kit/fair/sim-rng';
import {
  type CockfightParams,
  cockfightModel as model,
  SABONG_BETTING_MS,
  SABONG_PHASES,
  SABONG_RELEASE_MS,
} from './cockfight';
import { returnToPlayer } from './margin';

const M = 50_000;

describe('cockfight model', () => {
  it('calls each fight with betting open, closes it at the last call, releases, and ends it', () => {
    const rng = createSimRng(8);
    const tally = { '1-0': 0, '0-1': 0, '0-0': 0, cancelled: 0 } as Record<string, number>;
    const n = 6000;
    const drawChances: number[] = [];
    const durations: number[] = [];
    let consistent = true;
    for (let i = 0; i < n; i++) {
      const p = model.drawParams(rng, { level: 0.5, spread: 0.5 });
      drawChances.push(p.draw);
      let state = model.initial(p);
      let ms = 0;
      const phases: string[] = [];
      const after: number[] = [];
      for (let step = model.step(p, state, rng); step; step = model.step(p, state, rng)) {
        state = step.state;
        ms += step.afterMs;
        phases.push(`${state.status}:${state.phase}`);
        after.push(step.afterMs);
      }
      // Called at its start (betting open), the last call three minutes later, the release 20 s on.
      consistent &&=
        phases.slice(0, 3).join(' ') === 'live:OPEN live:CLOSED live:FIGHT' &&
        after[0] === 0 &&
        after[1] === SABONG_BETTING_MS &&
        after[2] === SABONG_RELEASE_MS &&
        phases.length === 4;
      durations.push(ms - SABONG_BETTING_MS - SABONG_RELEASE_MS);
      if (state.status === 'abandoned') {
        tally.cancelled!++;
        continue;
      }
      const { decided, counted } = model.result(state).ft;
      consistent &&= state.status === 'ended' && counted.home === decided.home && counted.away === decided.away;
      tally[`${decided.home}-${decided.away}`]!++;
    }
    expect(consistent).toBe(true);
    expect(Math.min(...drawChances)).toBeGreaterThanOrEqual(1 / 40);
    expect(Math.max(...drawChances)).toBeLessThanOrEqual(1 / 30);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...durations)).toBeLessThanOrEqual(360_000);
    // A whole fight fits in the derby's ten-minute slot: one is over before the next is called.
    expect(SABONG_BETTING_MS + SABONG_RELEASE_MS + Math.max(...durations)).toBeLessThan(600_000);
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(n);
    expect(tally['0-0']! / n).toBeGreaterThan(1 / 60);
    expect(tally['0-0']! / n).toBeLessThan(1 / 22);
    // About one in a hundred is cancelled (no contest).
    expect(tally.cancelled! / n).toBeGreaterThan(1 / 250);
    expect(tally.cancelled! / n).toBeLessThan(1 / 40);
  });

  it('prices Meron and Wala at the margin with a draw returning stakes, and the draw at the margin times its factor', () => {
    const p: CockfightParams = { meron: 0.56, draw: 1 / 35 };
    const [winner, draw] = model.price(p, model.initial(p), M);
    expect(winner!.type).toBe('winner');
    const pm = 0.56 * (1 - 1 / 35);
    const meron = winner!.selections.find((s) => s.key === 'home')!.odds1000 / 1000;
    const ret = pm * meron + 1 / 35;
    expect(ret).toBeLessThanOrEqual(returnToPlayer(M));
    expect(ret).toBeGreaterThan(returnToPlayer(M) - 0.006);
    expect(draw).toMatchObject({ type: 'draw', period: 'ft', status: 'open' });
    const drawOdds = draw!.selections[0]!.odds1000 / 1000;
    // The draw's return is the margin's, three times over (a long price): about 28x at 1 in 35.
    expect(drawOdds * (1 / 35)).toBeLessThanOrEqual(returnToPlayer(M * 3));
    expect(drawOdds * (1 / 35)).toBeGreaterThan(returnToPlayer(M * 3) - 0.01);
    // The fight is called: betting stays open at the same prices until the last call, then nothing is offered.
    const rng = createSimRng(1);
    const open = model.step(p, model.initial(p), rng)!.state;
    expect(open).toMatchObject({ status: 'live', phase: SABONG_PHASES.open });
    expect(model.price(p, open, M)).toEqual(model.price(p, model.initial(p), M));
    const closed = model.step(p, open, rng)!.state;
    expect(closed).toMatchObject({ status: 'live', phase: SABONG_PHASES.closed, last: { kind: 'last_call' } });
    expect(model.price(p, closed, M)).toEqual([]);
    const fight = model.step(p, closed, rng)!.state;
    expect(fight).toMatchObject({ status: 'live', phase: SABONG_PHASES.fight });
    expect(model.price(p, fight, M)).toEqual([]);
  });
});
