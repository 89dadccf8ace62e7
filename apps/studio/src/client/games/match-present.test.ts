import { describe, expect, it } from 'vitest';
import { createMatchEngine, matchFixture } from '../../casino/engines/arcade/match';
import { createSimRng } from '../../kit/fair/sim-rng';
import { presentMatch } from './arcade-present';

// The match scene shows the server's goals at their minutes (maps in order in esports)
// and ends on the server's score, with the server's winning selections lit.
describe('match presentation equals the server result', () => {
  for (const sport of ['football', 'esports'] as const) {
    it(`for 300 ${sport} rounds`, () => {
      const code = sport === 'football' ? 'SPORTS-001' : 'ESPORTS-001';
      const engine = createMatchEngine(sport, code);
      const rng = createSimRng(sport === 'football' ? 90 : 3);
      let events = 0;
      for (let round = 0; round < 300; round++) {
        const fixture = matchFixture(sport, code, `F${round % 7}`);
        const s = fixture.selections[round % fixture.selections.length]!;
        const bet = engine.parseBet({
          fixtureId: fixture.fixtureId,
          market: s.market,
          selection: s.selection,
          amount: 100,
        });
        const { outcome, win } = engine.play(bet, rng);
        const plan = presentMatch(outcome);
        expect(plan.score).toEqual(outcome.score);
        expect(plan.scoreline).toBe(`${outcome.home} ${outcome.score[0]} – ${outcome.score[1]} ${outcome.away}`);
        expect(plan.winningSelections).toEqual(outcome.winningSelections);
        // The bet wins exactly when its selection is lit at the end.
        expect(plan.winningSelections.includes(`${s.market}:${s.selection}`)).toBe(win > 0);
        const last = plan.events.at(-1);
        expect(last?.score ?? [0, 0]).toEqual(outcome.score);
        if (sport === 'football') {
          expect(plan.events.map((e) => [e.side, e.minute])).toEqual(outcome.goals!.map((g) => [g.side, g.minute]));
          for (const [i, e] of plan.events.entries()) {
            if (i > 0) expect(e.minute).toBeGreaterThanOrEqual(plan.events[i - 1]!.minute);
            expect(e.minute).toBeGreaterThanOrEqual(1);
            expect(e.minute).toBeLessThanOrEqual(90);
          }
        } else {
          expect(plan.events.map((e) => e.side)).toEqual(outcome.maps);
        }
        events += plan.events.length;
      }
      expect(events).toBeGreaterThan(300);
    });
  }
});
