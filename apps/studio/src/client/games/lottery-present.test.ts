import { describe, expect, it } from 'vitest';
import {
  generateDraw,
  LOTTERY_BET_TYPES,
  type LotteryBetKind,
  SEA_TIER_PAYS,
  settleLotteryBet,
} from '../../casino/engines';
import { lotteryBetTypes } from '../../casino/lottery';
import { betTypeHint, drawSequence, hitKeys, quickPick, readPicks, togglePick } from './lottery-present';

// The draw board replays the server's draw: for a sample of real draws (both regions, their own
// seeds), the numbers revealed are exactly the draw's, tier by tier, the top prize last; and the
// numbers lit for a ticket are hit exactly when the engine pays the ticket.

/** A small seeded generator (a different stream per test round). */
function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const seedOf = (i: number) => `${i.toString(16).padStart(8, '0')}${'ab'.repeat(28)}`;

describe('lottery draw presentation', () => {
  for (const region of ['VN', 'SEA'] as const) {
    it(`reveals exactly the server's ${region} numbers, the top prize last`, () => {
      for (let i = 0; i < 120; i++) {
        const draw = generateDraw(region, `20261124-${String(i).padStart(4, '0')}`, seedOf(i));
        const steps = drawSequence(draw.prizes);
        expect(steps.length).toBe(draw.prizes.reduce((n, p) => n + p.numbers.length, 0));
        // Grouped back by tier and place, the revealed numbers are the draw's.
        const shown = draw.prizes.map((p) =>
          p.numbers.map((_, index) => steps.find((s) => s.tier === p.tier && s.index === index)?.number),
        );
        expect(shown).toEqual(draw.prizes.map((p) => p.numbers));
        expect(steps[steps.length - 1]?.tier).toBe(region === 'VN' ? 'special' : 'first');
      }
    });
  }

  it('lights a ticket’s numbers exactly when the engine pays it', () => {
    const kinds = Object.keys(LOTTERY_BET_TYPES) as LotteryBetKind[];
    let hits = 0;
    for (let i = 0; i < 200; i++) {
      for (const type of kinds) {
        const t = LOTTERY_BET_TYPES[type];
        const draw = generateDraw(t.region, `d-${i}`, seedOf(i + 1000));
        // Pick from the draw half the time (a hit), at random otherwise.
        const all = draw.prizes.flatMap((p) => p.numbers);
        const source = all[i % all.length] ?? '';
        const picks =
          i % 2 === 0 && source.length >= t.digits
            ? [source.slice(-t.digits), ...quickPick(t.digits, t.picks - 1, lcg(i * 31 + type.length))]
            : quickPick(t.digits, t.picks, lcg(i * 131 + type.length));
        const settled = settleLotteryBet({ region: t.region, type, numbers: picks, amount: 100 }, draw);
        const lit = hitKeys(draw.prizes, [{ bet: { type, numbers: picks } }]);
        if (settled.hits > 0) {
          hits++;
          expect(lit.size, `${type} ${picks} on ${JSON.stringify(draw.prizes)}`).toBeGreaterThan(0);
        } else if (t.picks === 1) expect(lit.size, `${type} ${picks}`).toBe(0);
      }
    }
    expect(hits).toBeGreaterThan(50);
  });

  it('says what each bet type pays, as the engine pays it', () => {
    // The bet types as the studio sends them to the page.
    const sent = [...lotteryBetTypes('VN'), ...lotteryBetTypes('SEA')];
    const byType = Object.fromEntries(sent.map((t) => [t.type, t]));
    expect(Object.fromEntries(byType.big?.tierPays ?? [])).toEqual(SEA_TIER_PAYS.big);
    expect(Object.fromEntries(byType.small?.tierPays ?? [])).toEqual(SEA_TIER_PAYS.small);
    expect(sent.map((t) => t.type).sort()).toEqual(Object.keys(LOTTERY_BET_TYPES).sort());
    for (const t of sent) {
      const hint = betTypeHint(t);
      expect(hint, t.type).not.toMatch(/ 0\.00×/);
      expect(hint, t.type).not.toMatch(/\b1 (numbers|digits)\b/);
    }
    expect(betTypeHint(byType.lo2!)).toContain('pick 1 number of 2 digits; pays 3.50× the stake per hit');
    expect(betTypeHint(byType.xien2!)).toContain('pick 2 numbers of 2 digits');
    expect(betTypeHint(byType.big!)).toContain(
      'pays by prize: 1st 3800×, 2nd 1700×, 3rd 800×, Starter 200×, Consolation 120× the stake',
    );
  });

  it('reads, toggles and quick-picks numbers of the bet type’s digits', () => {
    expect(readPicks('7, 12 3', 2)).toEqual(['07', '12', '03']);
    expect(togglePick(['12'], '34', 2)).toEqual(['12', '34']);
    expect(togglePick(['12', '34'], '56', 2)).toEqual(['34', '56']);
    expect(togglePick(['12', '34'], '12', 2)).toEqual(['34']);
    const picked = quickPick(2, 2);
    expect(picked).toHaveLength(2);
    expect(new Set(picked).size).toBe(2);
    for (const n of picked) expect(n).toMatch(/^\d{2}$/);
  });
});
