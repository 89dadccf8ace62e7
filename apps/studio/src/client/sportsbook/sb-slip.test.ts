import { describe, expect, it } from 'vitest';
import {
  acceptPrices,
  changesToAccept,
  combinations,
  combinedOdds,
  defaultTarget,
  multipleOffered,
  multipleRefusal,
  offeredBuilders,
  partialCashOut,
  payoutAt,
  placeBlock,
  placeRequest,
  repriceLeg,
  type SlipLeg,
  slipBets,
  stakeChips,
  stakeOf,
  subsets,
  systemSizes,
  targetKey,
  totals,
  withStake,
} from './sb-slip';

// The slip's rules and arithmetic: which bets a set of legs allows, what they cost and may pay (as
// the book pays: floor of stake x odds, integers only), and which price changes wait for the player.

function leg(eventId: string, key: string, odds: number | null, o: Partial<SlipLeg> = {}): SlipLeg {
  return {
    selectionId: `${eventId}/1x2:ft:-/${key}`,
    eventId,
    home: 'Alder Vale',
    away: 'Brindle Port',
    sport: 'football',
    live: false,
    market: { key: '1x2:ft:-', type: '1x2', period: 'ft', line4: null },
    selection: key,
    odds1000: odds,
    taken: odds,
    was: null,
    status: 'open',
    ...o,
  };
}
const noStakes = { single: {}, multiple: 0, system: {} };

describe('what a slip offers', () => {
  it('offers a multiple from two legs of different events', () => {
    expect(multipleOffered([leg('a', 'home', 2000)], 10)).toBe(false);
    expect(multipleOffered([leg('a', 'home', 2000), leg('b', 'away', 1500)], 10)).toBe(true);
  });

  it('a second leg of the same event disables the multiple and the system bets', () => {
    const legs = [leg('a', 'home', 2000), leg('b', 'home', 1800), leg('a', 'draw', 3300)];
    expect(multipleRefusal(legs, 10)).toBe('same_event');
    expect(multipleOffered(legs, 10)).toBe(false);
    expect(systemSizes(legs, 10)).toEqual([]);
    // The multiple's stake stays on the slip but is not a bet while the legs clash.
    const bets = slipBets(legs, { single: {}, multiple: 500, system: { 2: 100 } }, 10);
    expect(bets).toEqual([]);
  });

  it('refuses a multiple over the leg limit', () => {
    const legs = ['a', 'b', 'c'].map((e) => leg(e, 'home', 1500));
    expect(multipleRefusal(legs, 2)).toBe('too_many');
  });

  it('offers system sizes 2/3; 2/4 and 3/4; ... up to eight legs', () => {
    const legs = (n: number) => Array.from({ length: n }, (_, i) => leg(`e${i}`, 'home', 1500));
    expect(systemSizes(legs(2), 20)).toEqual([]);
    expect(systemSizes(legs(3), 20)).toEqual([2]);
    expect(systemSizes(legs(4), 20)).toEqual([2, 3]);
    expect(systemSizes(legs(8), 20)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(systemSizes(legs(9), 20)).toEqual([]);
  });

  it('counts and lists combinations', () => {
    expect(combinations(4, 2)).toBe(6);
    expect(combinations(8, 4)).toBe(70);
    expect([...subsets(4, 3)]).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });
});

describe('payouts as the book works them', () => {
  it('floors stake x product of odds in integers', () => {
    expect(payoutAt(1000, [1950])).toBe(1950);
    expect(payoutAt(333, [1950])).toBe(649); // 649.35
    expect(payoutAt(1000, [1950, 2100, 1330])).toBe(5446); // 5446.35
    expect(combinedOdds([1950, 2100])).toBe(4095);
    // Large stakes and many legs stay exact (no float rounding).
    expect(payoutAt(99_999_999_999, Array(20).fill(1010))).toBe(
      Number((99_999_999_999n * 1010n ** 20n) / 1000n ** 20n),
    );
  });

  it('adds singles, the multiple and each system combination into the totals', () => {
    const legs = [leg('a', 'home', 2000), leg('b', 'home', 1500), leg('c', 'away', 3000)];
    const bets = slipBets(legs, { single: { [legs[0]!.selectionId]: 1000 }, multiple: 500, system: { 2: 100 } }, 10);
    expect(bets.map((b) => b.target.kind)).toEqual(['single', 'multiple', 'system']);
    expect(bets[0]!.potentialPayout).toBe(2000);
    expect(bets[1]!.potentialPayout).toBe(4500); // 500 x 2 x 1.5 x 3
    // 2/3: three doubles of 1.00 each: 3.00 + 6.00 + 4.50
    expect(bets[2]).toMatchObject({ combinations: 3, totalStake: 300, potentialPayout: 1350 });
    expect(totals(bets)).toEqual({ stake: 1800, potentialPayout: 7850, count: 5 });
  });

  it('shows no payout for a bet whose leg has no price', () => {
    const legs = [leg('a', 'home', 2000), leg('b', 'home', null, { taken: null, status: 'unavailable' })];
    const bets = slipBets(legs, { single: {}, multiple: 500, system: {} }, 10);
    expect(bets[0]!.potentialPayout).toBe(0);
  });

  it('prices a part of a cash-out in proportion, rounded down', () => {
    expect(partialCashOut(950, 1000, 1000)).toBe(950);
    expect(partialCashOut(950, 1000, 333)).toBe(316);
    expect(partialCashOut(950, 1000, 0)).toBe(0);
  });
});

describe('price changes under the odds-change rule', () => {
  const l = leg('a', 'home', 2000);
  it('accept any: every new price is taken', () => {
    expect(repriceLeg(l, 1900, 'any')).toMatchObject({ odds1000: 1900, taken: 1900, was: 2000 });
  });
  it('accept higher: a better price is taken, a worse one waits', () => {
    expect(repriceLeg(l, 2100, 'higher')).toMatchObject({ odds1000: 2100, taken: 2100 });
    const lower = repriceLeg(l, 1900, 'higher');
    expect(lower).toMatchObject({ odds1000: 1900, taken: 2000 });
    expect(changesToAccept([lower])).toHaveLength(1);
    expect(acceptPrices([lower])[0]).toMatchObject({ taken: 1900, was: null });
  });
  it('ask: any change waits for the player', () => {
    expect(changesToAccept([repriceLeg(l, 2100, 'none')])).toHaveLength(1);
  });
  it('an unchanged price is the same leg', () => {
    expect(repriceLeg(l, 2000, 'none')).toBe(l);
  });
});

describe('placing', () => {
  const legs = [leg('a', 'home', 2000), leg('b', 'home', 1500)];
  const stakes = { single: {}, multiple: 1000, system: {} };

  it('says what stops a placing', () => {
    expect(placeBlock(legs, slipBets(legs, noStakes, 10), null)).toBe('no_stake');
    const bets = slipBets(legs, stakes, 10);
    expect(placeBlock(legs, bets, 500)).toBe('funds');
    expect(placeBlock(legs, bets, null)).toBeNull();
    const suspended = [legs[0]!, { ...legs[1]!, status: 'suspended' as const }];
    expect(placeBlock(suspended, slipBets(suspended, stakes, 10), null)).toBe('blocked_leg');
    const moved = [legs[0]!, repriceLeg(legs[1]!, 1400, 'higher')];
    expect(placeBlock(moved, slipBets(moved, stakes, 10), null)).toBe('accept');
  });

  it('sends the accepted prices and each bet with its stake', () => {
    const bets = slipBets(legs, { single: { [legs[1]!.selectionId]: 200 }, multiple: 1000, system: {} }, 10);
    expect(placeRequest(legs, bets, 'req-1', 'higher')).toEqual({
      requestId: 'req-1',
      legs: [
        { selectionId: 'a/1x2:ft:-/home', odds1000: 2000 },
        { selectionId: 'b/1x2:ft:-/home', odds1000: 1500 },
      ],
      bets: [
        { kind: 'single', selectionId: 'b/1x2:ft:-/home', stake: 200 },
        { kind: 'multiple', stake: 1000 },
      ],
      oddsChange: 'higher',
    });
  });
});

describe('quick stakes', () => {
  it('chips are round amounts from ten times the minimum stake', () => {
    expect(stakeChips(100)).toEqual([1000, 5000, 10000, 50000]);
    expect(stakeChips(1)).toEqual([1000, 5000, 10000, 50000]);
    expect(stakeChips(500)).toEqual([5000, 20000, 50000, 200000]);
    expect(stakeChips(2000)).toEqual([20000, 100000, 200000, 1000000]);
  });
  it('go to the multiple when there is one, else the first single', () => {
    expect(defaultTarget([leg('a', 'home', 2000)], 10)).toEqual({ kind: 'single', selectionId: 'a/1x2:ft:-/home' });
    expect(defaultTarget([leg('a', 'home', 2000), leg('b', 'home', 2000)], 10)).toEqual({ kind: 'multiple' });
    expect(defaultTarget([], 10)).toBeNull();
  });
});

describe('bet builders', () => {
  const a1 = leg('a', 'home', 2100);
  const a2 = leg('a', 'over', 1900, { selectionId: 'a/total:ft:10/over', selection: 'over' });
  const b1 = leg('b', 'away', 1500);
  const quoted = {
    eventId: 'a',
    selectionIds: [a1.selectionId, a2.selectionId],
    odds1000: 2910,
    refusal: null,
    maxStake: 50_000,
  };

  it('offers the builder the book quoted, only while its legs are exactly those on the slip', () => {
    expect(offeredBuilders([a1, a2, b1], [quoted])).toEqual([quoted]);
    expect(offeredBuilders([a1, b1], [quoted])).toEqual([]);
    const a3 = leg('a', 'draw', 3300);
    expect(offeredBuilders([a1, a2, a3], [quoted])).toEqual([]);
  });

  it('stakes a builder at its joint price, not the product of its legs, and sends its price', () => {
    const target = { kind: 'builder' as const, eventId: 'a' };
    const stakes = withStake(noStakes, target, 1000);
    expect(stakeOf(stakes, target)).toBe(1000);
    expect(targetKey(target)).toBe('builder:a');
    const bets = slipBets([a1, a2, b1], stakes, 10, [quoted]);
    expect(bets).toEqual([
      {
        target,
        stake: 1000,
        combinations: 1,
        totalStake: 1000,
        potentialPayout: 2910,
        legs: [a1.selectionId, a2.selectionId],
        odds1000: 2910,
      },
    ]);
    expect(placeRequest([a1, a2, b1], bets, 'r', 'none')).toEqual({
      requestId: 'r',
      legs: [
        { selectionId: a1.selectionId, odds1000: 2100 },
        { selectionId: a2.selectionId, odds1000: 1900 },
      ],
      bets: [{ kind: 'builder', selectionIds: [a1.selectionId, a2.selectionId], stake: 1000, odds1000: 2910 }],
      oddsChange: 'none',
    });
    // A refused builder has no price: nothing is placed on it whatever its stake.
    expect(slipBets([a1, a2], stakes, 10, [{ ...quoted, odds1000: null, refusal: 'SB_BUILDER_IMPOSSIBLE' }])).toEqual(
      [],
    );
  });
});
