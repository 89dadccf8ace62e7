// postgres: vendor calls of players on different house shards share a batch, sent as a named prepared statement
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { namedStatement } from '../../db/prepared';
import type { TestApp } from '../../test/harness';
import { betBody, openVendorWallet, type VendorWallet, walletPlayer, winBody } from '../../test/vendor-wallet-fixture';
import { balanceOf, HOUSE_SHARDS, houseBalance, verifyLedger } from '../ledger/ledger.service';
import { callBatcherStats } from './vendor-call-batcher';

// The call batcher's lanes go by member (a lane holds whole house shard rows), so one batch carries
// the calls of players on many shards; on PostgreSQL the batch statement is a named prepared
// statement of each connection (db/prepared.ts).

let t: TestApp;
let vendor: string;
let client: VendorWallet['client'];
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
});
afterAll(() => t.close());

const player = (amount: number) => walletPlayer(t, vendor, amount);

/** The names of the prepared statements of every connection of the pool (PostgreSQL). */
async function preparedStatementNames(): Promise<string[]> {
  const pool = t.ctx.database.pool;
  if (!pool) throw new Error('no pool on PostgreSQL');
  // Holding every connection at once reaches each of them.
  const clients = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
  try {
    const names = await Promise.all(
      clients.map(async (c) => (await c.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows),
    );
    return names.flat().map((r) => r.name);
  } finally {
    for (const c of clients) c.release();
  }
}

describe('vendor call lanes', { tags: ['postgres'] }, () => {
  it('settles the bets and wins of players on every house shard at once, sharing transactions', async () => {
    // A player on every shard row of the vendor's house account (member id mod HOUSE_SHARDS).
    const byShard = new Map<number, Awaited<ReturnType<typeof player>>>();
    for (let i = 0; i < 4 * HOUSE_SHARDS && byShard.size < HOUSE_SHARDS; i++) {
      const p = await player(10_000);
      if (!byShard.has(p.id % HOUSE_SHARDS)) byShard.set(p.id % HOUSE_SHARDS, p);
    }
    expect(byShard.size).toBe(HOUSE_SHARDS);
    const players = [...byShard.values()];
    const houseBefore = await houseBalance(t.ctx.db, `vendor:${vendor}`, 'PHP');
    const statsBefore = callBatcherStats(t.ctx.db as Db);
    const bets = players.map((p) => ({ p, body: betBody(p, 400) }));
    const betAnswers = await Promise.all(bets.map((b) => client.call('bet', b.body)));
    for (const a of betAnswers) expect(a).toMatchObject({ statusCode: 200, body: { status: 'OK', balance: 9_600 } });
    // A repeat of every bet at once answers its first answer and moves nothing.
    const repeats = await Promise.all(bets.map((b) => client.call('bet', b.body)));
    for (const a of repeats) expect(a).toMatchObject({ statusCode: 200, body: { status: 'OK', balance: 9_600 } });
    const winAnswers = await Promise.all(bets.map((b) => client.call('win', winBody(b.p, b.body, 1_000))));
    for (const a of winAnswers) expect(a).toMatchObject({ statusCode: 200, body: { status: 'OK', balance: 10_600 } });
    for (const p of players) expect((await balanceOf(t.ctx.db, p.id, 'PHP')).balance).toBe(10_600);
    expect((await houseBalance(t.ctx.db, `vendor:${vendor}`, 'PHP')) - houseBefore).toBe(-600 * players.length);
    const stats = callBatcherStats(t.ctx.db as Db);
    if (onPostgres) {
      // Every call went through the batcher, and calls of players on different shards shared a
      // transaction (with a lane per shard row each of these batches would hold one call).
      expect(stats.calls - statsBefore.calls).toBe(3 * players.length);
      expect(stats.batches - statsBefore.batches).toBeLessThan(3 * players.length);
      expect(stats.largest).toBeGreaterThan(1);
      const names = await preparedStatementNames();
      expect(names.some((n) => n.startsWith('vendor_call_batch_'))).toBe(true);
    } else expect(stats.calls).toBe(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a marked statement binds its values on every call, and one that fails fails the same way again', async () => {
    for (const n of [1, 41, -7])
      expect(
        (await sql<{ n: number }>`${namedStatement('lanes_probe')}SELECT ${n}::int + 1 AS n`.execute(t.ctx.db)).rows,
      ).toEqual([{ n: n + 1 }]);
    const broken = () =>
      sql`${namedStatement('lanes_probe_broken')}SELECT no_such_column FROM members`.execute(t.ctx.db);
    await expect(broken()).rejects.toThrow(/no_such_column/);
    await expect(broken()).rejects.toThrow(/no_such_column/);
    // The connections are still in use after the failures.
    expect(
      (await sql<{ n: number }>`${namedStatement('lanes_probe')}SELECT ${2}::int + 1 AS n`.execute(t.ctx.db)).rows,
    ).toEqual([{ n: 3 }]);
    expect(() => namedStatement('Not-A-Name')).toThrow(/not \[a-z0-9_\]/);
  });
});
