import { describe, expect, it } from 'vitest';
import { createSimRng } from '../../fair/sim-rng';
import { type CockfightParams, cockfightModel as model } from './cockfight';
import { returnToPlayer } from './margin';

const M = 50_000;

describe('cockfight model', () => {
  it('fights for minutes to Meron, Wala or a rare draw', () => {
    const rng = createSimRng(8);
    const tally = { '1-0': 0, '0-1': 0, '0-0': 0 } as Record<string, number>;
    const n = 6000;
    const drawChances: number[] = [];
    const durations: number[] = [];
    let consistent = true;
    for (let i = 0; i < n; i++) {
      const p = model.drawParams(rng, { level: 0.5, spread: 0.5 });
      drawChances.push(p.draw);
      let state = model.initial(p);
      let ms = 0;
      for (let step = model.step(p, state, rng); step; step = model.step(p, state, rng)) {
        state = step.state;
        ms += step.afterMs;
      }
      durations.push(ms);
      const { decided, counted } = model.result(state).ft;
      consistent &&= state.status === 'ended' && counted.home === decided.home && counted.away === decided.away;
      tally[`${decided.home}-${decided.away}`]!++;
    }
    expect(consistent).toBe(true);
    expect(Math.min(...drawChances)).toBeGreaterThanOrEqual(1 / 40);
    expect(Math.max(...drawChances)).toBeLessThanOrEqual(1 / 30);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...durations)).toBeLessThanOrEqual(360_000);
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(n);
    expect(tally['0-0']! / n).toBeGreaterThan(1 / 60);
    expect(tally['0-0']! / n).toBeLessThan(1 / 22);
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
    // Once the cocks are released nothing is offered.
    const rng = createSimRng(1);
    const live = model.step(p, model.initial(p), rng)!.state;
    expect(live.status).toBe('live');
    expect(model.price(p, live, M)).toEqual([]);
  });
});
