import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableHall, tableOf, tableOutcome } from '../../studio/src/casino/tables';
import { openStudioDatabase } from '../../studio/src/kit/db/database';
import { engineKindOf } from '../../studio/src/kit/game-map';
import { type StudioRuntime, studioMigrations } from '../../studio/src/plugin';
import { verifyLedger } from './modules/ledger/ledger.service';
import type { TestApp } from './test/harness';
import {
  platformBalance as balanceOfMember,
  firstMessage,
  launchAs,
  mountStudio,
  studioApi,
  WebSocket,
} from './test/studio-fixture';

// The live tables of the house studio (LIVE baccarat and roulette), mounted as `npm start` does and
// paying through the real signed vendor wallet API over loopback: two members in one round settled
// on the same outcome, a win whose delivery fails retried until delivered, and the table's lease with
// two loops on one database (on PostgreSQL, two connection pools: two processes' worth). The loop
// runs on a clock the test moves.

let t: TestApp;
let studio: StudioRuntime;
let base: string;
let clock = Date.now();
let dropAnswers: Set<string>;

const TIMING = { bettingMs: 1000, dealMs: 600, resultMs: 400, tickMs: 0, watchMs: 5000 };

beforeAll(async () => {
  ({ t, studio, base, dropAnswers } = await mountStudio({
    now: () => new Date(clock),
    crash: { tickMs: 0 },
    tables: TIMING,
  }));
});
afterAll(() => t.close());

/** A LIVE catalogue game that the studio plays as `kind`. */
async function liveGame(kind: 'baccarat' | 'roulette') {
  const games = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code', 'game_code'])
    .where('game_code', 'like', 'LIVE-%')
    .orderBy('node_id')
    .execute();
  const game = games.find((g) => engineKindOf({ vendor: g.vendor_code, gameCode: g.game_code }) === kind);
  if (!game) throw new Error(`no LIVE ${kind} game in the catalogue`);
  return game;
}

/** A funded member who launched the table from the lobby: their game token. */
const launched = (nodeId: number, amount: number) => launchAs(t, nodeId, amount, '/live');

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  studioApi(t, token, method, url, payload);

const platformBalance = (memberId: number) => balanceOfMember(t, memberId);

const current = (key: string) =>
  studio.db
    .selectFrom('studio_table_rounds')
    .selectAll()
    .where('table_key', '=', key)
    .orderBy('id', 'desc')
    .executeTakeFirst();

async function verifiedWin(
  game: { vendor_code: string; game_code: string },
  round: { server_seed: string; client_seed: string; round_no: number },
  bet: unknown,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/studio/api/verify',
    payload: {
      serverSeed: round.server_seed,
      clientSeed: round.client_seed,
      nonce: round.round_no,
      gameCode: game.game_code,
      vendor: game.vendor_code,
      bet,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().win as number;
}

describe('live tables of the house studio (real money)', () => {
  it('settles two members of one baccarat round through the wallet; a win that cannot be delivered is retried', async () => {
    const game = await liveGame('baccarat');
    const key = `${game.vendor_code}:${game.game_code}`;
    const a = await launched(Number(game.node_id), 100_000);
    const b = await launched(Number(game.node_id), 100_000);
    expect((await api(a.token, 'GET', '/api/table')).statusCode).toBe(200);
    await studio.tables.tick();
    const round = await current(key);
    if (!round) throw new Error('no round');
    const betsA = [{ banker: 1000 }, { player: 300 }];
    const betsB = [{ tie: 500 }];
    for (const bet of betsA) {
      const res = await api(a.token, 'POST', '/api/table/bet', { bet });
      expect(res.statusCode, res.body).toBe(200);
    }
    const betB = await api(b.token, 'POST', '/api/table/bet', { bet: betsB[0] });
    expect(betB.json().balance).toBe(99_500);
    expect(await platformBalance(a.memberId)).toBe(100_000 - 1300);
    // A bet over the balance is refused by the wallet and leaves nothing behind.
    const poor = await api(b.token, 'POST', '/api/table/bet', { bet: { player: 200_000 } });
    expect(poor.json().error.code).toBe('STUDIO_INSUFFICIENT_FUNDS');

    // Betting closes; a bet now is late and takes nothing.
    clock = new Date(round.betting_ends_at).getTime();
    await studio.tables.tick();
    expect((await api(b.token, 'POST', '/api/table/bet', { bet: { player: 100 } })).json().error.code).toBe(
      'STUDIO_TABLE_BETTING_CLOSED',
    );
    expect(await platformBalance(b.memberId)).toBe(99_500);

    // The result: every win (and zero win) is delivered; this time the platform's answers are lost.
    dropAnswers.add('win');
    clock = new Date(round.reveal_at).getTime();
    await studio.tables.tick();
    dropAnswers.delete('win');
    let winA = 0;
    for (const bet of betsA) winA += await verifiedWin(game, round, bet);
    const winB = await verifiedWin(game, round, betsB[0]);
    const pending = await studio.db
      .selectFrom('studio_table_bets')
      .select(['status', 'attempts'])
      .where('table_round_id', '=', round.id)
      .execute();
    expect(pending.every((p) => p.status === 'settling' && p.attempts >= 1)).toBe(true);
    // The retry (after its backoff) delivers each exactly once: the wallet's idempotency on the
    // transaction id answers the repeat of an already booked win without paying twice.
    clock += 60_000;
    await studio.tables.recover();
    const closed = await studio.db
      .selectFrom('studio_table_bets')
      .select(['status', 'win'])
      .where('table_round_id', '=', round.id)
      .execute();
    expect(closed.every((p) => p.status === 'closed')).toBe(true);
    expect(await platformBalance(a.memberId)).toBe(100_000 - 1300 + winA);
    expect(await platformBalance(b.memberId)).toBe(100_000 - 500 + winB);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a tie pushes the player and banker bets back: the closing win declares only the tie bet as turnover', async () => {
    const game = await liveGame('baccarat');
    const key = `${game.vendor_code}:${game.game_code}`;
    const table = tableOf({ vendor: game.vendor_code, gameCode: game.game_code });
    if (!table) throw new Error('not a table');
    const m = await launched(Number(game.node_id), 100_000);
    expect((await api(m.token, 'GET', '/api/table')).statusCode).toBe(200);
    // The round that opens next is dealt from a seed whose outcome is a tie (the test owns the studio's database).
    let round = await current(key);
    for (let i = 0; i < 5 && round?.phase !== 'betting'; i++) {
      clock = Math.max(clock, round ? new Date(round.ends_at).getTime() : clock) + 1;
      await studio.tables.tick();
      round = await current(key);
    }
    if (round?.phase !== 'betting') throw new Error('no round taking bets');
    let seed = '';
    for (let i = 0; ; i++) {
      seed = createHash('sha256').update(`tie ${i}`).digest('hex');
      const outcome = tableOutcome(table, seed, round.round_no);
      if ('result' in outcome && outcome.result === 'tie') break;
    }
    await studio.db
      .updateTable('studio_table_rounds')
      .set({
        server_seed: seed,
        server_seed_hash: createHash('sha256').update(seed).digest('hex'),
        outcome: JSON.stringify(tableOutcome(table, seed, round.round_no)),
      })
      .where('id', '=', round.id)
      .execute();
    const bet = { player: 1000, banker: 400, tie: 200 };
    expect((await api(m.token, 'POST', '/api/table/bet', { bet })).statusCode).toBe(200);
    clock = new Date(round.betting_ends_at).getTime();
    await studio.tables.tick();
    clock = new Date(round.reveal_at).getTime();
    await studio.tables.tick();
    await studio.tables.recover();
    const placed = await studio.db
      .selectFrom('studio_table_bets')
      .select(['bet_id', 'status', 'win', 'valid_bet'])
      .where('table_round_id', '=', round.id)
      .executeTakeFirstOrThrow();
    // Player and banker come back whole, the tie pays 8:1 and its stake.
    expect(placed).toMatchObject({ status: 'closed', win: 1000 + 400 + 9 * 200, valid_bet: 200 });
    const platformRound = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['bet_amount', 'win_amount', 'void_amount', 'status'])
      .where('vendor_code', '=', game.vendor_code)
      .where('round_id', '=', placed.bet_id)
      .executeTakeFirstOrThrow();
    expect(platformRound).toMatchObject({ bet_amount: 1600, win_amount: 3200, void_amount: 1400 });
    const settled = await t.ctx.db
      .selectFrom('activity_events')
      .select('amount')
      .where('kind', '=', 'round.settled')
      .where('reference', '=', `${game.vendor_code}:${placed.bet_id}`)
      .executeTakeFirstOrThrow();
    expect(Number(settled.amount)).toBe(200);
    expect(await platformBalance(m.memberId)).toBe(100_000 - 1600 + 3200);
  });

  it("sends the table's state over the WebSocket through the platform's upgrade handling", async () => {
    const game = await liveGame('roulette');
    const a = await launched(Number(game.node_id), 1_000);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/table?token=${encodeURIComponent(a.token)}`);
    try {
      const first = await firstMessage<{ type: string; data: { table: { key: string } } }>(ws);
      expect(first.type).toBe('state');
      expect(first.data.table.key).toBe(`${game.vendor_code}:${game.game_code}`);
    } finally {
      ws.close();
    }
  });

  it('runs one loop per table on one database: a second loop (its own pool) waits, then resumes a round left mid-way', async () => {
    const game = await liveGame('roulette');
    const key = `${game.vendor_code}:${game.game_code}`;
    const a = await launched(Number(game.node_id), 50_000);
    await api(a.token, 'GET', '/api/table');
    await studio.tables.tick();
    let round = await current(key);
    // A round of an earlier test may be under way at this table: start from a fresh betting phase.
    while (round && (round.phase !== 'betting' || clock >= new Date(round.betting_ends_at).getTime())) {
      clock = Math.max(clock, new Date(round.phase === 'betting' ? round.betting_ends_at : round.ends_at).getTime());
      await api(a.token, 'GET', '/api/table');
      await studio.tables.tick();
      round = await current(key);
    }
    if (!round) throw new Error('no round');
    const bet = { bets: [{ type: 'dozen1', amount: 900 }] };
    expect((await api(a.token, 'POST', '/api/table/bet', { bet })).statusCode).toBe(200);

    const second = t.ctx.config.databaseUrl
      ? await openStudioDatabase({ databaseUrl: t.ctx.config.databaseUrl, dataDir: '', migrations: studioMigrations })
      : undefined;
    const other = new TableHall({ ...studio.deps, ...(second ? { db: second.db } : {}) }, TIMING);
    try {
      // The first loop holds the table: the second advances nothing.
      clock = new Date(round.betting_ends_at).getTime();
      await other.tick();
      expect((await current(key))?.phase).toBe('betting');
      // The first process dies mid-round (its lease lapses): the second resumes and settles the round.
      clock += 6000;
      await api(a.token, 'GET', '/api/table');
      for (let i = 0; i < 3; i++) await other.tick();
      const settled = await studio.db
        .selectFrom('studio_table_rounds')
        .selectAll()
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow();
      expect(['result', 'done']).toContain(settled.phase);
      const win = await verifiedWin(game, settled, bet);
      const mine = await studio.db
        .selectFrom('studio_table_bets')
        .select(['status', 'win'])
        .where('table_round_id', '=', round.id)
        .executeTakeFirstOrThrow();
      expect(mine).toEqual({ status: 'closed', win });
      expect(await platformBalance(a.memberId)).toBe(50_000 - 900 + win);
    } finally {
      await other.stop();
      await second?.close();
    }
  });
});
