import { describe, expect, it } from 'vitest';
import { type BaccaratOutcome, dealBaccarat } from '../../engines/tables/baccarat';
import { Shoe, type Card as ShoeCard } from '../../engines/tables/cards';
import type { Rng } from '../../engines/types';
import { createSimRng } from '../../fair/sim-rng';
import { tableBetWin, tableOf, tableOutcome } from '../../tables';
import {
  baccaratResult,
  baccaratWinningSpots,
  ballLanding,
  beadPlate,
  bigRoad,
  dealSequence,
  followsDrawingRules,
  handTotal,
  pocketAtTop,
  ROULETTE_SPOTS,
  rouletteBet,
  rouletteWinningSpots,
  spotsOfBet,
  thirdCardNotes,
  wheelLanding,
} from './table-present';

// Issue 16: the live tables only replay the server's round. For a sample of rounds drawn the way the
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
    const bet = rouletteBet(slip);
    expect(bet.bets).toHaveLength(49);
    for (let i = 0; i < 60; i++) {
      const round = { serverSeed: seed(i), clientSeed: roulette.key, nonce: i + 1 };
      const o = tableOutcome(roulette, seed(i), i + 1) as { number: number };
      const win = new Set(rouletteWinningSpots(o.number));
      for (const [key] of slip) {
        const back = tableBetWin(roulette, round, rouletteBet([[key, 100]]));
        expect(back > 0, `${key} on ${o.number}`).toBe(win.has(key));
      }
    }
    expect(spotsOfBet('roulette', bet)).toEqual(slip);
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
