// postgres: two passes claim the same owed rows at once on separate connections
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueTransfers } from './cardroom/room/money';
import { testTableSettings } from './cardroom/room/test-harness';
import { engineKindOf } from './kit/game-map';
import { backoffMs, DELIVERY_LEASE_MS } from './kit/outbound';
import { deliverDueMoves } from './sportsbook/book/moves';
import {
  type BookHarness,
  type Fault,
  marketOf,
  newEvent,
  oddsIn,
  openPlayer,
  result,
  sbApi,
  scoreResult,
  sel,
  single,
  startBook,
  VENDOR,
} from './sportsbook/book/test-fixture';

// The one suite every product's money path runs (kit/outbound.ts is their one way to pay): an instant
// round's win (casino/rounds.ts), a live table bet's win (casino/bet-delivery.ts, which crash bets and
// lottery tickets share), a sportsbook bet's win (sportsbook/book/moves.ts) and a card room seat's
// cash-out (cardroom/room/money.ts). Each product leaves one payment owed through its own HTTP API
// and makes its own first attempt, which meets a fault of the fake platform wallet (idempotent on
// transaction ids, as the platform's is); the product's recovery pass then has to pay it exactly
// once, with the same transaction id, never before its backoff or its lease. A stake (a bet, a
// buy-in) whose answer is lost is rolled back at once, and a refused one keeps nothing. On PGlite,
// and on PostgreSQL in the suite's second run.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('outbound');
});
afterAll(() => h.close());

type WinCall = { roundId: string; transactionId: string };
/** What the product's own rows say about a payment: delivered, the attempts made, the player's net. */
type Owed = { delivered: boolean; attempts: number; net: number };

type Product = {
  name: string;
  /** A new player whose payment the product owes; `start` makes the product's first attempt. */
  owe: () => Promise<{ player: string; start: () => Promise<unknown> }>;
  /** The product's own record of the payment sent with transaction id `tx`. */
  owed: (tx: string) => Promise<Owed>;
  /** The product's recovery pass (what its loop runs). */
  pass: () => Promise<unknown>;
  /** A new player with `balance` and the request that stakes `amount` (a bet, a buy-in). */
  stake: (balance: number) => Promise<{ player: string; amount: number; send: () => Promise<Answered> }>;
};

type Answered = { statusCode: number; json: () => unknown };

const db = () => h.runtime.db;
const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({
    method,
    url: `/studio/api${url}`,
    headers: { 'x-game-token': token },
    ...(payload ? { payload } : {}),
  });

let tables = 0;
let lastLive = 0;

/** A roulette table nobody has played yet (its first round opens when the page opens it). */
function newRouletteCode(): string {
  for (;;) {
    const code = `LIVE-${String(++lastLive).padStart(3, '0')}`;
    if (engineKindOf({ vendor: VENDOR, gameCode: code }) === 'roulette') return code;
  }
}

/** A Hold'em table of its own for a test. */
async function newHoldemTable(): Promise<string> {
  const table = `outbound-${++tables}`;
  await h.runtime.pvp.createTable(testTableSettings(table));
  return table;
}

const PRODUCTS: Product[] = [
  {
    name: 'an instant round (casino/rounds.ts)',
    owe: async () => {
      const p = await openPlayer(h, 10_000, 'MINI-002');
      return { player: p.player, start: () => api(p.token, 'POST', '/round', { bet: { amount: 100 } }) };
    },
    owed: async (tx) => {
      const r = await db()
        .selectFrom('studio_rounds')
        .select(['status', 'attempts', 'win', 'stake'])
        .where('win_tx', '=', tx)
        .executeTakeFirstOrThrow();
      return { delivered: r.status === 'closed', attempts: r.attempts, net: r.win - Number(r.stake) };
    },
    pass: () => h.runtime.recover(),
    stake: async (balance) => {
      const p = await openPlayer(h, balance, 'MINI-002');
      return { player: p.player, amount: 100, send: () => api(p.token, 'POST', '/round', { bet: { amount: 100 } }) };
    },
  },
  {
    name: 'a live table bet (casino/bet-delivery.ts)',
    owe: async () => {
      const code = newRouletteCode();
      const p = await openPlayer(h, 10_000, code);
      // The page opens the table; the loop opens a round; the bet goes down in its betting phase.
      expect((await api(p.token, 'GET', '/table')).statusCode).toBe(200);
      await h.runtime.tables.tick();
      const bet = await api(p.token, 'POST', '/table/bet', { bet: { bets: [{ type: 'red', amount: 100 }] } });
      expect(bet.statusCode, bet.body).toBe(200);
      const round = await db()
        .selectFrom('studio_table_rounds')
        .select(['betting_ends_at', 'reveal_at'])
        .where('id', '=', (bet.json() as { roundId: number }).roundId)
        .executeTakeFirstOrThrow();
      h.clock.now = Math.max(h.clock.now, new Date(round.betting_ends_at).getTime());
      await h.runtime.tables.tick();
      return {
        player: p.player,
        // The result: the round settles and the loop delivers the bet's win (0 for a loss).
        start: async () => {
          h.clock.now = Math.max(h.clock.now, new Date(round.reveal_at).getTime());
          await h.runtime.tables.tick();
        },
      };
    },
    owed: async (tx) => {
      const b = await db()
        .selectFrom('studio_table_bets')
        .select(['status', 'attempts', 'win', 'stake'])
        .where('win_tx', '=', tx)
        .executeTakeFirstOrThrow();
      return { delivered: b.status === 'closed', attempts: b.attempts, net: b.win - Number(b.stake) };
    },
    pass: () => h.runtime.tables.recover(),
    stake: async (balance) => {
      const p = await openPlayer(h, balance, newRouletteCode());
      expect((await api(p.token, 'GET', '/table')).statusCode).toBe(200);
      await h.runtime.tables.tick();
      return {
        player: p.player,
        amount: 100,
        send: () => api(p.token, 'POST', '/table/bet', { bet: { bets: [{ type: 'red', amount: 100 }] } }),
      };
    },
  },
  {
    name: 'a sportsbook bet (sportsbook/book/moves.ts)',
    owe: async () => {
      const e = await newEvent(h);
      const p = await openPlayer(h, 10_000);
      const home = sel(e.id, marketOf('1x2'), 'home');
      const placed = await single(h, p.token, home, oddsIn('1x2', 'home'), 1000);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      // The result settles the bet, and the book delivers its win at once.
      return { player: p.player, start: () => result(h, e.id, scoreResult(1, 0)) };
    },
    owed: async (tx) => {
      const m = await db()
        .selectFrom('studio_sb_moves as m')
        .innerJoin('studio_sb_bets as b', 'b.id', 'm.bet_id')
        .select(['m.status', 'm.attempts', 'm.amount', 'b.stake'])
        .where('m.transaction_id', '=', tx)
        .executeTakeFirstOrThrow();
      return { delivered: m.status === 'done', attempts: m.attempts, net: m.amount - m.stake };
    },
    pass: () => deliverDueMoves(h.runtime.deps, () => undefined),
    stake: async (balance) => {
      const e = await newEvent(h);
      const p = await openPlayer(h, balance);
      const home = sel(e.id, marketOf('1x2'), 'home');
      return {
        player: p.player,
        amount: 1000,
        send: () =>
          sbApi(h, p.token, 'POST', '/bets', {
            requestId: randomUUID(),
            legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
            bets: [{ kind: 'single', selectionId: home, stake: 1000 }],
            oddsChange: 'none',
          }),
      };
    },
  },
  {
    name: 'a card room cash-out (cardroom/room/money.ts)',
    owe: async () => {
      const table = await newHoldemTable();
      const p = await openPlayer(h, 20_000, 'PVP-001');
      const sat = await api(p.token, 'POST', `/pvp/tables/${table}/sit`, { seat: 0, buyIn: 5_000 });
      expect(sat.statusCode, sat.body).toBe(200);
      // Leaving cashes the stack out: the room delivers it at once.
      return { player: p.player, start: () => api(p.token, 'POST', `/pvp/tables/${table}/leave`) };
    },
    owed: async (tx) => {
      const t = await db()
        .selectFrom('studio_pvp_transfers as t')
        .innerJoin('studio_pvp_transfers as b', (j) =>
          j.onRef('b.seat_id', '=', 't.seat_id').on('b.kind', '=', 'buy_in'),
        )
        .select(['t.status', 't.attempts', 't.amount', 'b.amount as buyIn'])
        .where('t.tx', '=', tx)
        .executeTakeFirstOrThrow();
      return { delivered: t.status === 'ok', attempts: t.attempts, net: t.amount - t.buyIn };
    },
    pass: () => deliverDueTransfers(h.runtime.deps),
    stake: async (balance) => {
      const table = await newHoldemTable();
      const p = await openPlayer(h, balance, 'PVP-001');
      return {
        player: p.player,
        amount: 5_000,
        send: () => api(p.token, 'POST', `/pvp/tables/${table}/sit`, { seat: 0, buyIn: 5_000 }),
      };
    },
  },
];

/** The win calls the wallet has seen for `player` (applied or not). */
const winsOf = (player: string): WinCall[] =>
  h.wallet.calls
    .filter((c) => c.path === 'win' && String(c.body.player) === player)
    .map((c) => ({ roundId: String(c.body.roundId), transactionId: String(c.body.transactionId) }));

/** Faults the player's win calls: `nth` gets the fault for its call number n (from 0). */
function faultWins(player: string, nth: (n: number) => Fault): void {
  let n = 0;
  h.wallet.fault = (path, body) => (path === 'win' && String(body.player) === player ? nth(n++) : undefined);
}

/** The one owed payment's call, and checks it was paid once and as the product recorded it. */
async function expectPaidOnce(product: Product, player: string): Promise<void> {
  const calls = winsOf(player);
  const first = calls[0];
  if (!first) throw new Error('no win call');
  expect(new Set(calls.map((c) => c.transactionId))).toEqual(new Set([first.transactionId]));
  const owed = await product.owed(first.transactionId);
  expect(owed.delivered).toBe(true);
  expect(h.wallet.moved.get(first.roundId) ?? 0).toBe(owed.net);
}

describe.each(PRODUCTS)('one deliverer: $name', { tags: ['postgres'] }, (product) => {
  it('a lost answer: sent again with its transaction id after the backoff, paid once', {
    tags: ['postgres'],
  }, async () => {
    const { player, start } = await product.owe();
    faultWins(player, (n) => (n === 0 ? 'lose-answer' : undefined));
    await start();
    const tx = winsOf(player)[0]?.transactionId ?? '';
    expect(await product.owed(tx)).toMatchObject({ delivered: false, attempts: 1 });
    // Within the backoff, a pass leaves it alone.
    await product.pass();
    expect(winsOf(player)).toHaveLength(1);
    h.clock.now += backoffMs(0);
    await product.pass();
    expect(winsOf(player)).toHaveLength(2);
    await expectPaidOnce(product, player);
  });

  it('the wallet down for a while: each retry waits its growing backoff, then it is paid once', {
    tags: ['postgres'],
  }, async () => {
    const { player, start } = await product.owe();
    let down = true;
    faultWins(player, () => (down ? 'lose-request' : undefined));
    await start();
    const tx = winsOf(player)[0]?.transactionId ?? '';
    for (let attempts = 1; attempts <= 3; attempts++) {
      expect((await product.owed(tx)).attempts).toBe(attempts);
      h.clock.now += backoffMs(attempts - 1) - 1;
      await product.pass();
      expect(winsOf(player)).toHaveLength(attempts);
      h.clock.now += 1;
      if (attempts === 3) down = false;
      await product.pass();
      expect(winsOf(player)).toHaveLength(attempts + 1);
    }
    await expectPaidOnce(product, player);
  });

  it('a stop between writing what is owed and sending it: the pass waits out the lease, then pays once', {
    tags: ['postgres'],
  }, async () => {
    const { player, start } = await product.owe();
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    faultWins(player, (n) => (n === 0 ? { hold } : undefined));
    const first = start();
    await expect.poll(() => winsOf(player).length, { timeout: 60_000, interval: 5 }).toBe(1);
    const tx = winsOf(player)[0]?.transactionId ?? '';
    // The first call never reaches the wallet; until its lease is over no pass sends it again.
    await product.pass();
    expect(winsOf(player)).toHaveLength(1);
    h.clock.now += DELIVERY_LEASE_MS;
    await product.pass();
    expect(winsOf(player)).toHaveLength(2);
    const paid = await product.owed(tx);
    expect(paid.delivered).toBe(true);
    // The stalled attempt ends without an answer long after: what was paid stays paid (no retry is
    // recorded on it), and nothing more goes out.
    release();
    await first;
    expect(await product.owed(tx)).toEqual(paid);
    h.clock.now += backoffMs(0);
    await product.pass();
    expect(winsOf(player)).toHaveLength(2);
    await expectPaidOnce(product, player);
  });

  it('a stake whose answer is lost is rolled back at once: the player is told, the money comes back', {
    tags: ['postgres'],
  }, async () => {
    const { player, send } = await product.stake(10_000);
    h.wallet.fault = (path, body) => (path === 'bet' && String(body.player) === player ? 'lose-answer' : undefined);
    const res = await send();
    expect(res.statusCode).toBe(503);
    expect((res.json() as { error: { code: string } }).error.code).toBe('STUDIO_WALLET_UNAVAILABLE');
    const bets = h.wallet.calls.filter((c) => c.path === 'bet' && String(c.body.player) === player);
    expect(bets).toHaveLength(1);
    const rollbacks = h.wallet.calls.filter((c) => c.path === 'rollback' && String(c.body.player) === player);
    expect(rollbacks.map((c) => c.body.rollbackTransactionId)).toEqual([bets[0]?.body.transactionId]);
    expect(h.wallet.balances.get(player)).toBe(10_000);
  });

  it('a refused stake keeps nothing: the player reads why, nothing is rolled back', {
    tags: ['postgres'],
  }, async () => {
    const { player, amount, send } = await product.stake(50);
    expect(amount).toBeGreaterThan(50);
    const res = await send();
    expect((res.json() as { error: { code: string } }).error.code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    const moves = h.wallet.calls.filter((c) => String(c.body.player) === player && c.path !== 'balance');
    expect(moves.map((c) => c.path)).toEqual(['bet']);
    expect(h.wallet.balances.get(player)).toBe(50);
  });

  it('two passes at once (two nodes): the owed call goes out once', { tags: ['postgres'] }, async () => {
    const { player, start } = await product.owe();
    faultWins(player, (n) => (n === 0 ? 'lose-request' : undefined));
    await start();
    h.clock.now += backoffMs(0);
    await Promise.all([product.pass(), product.pass()]);
    expect(winsOf(player)).toHaveLength(2);
    await expectPaidOnce(product, player);
  });
});
