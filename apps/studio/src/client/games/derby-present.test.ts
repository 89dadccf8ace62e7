import { describe, expect, it } from 'vitest';
import { createDerbyEngine, DERBY_SIDES, derbyFight } from '../../casino/engines/arcade/derby';
import { createSimRng } from '../../kit/fair/sim-rng';
import { presentDerby } from './arcade-present';

// The derby scene ends on the server's result after the server's fight length; the
// clashes on the way are drawn inside that length and the last blow is the winner's.
describe('derby presentation equals the server result', () => {
  it('for 400 rounds on every side', () => {
    const engine = createDerbyEngine('COCKFIGHT-002');
    const rng = createSimRng(7);
    const results = new Set<string>();
    for (let round = 0; round < 400; round++) {
      const fight = derbyFight('COCKFIGHT-002', `X${round % 5}`);
      const side = DERBY_SIDES[round % 3]!;
      const bet = engine.parseBet({ fightId: fight.fightId, side, amount: 100 });
      const { outcome, win } = engine.play(bet, rng);
      const plan = presentDerby(outcome);
      expect(plan.result).toBe(outcome.result);
      expect(plan.seconds).toBe(outcome.seconds);
      const winner = outcome.result === 'meron' ? outcome.meron : outcome.wala;
      expect(plan.verdict).toBe(
        outcome.result === 'draw' ? `Draw after ${outcome.seconds}s` : `${winner} wins (${outcome.seconds}s)`,
      );
      expect(plan.clashes.length).toBeGreaterThanOrEqual(3);
      for (const [i, c] of plan.clashes.entries()) {
        expect(c.second).toBeGreaterThanOrEqual(1);
        expect(c.second).toBeLessThanOrEqual(outcome.seconds);
        if (i > 0) expect(c.second).toBeGreaterThanOrEqual(plan.clashes[i - 1]!.second);
      }
      if (outcome.result !== 'draw') expect(plan.clashes.at(-1)!.lead).toBe(outcome.result);
      // What the scene shows agrees with the money.
      if (outcome.result === side) expect(win).toBeGreaterThan(100);
      else if (outcome.result === 'draw') expect(win).toBe(100);
      else expect(win).toBe(0);
      results.add(outcome.result);
    }
    expect(results.size).toBe(3);
  });
});
