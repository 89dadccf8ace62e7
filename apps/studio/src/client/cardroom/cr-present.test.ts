import { describe, expect, it } from 'vitest';
import { cardText } from '../../cardroom/engine/cards';
import { dealDeck } from '../../cardroom/engine/deck';
import { act, nextHandPlan, startHand } from '../../cardroom/engine/table';
import { tableWith } from '../../cardroom/engine/test-support';
import { hashServerSeed } from '../../kit/fair/seeds';
import { checkHand, clampRaise, deckFromSeeds, filterTables, type LobbyRow, movesOf, winLines } from './cr-present';

// The card room page's plain parts: the deck recomputed in the browser is the server's, the cards
// of a real hand sit where the page looks for them, and the action buttons stay within the legal moves.

const SEED = 'a'.repeat(64);

describe('the card room page', () => {
  it('recomputes the server deck and checks a played hand from its seeds', async () => {
    const clientSeeds = ['alpha', 'beta_2', 'c-3'];
    const server = dealDeck({ serverSeed: SEED, clientSeeds, nonce: 0 }).map(cardText);
    expect(await deckFromSeeds(SEED, clientSeeds, 0)).toEqual(server);
    // A 4-seat table with seats 0, 1 and 3 dealt in: check it down to the river.
    let state = tableWith([5000, 5000, 0, 5000], { seats: 4 });
    const plan = nextHandPlan(state);
    state = startHand(state, dealDeck({ serverSeed: SEED, clientSeeds, nonce: 0 }));
    while (state.hand && !state.hand.result) {
      const seat = state.hand.toAct!;
      const legal = state.hand.players.find((p) => p.seat === seat)!;
      state = act(state, seat, legal.streetBet < state.hand.currentBet ? { type: 'call' } : { type: 'check' });
    }
    const hand = state.hand!;
    const seen = {
      serverSeed: SEED,
      serverSeedHash: hashServerSeed(SEED),
      clientSeeds,
      nonce: 0,
      button: hand.button,
      seatCount: 4,
      players: hand.players.map((p) => ({ seat: p.seat, cards: p.hole.map(cardText) })),
      board: hand.board.map(cardText),
    };
    expect(plan.seats).toEqual([0, 1, 3]);
    expect(await checkHand(seen)).toEqual({ hashMatches: true, cardsMatch: true });
    const swapped = { ...seen, board: [...seen.board].reverse() };
    expect((await checkHand(swapped)).cardsMatch).toBe(false);
    expect((await checkHand({ ...seen, serverSeedHash: hashServerSeed('b'.repeat(64)) })).hashMatches).toBe(false);
  });

  it('offers moves within the legal range', () => {
    const legal = {
      canCheck: false,
      callAmount: 100,
      canRaise: true,
      minRaiseTo: 400,
      maxRaiseTo: 2000,
      allInTo: 2000,
    };
    expect(movesOf(legal, 200, 50)).toEqual([
      { type: 'fold' },
      { type: 'call', amount: 100 },
      { type: 'raise', to: 400 },
    ]);
    expect(movesOf(legal, 200, 5000).at(-1)).toEqual({ type: 'allIn', to: 2000 });
    expect(movesOf({ ...legal, canCheck: true, callAmount: 0 }, 0, 700)).toEqual([
      { type: 'check' },
      { type: 'bet', to: 700 },
    ]);
    // A short stack: its all-in is below the minimum raise.
    expect(clampRaise({ ...legal, minRaiseTo: 400, maxRaiseTo: 300, allInTo: 300 }, 350)).toBe(300);
  });

  it('filters the lobby by stakes, seats and a free seat', () => {
    const row = (id: string, bigBlind: number, seats: number, open: number): LobbyRow => ({
      id,
      betting: 'no-limit',
      seats,
      smallBlind: bigBlind / 2,
      bigBlind,
      minBuyIn: 0,
      maxBuyIn: 0,
      currency: 'PHP',
      seated: seats - open,
      open,
      handsPerHour: 0,
      averagePot: null,
      waiting: 0,
      you: { seated: false, waitingPosition: null, offerEndsAt: null },
    });
    const rows = [row('a', 200, 6, 0), row('b', 200, 9, 3), row('c', 1000, 6, 2)];
    expect(filterTables(rows, { bigBlind: 200, seats: null, freeSeat: false }).map((t) => t.id)).toEqual(['a', 'b']);
    expect(filterTables(rows, { bigBlind: null, seats: 6, freeSeat: true }).map((t) => t.id)).toEqual(['c']);
  });
});

describe('the winners of a hand as the table says them', () => {
  const money = (minor: number) => `₱${minor / 100}`;
  it("says the player's own win in its own phrase in every language, others' by name", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('./words/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const table = JSON.parse(readFileSync(new URL(file, dir), 'utf8')).table as { wins: string; youWin: string };
      const seats = [
        { name: 'An***', you: false },
        { name: 'Be***', you: true },
      ];
      const [other, mine] = winLines(
        table,
        seats,
        new Map([
          [0, 1_000],
          [1, 500],
        ]),
        money,
      );
      expect(other, file).toContain('An***');
      expect(mine, file).toContain('₱5');
      // Not "{name} wins" with the word for "you" put in as a name.
      expect(mine, file).toBe(table.youWin.replace('{amount}', '₱5'));
      expect(mine, file).not.toContain('Be***');
    }
    const en = winLines(
      { wins: '{name} wins {amount}', youWin: 'You win {amount}' },
      [{ name: 'x', you: true }],
      new Map([[0, 200]]),
      money,
    );
    expect(en).toEqual(['You win ₱2']);
  });
});
