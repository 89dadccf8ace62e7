import { describe, expect, it } from 'vitest';
import { WINNER_STEP, winnerLoopSeconds, winnersScroll } from './winners-scroll';

describe('winner strip', () => {
  it('moves only with at least three winners (limit move 3)', () => {
    expect(winnersScroll(0)).toBe(false);
    expect(winnersScroll(2)).toBe(false);
    expect(winnersScroll(3)).toBe(true);
    expect(winnersScroll(20)).toBe(true);
  });
  it('moves half a pixel per frame: one copy of the list goes by in its width / 30 seconds', () => {
    expect(WINNER_STEP).toBe(0.5);
    expect(winnerLoopSeconds(1000)).toBeCloseTo(33.333, 3);
    expect(winnerLoopSeconds(30)).toBe(1);
    expect(winnerLoopSeconds(1000, 1)).toBeCloseTo(16.667, 3);
    expect(winnerLoopSeconds(0)).toBe(0);
  });
});
