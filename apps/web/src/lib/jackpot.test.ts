import { describe, expect, it } from 'vitest';
import { jackpotDelayMs, jackpotIncrement, jackpotStart } from './jackpot';

const fixed = (v: number) => () => v;
const almostOne = 0.999_999_999;

describe('simulated jackpot (spec §9), in minor units', () => {
  it('starts between 31,000,000.00 and 32,000,000.00', () => {
    expect(jackpotStart(fixed(0))).toBe(3_100_000_000);
    expect(jackpotStart(fixed(almostOne))).toBe(3_200_000_000);
    for (let i = 0; i < 1000; i++) {
      const v = jackpotStart();
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(3_100_000_000);
      expect(v).toBeLessThanOrEqual(3_200_000_000);
    }
  });

  it('adds 100.00 to 500.00 per step', () => {
    expect(jackpotIncrement(fixed(0))).toBe(10_000);
    expect(jackpotIncrement(fixed(almostOne))).toBe(50_000);
  });

  it('steps every 3, 4 or 5 seconds', () => {
    expect(jackpotDelayMs(fixed(0))).toBe(3000);
    expect(jackpotDelayMs(fixed(0.5))).toBe(4000);
    expect(jackpotDelayMs(fixed(almostOne))).toBe(5000);
    const seen = new Set(Array.from({ length: 300 }, () => jackpotDelayMs()));
    expect([...seen].sort()).toEqual([3000, 4000, 5000]);
  });
});
