import { describe, expect, it } from 'vitest';
import { createDuelEngine, handStrength } from '../../casino/engines/arcade/duel';
import { createSimRng } from '../../kit/fair/sim-rng';
import { presentDuel } from './arcade-present';

// The duel scene deals, shows and judges exactly the server's hands.
describe('duel presentation equals the server result', () => {
  it('for 400 rounds: the cards dealt, the hands named and the verdict are the server round', () => {
    const engine = createDuelEngine();
    const rng = createSimRng(61);
    const seen = new Set<string>();
    for (let round = 0; round < 400; round++) {
      const bet = engine.parseBet({ amount: 100 });
      const { outcome, win } = engine.play(bet, rng);
      const plan = presentDuel(outcome);
      // Six cards, alternating from the player, each the server's card at its place.
      expect(plan.deal.map((d) => d.side)).toEqual(['player', 'house', 'player', 'house', 'player', 'house']);
      for (const d of plan.deal) expect(d.card).toEqual(outcome[d.side][d.index]);
      expect(plan.playerHand).toBe(handStrength(outcome.player).hand);
      expect(plan.houseHand).toBe(handStrength(outcome.house).hand);
      expect(plan.result).toBe(outcome.result);
      const expected = { win: 'You win', tie: 'Tie', loss: 'You lose' }[outcome.result];
      expect(plan.verdict).toBe(expected);
      // The verdict agrees with the money: a win pays more than the stake, a tie returns it.
      if (plan.result === 'win') expect(win).toBeGreaterThan(100);
      else if (plan.result === 'tie') expect(win).toBe(100);
      else expect(win).toBe(0);
      seen.add(plan.result);
    }
    expect(seen.has('win') && seen.has('loss')).toBe(true);
    // Ties are rare (a fraction of a per cent): one from equal hands of two suits.
    const tie = presentDuel({
      player: [
        { rank: 2, suit: 0 },
        { rank: 7, suit: 1 },
        { rank: 9, suit: 0 },
      ],
      house: [
        { rank: 2, suit: 2 },
        { rank: 7, suit: 3 },
        { rank: 9, suit: 2 },
      ],
      playerHand: 'high card',
      houseHand: 'high card',
      result: 'tie',
    });
    expect(tie.verdict).toBe('Tie');
  });
});
