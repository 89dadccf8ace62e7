import { describe, expect, it } from 'vitest';
import { nextWinnerOffset, WINNER_STEP, winnersScroll } from './winners-scroll';

describe('winner strip', () => {
  it('moves only with at least three winners (limit move 3)', () => {
    expect(winnersScroll(0)).toBe(false);
    expect(winnersScroll(2)).toBe(false);
    expect(winnersScroll(3)).toBe(true);
    expect(winnersScroll(20)).toBe(true);
  });
  it('steps half a pixel per frame and wraps after one copy of the list', () => {
    expect(WINNER_STEP).toBe(0.5);
    expect(nextWinnerOffset(0, 1000)).toBe(0.5);
    expect(nextWinnerOffset(999.5, 1000)).toBe(0);
    expect(nextWinnerOffset(999.75, 1000)).toBe(0.25);
    expect(nextWinnerOffset(10, 0)).toBe(0);
  });
});
