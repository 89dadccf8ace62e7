import { describe, expect, it } from 'vitest';
import {
  jackpotDay,
  jackpotDelayMs,
  jackpotIncrement,
  jackpotStart,
  parseJackpotState,
  resumeJackpot,
  stepJackpot,
} from './jackpot';

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

describe('the counter keeps rising for the visitor within the day', () => {
  const noon = new Date(2026, 10, 22, 12, 0, 0).getTime();
  const today = jackpotDay(noon);

  it('starts fresh without a saved state, or with one of another day or unreadable', () => {
    expect(resumeJackpot(null, noon, fixed(0))).toEqual({ day: today, amount: 3_100_000_000, at: noon });
    const yesterday = { day: jackpotDay(noon - 86_400_000), amount: 3_190_000_000, at: noon - 86_400_000 };
    expect(resumeJackpot(yesterday, noon, fixed(0)).amount).toBe(3_100_000_000);
    expect(parseJackpotState('not json')).toBeNull();
    expect(parseJackpotState(JSON.stringify({ day: today, amount: 'x', at: noon }))).toBeNull();
    expect(parseJackpotState(JSON.stringify({ day: today, amount: 12.5, at: noon }))).toBeNull();
  });

  it('a reload continues from the last shown value, never lower, adding the mean growth of the time away', () => {
    const shown = { day: today, amount: 3_150_000_000, at: noon };
    const stored = parseJackpotState(JSON.stringify(shown));
    expect(stored).toEqual(shown);
    // At once: the same value, whatever a fresh start would have drawn.
    expect(resumeJackpot(stored, noon, fixed(almostOne)).amount).toBe(3_150_000_000);
    // Ten minutes away: 150 steps of 4 s on average, 300.00 each.
    expect(resumeJackpot(stored, noon + 600_000, fixed(0)).amount).toBe(3_150_000_000 + 150 * 30_000);
    // A clock set back does not lower it.
    expect(resumeJackpot(stored, noon - 60_000, fixed(0)).amount).toBe(3_150_000_000);
  });

  it("steps up by 100.00 to 500.00 from the higher of its own and another tab's value; a new day starts again", () => {
    const current = { day: today, amount: 3_150_000_000, at: noon };
    expect(stepJackpot(current, null, noon + 4000, fixed(0))).toEqual({
      day: today,
      amount: 3_150_010_000,
      at: noon + 4000,
    });
    const otherTab = { day: today, amount: 3_160_000_000, at: noon + 2000 };
    expect(stepJackpot(current, otherTab, noon + 4000, fixed(almostOne)).amount).toBe(3_160_050_000);
    const lowerTab = { day: today, amount: 3_140_000_000, at: noon + 2000 };
    expect(stepJackpot(current, lowerTab, noon + 4000, fixed(0)).amount).toBe(3_150_010_000);
    const tomorrow = new Date(2026, 10, 23, 0, 0, 1).getTime();
    expect(stepJackpot(current, null, tomorrow, fixed(0))).toEqual({
      day: jackpotDay(tomorrow),
      amount: 3_100_000_000,
      at: tomorrow,
    });
  });

  it('a day of reloads only ever goes up', () => {
    let state = resumeJackpot(null, noon);
    let last = state.amount;
    for (let i = 1; i <= 200; i++) {
      const now = noon + i * 37_000;
      state =
        i % 3 === 0 ? resumeJackpot(parseJackpotState(JSON.stringify(state)), now) : stepJackpot(state, null, now);
      expect(state.amount).toBeGreaterThan(last);
      last = state.amount;
    }
  });
});
