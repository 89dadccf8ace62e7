import { describe, expect, it } from 'vitest';
import { newServerSeed } from '../kit/fair';
import { baccaratRtps, ROULETTE_RTP } from './engines';
import { tableBetWin, tableOf, tableOutcome } from './tables';

// The table settles every bet with the engine's own play on the round's fair stream, so the return of
// the table's bets is the engines' (their exact RTPs are proved in engines/rtp.test.ts). This checks
// the table's wiring: over many rounds of one seed, what the table pays per bet stays within a
// statistical bound of the declared RTP, and what is settled is the outcome the table showed.

const ROUNDS = 60_000;

function simulate(gameCode: string, bets: Record<string, unknown>) {
  const table = tableOf({ vendor: 'AG', gameCode });
  if (!table) throw new Error('not a table');
  const seed = newServerSeed().serverSeed;
  const totals = Object.fromEntries(Object.keys(bets).map((k) => [k, { paid: 0, sq: 0 }]));
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const round = { serverSeed: seed, clientSeed: table.key, nonce };
    for (const [name, bet] of Object.entries(bets)) {
      const r = tableBetWin(table, round, bet) / 100;
      const t = totals[name] as { paid: number; sq: number };
      t.paid += r;
      t.sq += r * r;
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([k, t]) => {
      const mean = t.paid / ROUNDS;
      const sd = Math.sqrt(t.sq / ROUNDS - mean * mean);
      return [k, { rtp: mean, bound: (5 * sd) / Math.sqrt(ROUNDS) }];
    }),
  );
}

describe('live table bets return what the engines declare', () => {
  it('baccarat (AG LIVE-001): player, banker, tie', () => {
    const declared = baccaratRtps();
    const got = simulate('LIVE-001', { player: { player: 100 }, banker: { banker: 100 }, tie: { tie: 100 } });
    for (const k of ['player', 'banker', 'tie'] as const) {
      const g = got[k] as { rtp: number; bound: number };
      expect(Math.abs(g.rtp - declared[k]), k).toBeLessThan(g.bound);
    }
  });

  it('roulette (AG LIVE-005): red and a straight number', () => {
    const got = simulate('LIVE-005', {
      red: { bets: [{ type: 'red', amount: 100 }] },
      straight: { bets: [{ type: 'straight', numbers: [17], amount: 100 }] },
    });
    for (const k of ['red', 'straight']) {
      const g = got[k] as { rtp: number; bound: number };
      expect(Math.abs(g.rtp - ROULETTE_RTP), k).toBeLessThan(g.bound);
    }
  });

  it('settles the outcome the table shows', () => {
    const table = tableOf({ vendor: 'AG', gameCode: 'LIVE-005' });
    if (!table) throw new Error('not a table');
    const seed = newServerSeed().serverSeed;
    for (let nonce = 0; nonce < 200; nonce++) {
      const { number } = tableOutcome(table, seed, nonce) as { number: number };
      const win = tableBetWin(
        table,
        { serverSeed: seed, clientSeed: table.key, nonce },
        {
          bets: [{ type: 'straight', numbers: [number], amount: 10 }],
        },
      );
      expect(win).toBe(360);
    }
  });
});
