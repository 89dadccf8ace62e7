import { describe, expect, it } from 'vitest';
import { quickAmounts } from './quick-amounts';

describe('quickAmounts', () => {
  it('takes the smallest six round steps within the limits', () => {
    expect(quickAmounts(100, 50_000)).toEqual([100, 200, 500, 1000, 2000, 5000]);
    expect(quickAmounts(50, 100_000)).toEqual([50, 100, 200, 500, 1000, 2000]);
  });

  it('starts above a minimum that is not a round step and stops at the maximum', () => {
    expect(quickAmounts(150, 1200)).toEqual([200, 500, 1000]);
    expect(quickAmounts(0.5, 3)).toEqual([0.5, 1, 2]);
  });

  it('falls back to the minimum when no round step fits, and to nothing for broken limits', () => {
    expect(quickAmounts(130, 180)).toEqual([130]);
    expect(quickAmounts(0, 100)).toEqual([]);
    expect(quickAmounts(200, 100)).toEqual([]);
  });
});
