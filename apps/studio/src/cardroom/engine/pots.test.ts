import { describe, expect, it } from 'vitest';
import { buildPots, rakePots, splitPot, uncalledBet } from './pots';

const c = (seat: number, committed: number, folded = false) => ({ seat, committed, folded });

describe('side pots (worked examples)', () => {
  it('three all-ins of different sizes and a caller make a main pot and two side pots', () => {
    // Seat 0 all-in 100, seat 1 all-in 300, seat 2 all-in 500, seat 3 calls 500.
    const pots = buildPots([c(0, 100), c(1, 300), c(2, 500), c(3, 500)]);
    expect(pots).toEqual([
      { amount: 400, eligible: [0, 1, 2, 3] },
      { amount: 600, eligible: [1, 2, 3] },
      { amount: 400, eligible: [2, 3] },
    ]);
  });

  it("a folded player's chips stay in the pots they reached but win nothing", () => {
    // Seat 0 all-in 100; seat 1 put in 250 then folded; seats 2 and 3 went to 400.
    const pots = buildPots([c(0, 100), c(1, 250, true), c(2, 400), c(3, 400)]);
    expect(pots).toEqual([
      { amount: 400, eligible: [0, 2, 3] },
      { amount: 750, eligible: [2, 3] },
    ]);
  });

  it('equal all-ins make one pot', () => {
    expect(buildPots([c(0, 200), c(1, 200), c(2, 200)])).toEqual([{ amount: 600, eligible: [0, 1, 2] }]);
  });

  it('the uncalled part of the largest bet goes back, also to a player who folded', () => {
    expect(uncalledBet([c(0, 100), c(1, 300), c(2, 250)])).toEqual({ seat: 1, amount: 50 });
    expect(uncalledBet([c(0, 300), c(1, 300)])).toBeNull();
    // The big blind was all-in for 30; the small blind put in 50 and folded: 20 goes back to them.
    expect(uncalledBet([c(0, 50, true), c(1, 30)])).toEqual({ seat: 0, amount: 20 });
  });
});

describe('odd chips', () => {
  it('go one each to the winners in seat order from the first seat left of the button', () => {
    // Button on seat 4 of 6: seat 5 comes first, then 0, 1, ...
    expect(splitPot(101, [1, 5], 4, 6)).toEqual([
      { seat: 5, amount: 51 },
      { seat: 1, amount: 50 },
    ]);
    expect(splitPot(302, [0, 2, 3], 2, 6)).toEqual([
      { seat: 3, amount: 101 },
      { seat: 0, amount: 101 },
      { seat: 2, amount: 100 },
    ]);
    // The button itself comes last.
    expect(splitPot(5, [0, 1], 0, 2)).toEqual([
      { seat: 1, amount: 3 },
      { seat: 0, amount: 2 },
    ]);
  });
});

describe('rake', () => {
  const rule = { basisPoints: 500, cap: 300 };

  it('is a share of the pot rounded down, up to the cap', () => {
    expect(rakePots([{ amount: 1_999, eligible: [0, 1] }], rule, true)).toEqual([99]);
    expect(rakePots([{ amount: 6_000, eligible: [0, 1] }], rule, true)).toEqual([300]);
    expect(rakePots([{ amount: 100_000, eligible: [0, 1] }], rule, true)).toEqual([300]);
  });

  it('is nothing when no flop was dealt, whatever the pot', () => {
    expect(rakePots([{ amount: 100_000, eligible: [0, 1] }], rule, false)).toEqual([0]);
  });

  it('is shared between side pots in proportion, leftover chips from the main pot on', () => {
    const pots = [
      { amount: 400, eligible: [0, 1, 2] },
      { amount: 600, eligible: [1, 2] },
      { amount: 1, eligible: [2] },
    ];
    // 5% of 1,001 = 50; 400/1001 * 50 = 19.98 -> 19, 600/1001 * 50 = 29.97 -> 29, 0; two left over.
    expect(rakePots(pots, rule, true)).toEqual([20, 30, 0]);
    // With a cap the parts add up to the cap.
    const capped = rakePots(pots, { basisPoints: 1_000, cap: 77 }, true);
    expect(capped.reduce((a, b) => a + b, 0)).toBe(77);
  });

  it('takes no rake with a zero rate', () => {
    expect(rakePots([{ amount: 5_000, eligible: [0, 1] }], { basisPoints: 0, cap: 300 }, true)).toEqual([0]);
  });
});
