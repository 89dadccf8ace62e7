import { describe, expect, it } from 'vitest';
import { countdownSeconds, secondsLeft } from './countdown';

describe('SMS countdown (spec §4)', () => {
  it('is expiredMinutes x 60 seconds', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(1)).toBe(60);
  });

  it('defaults to 60 seconds without a usable value', () => {
    expect(countdownSeconds(undefined)).toBe(60);
    expect(countdownSeconds(0)).toBe(60);
    expect(countdownSeconds(-3)).toBe(60);
    expect(countdownSeconds(Number.NaN)).toBe(60);
  });

  it('counts whole seconds down to zero and never below', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
