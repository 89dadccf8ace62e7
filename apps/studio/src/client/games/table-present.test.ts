import { describe, expect, it } from 'vitest';
import { type BaccaratOutcome, dealBaccarat } from '../../casino/engines/tables/baccarat';
import { Shoe, type Card as ShoeCard } from '../../casino/engines/tables/cards';
import { createRouletteEngine, parseRouletteBet } from '../../casino/engines/tables/roulette';
import { tableBetWin, tableOf, tableOutcome } from '../../casino/tables';
import type { Rng } from '../../kit/fair/rng';
import { createSimRng } from '../../kit/fair/sim-rng';
import {
  BET_TYPES,
  baccaratResult,
  baccaratWinningSpots,
  ballLanding,
  beadPlate,
  bigRoad,
  dealSequence,
  followsDrawingRules,
  handTotal,
  insidePlace,
  nextSpot,
  numberCell,
  pocketAtTop,
  ROULETTE_SPOTS,
  rouletteBet,
  rouletteReturn,
  rouletteSpot,
  rouletteWinningSpots,
  type SpotPlace,
  spotAccessibleName,
  spotsInMode,
  spotsOfBet,
  thirdCardNotes,
  wheelLanding,
} from './table-present';

// The live tables only replay the server's round. For a sample of rounds drawn the way the
// server draws them (tableOutcome on the round's fair stream), the cards shown are the server's in
// the order they left the shoe, the wheel stops on the server's number, the highlighted areas are
// exactly those the engine pays, and the road maps follow the table's history.

const baccarat = tableOf({ vendor: 'AG', gameCode: 'LIVE-001' })!;
const roulette = tableOf({ vendor: 'AG', gameCode: 'LIVE-005' })!;
const seed = (i: number) => `${i.toString(16).padStart(8, '0')}${'ab'.repeat(28)}`;

/** A shoe that records the order its cards are drawn. */
class RecordingShoe extends Shoe {
  drawn: ShoeCard[] = [];
  override reset(): void {
    super.reset();
    this.drawn = [];
  }
  override draw(rng: Rng): ShoeCard {
    const card = super.draw(rng);
    this.drawn.push(card);
    return card;
  }
}

describe('baccarat as presented', () => {
  it('the tables are the games the test means', () => {
    expect(baccarat.engine).toBe('baccarat');
    expect(roulette.engine).toBe('roulette');
  });

  it('deals the cards in the order they left the shoe, with the third-card rule as dealt', () => {
    const shoe = new RecordingShoe(8);
    const rng = createSimRng(16);
    let thirds = 0;
    for (let i = 0; i < 400; i++) {
      const o = dealBaccarat(rng, shoe);
      const shown = dealSequence(o);
      expect(shown.map((d) => d.card)).toEqual(shoe.drawn);
      // Each prefix the server reveals while dealing is shown as the same first cards.
      for (let k = 0; k <= shown.length; k++) {
        const part = shown.slice(0, k);
        const view = {
          player: part.filter((d) => d.hand === 'player').map((d) => d.card),
          banker: part.filter((d) => d.hand === 'banker').map((d) => d.card),
        };
        expect(dealSequence(view)).toEqual(part);
      }
      expect(followsDrawingRules(o)).toBe(true);
      const notes = thirdCardNotes(o);
      if (o.natural) expect(notes.join(' ')).toMatch(/Natural/);
      else {
        expect(notes[0]).toMatch(o.player.length === 3 ? /^Player \d draws/ : /^Player stands/);
        expect(notes[1]).toMatch(o.banker.length === 3 ? /^Banker draws/ : /^Banker stands/);
        if (o.player.length === 3 || o.banker.length === 3) thirds++;
      }
      expect(handTotal(o.player)).toBe(o.playerTotal);
      expect(baccaratResult(o)).toBe(o.result);
    }
    expect(thirds).toBeGreaterThan(100);
  });

  it('a wrong third card is caught by the rule check', () => {
    const c = (rank: number): ShoeCard => ({ rank, suit: 0 });
    // Player 3 must draw; showing it standing breaks the rule.
    expect(followsDrawingRules({ player: [c(1), c(2)], banker: [c(10), c(7)] })).toBe(false);
    expect(followsDrawingRules({ player: [c(1), c(2), c(5)], banker: [c(10), c(7)] })).toBe(true);
  });

  it('highlights exactly the areas the server pays, for a sample of server rounds', () => {
    const bet = { player: 100, banker: 100, tie: 100, playerPair: 100, bankerPair: 100 };
    const seen = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const o = tableOutcome(baccarat, seed(i), i + 1) as Omit<BaccaratOutcome, 'returns'>;
      const round = { serverSeed: seed(i), clientSeed: baccarat.key, nonce: i + 1 };
      const win = new Set(baccaratWinningSpots(o));
      seen.add(o.result);
      let paid = 0;
      for (const [spot, amount] of Object.entries(bet)) {
        const back = tableBetWin(baccarat, round, { [spot]: amount });
        paid += back;
        // A winning area returns more than its stake; a tie returns player and banker stakes (a push).
        expect(back > amount, `${spot} in round ${i}`).toBe(win.has(spot));
      }
      expect(tableBetWin(baccarat, round, bet)).toBe(paid);
      expect(dealSequence(o).length).toBe(o.player.length + o.banker.length);
    }
    expect([...seen].sort()).toEqual(['banker', 'player', 'tie']);
  });

  it('reads the areas of a placed bet back onto the felt', () => {
    expect(spotsOfBet('baccarat', { banker: 500, tie: 100 })).toEqual([
      ['banker', 500],
      ['tie', 100],
    ]);
  });
});

describe('roulette as presented', () => {
  it('the wheel lands on the server number from any starting angle, the ball at the marker', () => {
    const seenNumbers = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const o = tableOutcome(roulette, seed(i), i + 1) as { number: number };
      seenNumbers.add(o.number);
      const from = (i * 97.3) % 1440;
      const end = wheelLanding(o.number, from);
      expect(end).toBeGreaterThanOrEqual(from + 3 * 360);
      expect(end).toBeLessThan(from + 4 * 360);
      expect(pocketAtTop(end)).toBe(o.number);
      const ball = ballLanding(from * -1.7);
      expect(((ball % 360) + 360) % 360).toBeCloseTo(0, 6);
    }
    expect(seenNumbers.size).toBeGreaterThan(30);
  });

  it('highlights exactly the areas the server pays', () => {
    const slip: [string, number][] = ROULETTE_SPOTS.map((s) => [s.key, 100]);
    for (let i = 0; i < 12; i++) {
      const round = { serverSeed: seed(i), clientSeed: roulette.key, nonce: i + 1 };
      const o = tableOutcome(roulette, seed(i), i + 1) as { number: number };
      const win = new Set(rouletteWinningSpots(o.number));
      for (const [key] of slip) {
        const back = tableBetWin(roulette, round, rouletteBet([[key, 100]]));
        expect(back > 0, `${key} on ${o.number}`).toBe(win.has(key));
        expect(rouletteReturn(key, 100, o.number), `${key} on ${o.number}`).toBe(back);
      }
    }
  });
});

// The inside bets on the layout. Every area maps to a bet the engine accepts and pays what
// the engine pays on every number; every bet of the engine has its area; the places follow a
// commercial European layout; every area is reachable by key with a name a screen reader reads.
describe('roulette inside bets on the layout', () => {
  const engine = createRouletteEngine();
  const fixed = (n: number) => ({ next: () => n / 37, int: () => n });
  const accepts = (type: string, numbers: number[]) => {
    try {
      parseRouletteBet({ bets: [{ type, numbers, amount: 100 }] });
      return true;
    } catch {
      return false;
    }
  };
  /** Runs `fn` with errors built without a stack (the engine refuses tens of thousands of bets here). */
  const quietly = (fn: () => void) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      fn();
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
  const inside = ROULETTE_SPOTS.filter((s) => s.inside && s.type !== 'straight');

  it('every area is a bet the engine accepts, read back to the same area', () => {
    expect(ROULETTE_SPOTS).toHaveLength(37 + 60 + 14 + 23 + 11 + 12);
    expect(new Set(ROULETTE_SPOTS.map((s) => s.key)).size).toBe(ROULETTE_SPOTS.length);
    for (const spot of ROULETTE_SPOTS) {
      const sent = rouletteBet([[spot.key, 250]]);
      const parsed = parseRouletteBet(sent);
      expect(parsed.bets, spot.key).toEqual([{ type: spot.type, numbers: spot.numbers, amount: 250 }]);
      // What the server stores is the parsed bet: it shows as chips on the same area.
      expect(spotsOfBet('roulette', parsed)).toEqual([[spot.key, 250]]);
      expect(spotsOfBet('roulette', sent)).toEqual([[spot.key, 250]]);
    }
    // The numbers in another order (as another client may send them) still find the area.
    expect(spotsOfBet('roulette', { bets: [{ type: 'split', numbers: [20, 17], amount: 5 }] })).toEqual([
      ['split-17-20', 5],
    ]);
    expect(spotsOfBet('roulette', { bets: [{ type: 'split', numbers: [17, 19], amount: 5 }] })).toEqual([]);
  });

  it('every split, street, corner and line the engine accepts has its area, and no other', () => {
    const keys = new Set(inside.map((s) => `${s.type}:${s.numbers.join('-')}`));
    const found: Record<string, number> = { split: 0, street: 0, corner: 0, line: 0 };
    const wrong: string[] = [];
    const check = (type: string, ns: number[]) => {
      const ok = accepts(type, ns);
      if (keys.has(`${type}:${ns.join('-')}`) !== ok) wrong.push(`${type} ${ns}`);
      if (ok) found[type] = (found[type] ?? 0) + 1;
    };
    quietly(() => {
      for (let a = 0; a <= 36; a++)
        for (let b = a + 1; b <= 36; b++) {
          check('split', [a, b]);
          for (let c = b + 1; c <= 36; c++) {
            check('street', [a, b, c]);
            for (let d = c + 1; d <= 36; d++) check('corner', [a, b, c, d]);
          }
        }
    });
    // Lines: every run of six numbers and every pair of streets put together.
    const streets = Array.from({ length: 12 }, (_, i) => [3 * i + 1, 3 * i + 2, 3 * i + 3]);
    const sixes = new Set<string>();
    for (let n = 0; n <= 31; n++) sixes.add(Array.from({ length: 6 }, (_, i) => n + i).join('-'));
    for (let i = 0; i < 12; i++)
      for (let j = i + 1; j < 12; j++) sixes.add([...(streets[i] ?? []), ...(streets[j] ?? [])].join('-'));
    quietly(() => {
      for (const six of sixes) check('line', six.split('-').map(Number));
    });
    expect(wrong).toEqual([]);
    expect(found).toEqual({ split: 60, street: 14, corner: 23, line: 11 });
  });

  it('every area pays what the engine pays for every winning number, and lights up exactly then', () => {
    const wrong: string[] = [];
    let wins = 0;
    for (let n = 0; n <= 36; n++) {
      const lit = new Set(rouletteWinningSpots(n));
      for (const spot of ROULETTE_SPOTS) {
        const bet = parseRouletteBet(rouletteBet([[spot.key, 300]]));
        const played = engine.play(bet, fixed(n));
        const back = played.outcome.returns[0] ?? -1;
        if (played.outcome.number !== n || rouletteReturn(spot.key, 300, n) !== back || lit.has(spot.key) !== back > 0)
          wrong.push(`${spot.key} on ${n}`);
        if (back > 0) wins++;
      }
    }
    expect(wrong).toEqual([]);
    // Each number is covered by itself, its splits, street, corners and lines, and the outside bets.
    expect(wins).toBeGreaterThan(37 * 6);
    // A split on 17/20 returns 18 times its stake on either number.
    expect(rouletteReturn('split-17-20', 1000, 20)).toBe(18_000);
    expect(rouletteReturn('corner-0-1-2-3', 1000, 0)).toBe(9000);
  });

  const placeOf = (key: string): SpotPlace => {
    const spot = rouletteSpot(key);
    const place = spot && insidePlace(spot);
    if (!place) throw new Error(`no place for ${key}`);
    return place;
  };
  const inBox = (p: { a: number; k: number }, c: ReturnType<typeof numberCell>, eps = 1e-9) =>
    p.a >= c.a0 - eps && p.a <= c.a1 + eps && p.k >= c.k0 - eps && p.k <= c.k1 + eps;

  it('each chip sits where a commercial layout puts it: on the line, the corner or the outer edge', () => {
    expect(placeOf('split-17-20').at).toEqual({ a: 6, k: 1.5 });
    expect(placeOf('split-17-18').at).toEqual({ a: 5.5, k: 2 });
    expect(placeOf('street-16-17-18').at).toEqual({ a: 5.5, k: 0 });
    expect(placeOf('corner-16-17-19-20').at).toEqual({ a: 6, k: 1 });
    expect(placeOf('line-13-14-15-16-17-18').at).toEqual({ a: 5, k: 0 });
    expect(placeOf('corner-0-1-2-3').at).toEqual({ a: 0, k: 0 });
    for (const spot of inside) {
      const { at } = placeOf(spot.key);
      // On the outer edge (k = 0) a chip covers the rows of three it touches; inside the layout it
      // covers the numbers whose cells meet at its point.
      const covered = Array.from({ length: 37 }, (_, n) => n).filter((n) => {
        const c = numberCell(n);
        return at.k === 0 ? at.a >= c.a0 && at.a <= c.a1 : inBox(at, c);
      });
      expect(covered, spot.key).toEqual(spot.numbers);
    }
  });

  it('each tap area lies on the numbers its bet covers, and the areas of one type never overlap', () => {
    const inArea = (p: SpotPlace, a: number, k: number) => {
      const { a0, a1, k0, k1 } = p.box;
      if (p.shape === 'rect') return a > a0 && a < a1 && k > k0 && k < k1;
      const ha = (a1 - a0) / 2;
      const hk = (k1 - k0) / 2;
      return Math.abs(a - (a0 + ha)) / ha + Math.abs(k - (k0 + hk)) / hk < 1;
    };
    for (const { type } of BET_TYPES.filter((t) => t.type !== 'straight')) {
      const areas = inside.filter((s) => s.type === type).map((s) => ({ spot: s, place: placeOf(s.key) }));
      const wrong: string[] = [];
      let covered = 0;
      let points = 0;
      for (let a = -0.97; a < 12; a += 0.15) {
        for (let k = 0.03; k < 3; k += 0.15) {
          points++;
          const hits = areas.filter((x) => inArea(x.place, a, k));
          if (hits.length > 1) wrong.push(`${type} at ${a},${k}: ${hits.map((x) => x.spot.key)}`);
          const hit = hits[0];
          if (!hit) continue;
          covered++;
          const under = Array.from({ length: 37 }, (_, n) => n).filter((n) => inBox({ a, k }, numberCell(n), 0));
          if (!under.every((n) => hit.spot.numbers.includes(n))) wrong.push(`${hit.spot.key} at ${a},${k}`);
        }
      }
      expect(wrong).toEqual([]);
      // Most of the layout takes a tap in every mode (the big areas are what a thumb needs).
      expect(covered / points, type).toBeGreaterThan(0.45);
    }
  });

  it('arrow keys move between the areas of a bet type, each step the way asked, reaching them all', () => {
    const dirs: [number, number][] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ];
    const point = (key: string) => {
      const spot = rouletteSpot(key);
      if (spot?.type === 'straight') {
        const c = numberCell(spot.numbers[0] as number);
        return { a: (c.a0 + c.a1) / 2, k: (c.k0 + c.k1) / 2 };
      }
      return placeOf(key).at;
    };
    for (const { type } of BET_TYPES) {
      const keys = spotsInMode(type)
        .filter((s) => s.inside)
        .map((s) => s.key);
      const start = keys[0] as string;
      const seen = new Set([start]);
      const queue = [start];
      const wrong: string[] = [];
      while (queue.length) {
        const key = queue.shift() as string;
        for (const [da, dk] of dirs) {
          const next = nextSpot(key, da, dk, type);
          if (!next) continue;
          const p0 = point(key);
          const p1 = point(next);
          if ((p1.a - p0.a) * da + (p1.k - p0.k) * dk <= 0 || rouletteSpot(next)?.type !== type)
            wrong.push(`${key}->${next}`);
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(seen.size, type).toBe(keys.length);
    }
    expect(nextSpot('n17', 1, 0, 'straight')).toBe('n20');
    expect(nextSpot('n17', 0, 1, 'straight')).toBe('n18');
    expect(nextSpot('n18', 0, 1, 'straight')).toBeNull();
    expect(nextSpot('split-17-20', 1, 0, 'split')).toBe('split-20-23');
  });

  it('every bet is reachable in a bet type mode, with a name a screen reader reads', () => {
    const reachable = new Set(BET_TYPES.flatMap((t) => spotsInMode(t.type).map((s) => s.key)));
    expect(reachable).toEqual(new Set(ROULETTE_SPOTS.map((s) => s.key)));
    for (const { type } of BET_TYPES) {
      const keys = spotsInMode(type).map((s) => s.key);
      // The outside bets take a tap in every mode; inside bets only in their own.
      expect(keys.filter((k) => !rouletteSpot(k)?.inside)).toHaveLength(12);
      expect(keys.every((k) => !rouletteSpot(k)?.inside || rouletteSpot(k)?.type === type)).toBe(true);
    }
    const labels = ROULETTE_SPOTS.map((s) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(rouletteSpot('split-17-20')?.label).toBe('Split 17/20');
    expect(rouletteSpot('street-0-1-2')?.label).toBe('Trio 0/1/2');
    expect(rouletteSpot('line-31-32-33-34-35-36')?.label).toBe('Six line 31–36');
    expect(rouletteSpot('n17')?.label).toBe('17 black');
    const money = (minor: number) => (minor / 100).toFixed(2);
    expect(spotAccessibleName('Split 17/20', 1000, 0, money)).toBe('Split 17/20, your bet 10.00');
    expect(spotAccessibleName('Corner 1/2/4/5', 500, 200, money)).toBe('Corner 1/2/4/5, your bet 5.00, 2.00 to place');
    expect(spotAccessibleName('Red', 0, 0, money)).toBe('Red');
  });
});

describe('road maps', () => {
  const seq = (s: string) =>
    [...s].map((ch, i) => ({ no: i + 1, result: ch === 'P' ? 'player' : ch === 'B' ? 'banker' : 'tie' }));
  const cells = (s: string) =>
    bigRoad(seq(s)).map((c) => `${c.result[0]}${c.col}.${c.row}${c.ties ? `+${c.ties}` : ''}`);

  it('bead plate: every round down columns of six', () => {
    const beads = beadPlate(seq('PBTPPBBT'));
    expect(beads.map((b) => `${b.result[0]}${b.col}.${b.row}`)).toEqual([
      'p0.0',
      'b0.1',
      't0.2',
      'p0.3',
      'p0.4',
      'b0.5',
      'b1.0',
      't1.1',
    ]);
  });

  it('big road: streaks down a column, ties marked on the last cell, leading ties on the first', () => {
    expect(cells('TBBTTPPPB')).toEqual(['b0.0+1', 'b0.1+2', 'p1.0', 'p1.1', 'p1.2', 'b2.0']);
    expect(cells('PTBTPT')).toEqual(['p0.0+1', 'b1.0+1', 'p2.0+1']);
    expect(cells('TT')).toEqual([]);
  });

  it('big road: a streak longer than six turns right (dragon tail) and the next column starts after it', () => {
    expect(cells('BBBBBBBBPP')).toEqual([
      'b0.0',
      'b0.1',
      'b0.2',
      'b0.3',
      'b0.4',
      'b0.5',
      'b1.5',
      'b2.5',
      'p1.0',
      'p1.1',
    ]);
    // A streak meeting the tail below turns right early.
    expect(cells('BBBBBBBPPPPPPB').slice(-8)).toEqual(['b1.5', 'p1.0', 'p1.1', 'p1.2', 'p1.3', 'p1.4', 'p2.4', 'b2.0']);
  });
});
