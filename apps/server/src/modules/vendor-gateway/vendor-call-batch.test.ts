// postgres: concurrent vendor calls share one transaction (group commit), a call busy elsewhere waits alone
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { publishAfterCommit } from '../../realtime/event-bus';
import type { TestApp } from '../../test/harness';
import { vendorClient } from '../../test/vendor-client';
import {
  betBody,
  uniqueId as id,
  openVendorWallet,
  type VendorWallet,
  walletPlayer,
  winBody,
} from '../../test/vendor-wallet-fixture';
import { balanceOf, houseBalance, verifyLedger } from '../ledger/ledger.service';
import { callBatcherStats, vendorCallBatcher } from './vendor-call-batcher';
import { callInOneStatement, callsInOneStatement, type OneStatementCall } from './vendor-gateway.queries';

// A bet or a win is one statement (vendor_bet / vendor_win, migration 0055), and on
// PostgreSQL concurrent ones share a transaction (vendor_call_batch). Each call keeps the answer it
// would have alone; one that fails fails alone; the embedded database runs the same statements one
// at a time.

let t: TestApp;
let vendor: string;
let client: VendorWallet['client'];
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
  // A fault in one call only: any vendor transaction whose id starts with "boom-" fails to insert.
  await addInsertTrigger(
    'test_boom',
    'BEFORE',
    'vendor_transactions',
    "NEW.transaction_id LIKE 'boom-%'",
    "RAISE EXCEPTION 'test fault'",
  );
});
afterAll(() => t.close());

/** A row trigger of this test's database: on each insert into `table`, `action` runs when `condition` holds. */
async function addInsertTrigger(
  name: string,
  when: 'BEFORE' | 'AFTER',
  table: string,
  condition: string,
  action: string,
) {
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF ${condition} THEN
    ${action};
  END IF;
  RETURN NEW;
END
$fn$`)
    .execute(t.ctx.db);
  await sql
    .raw(`CREATE TRIGGER ${name} ${when} INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    .execute(t.ctx.db);
}

async function dropInsertTrigger(name: string, table: string) {
  await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(t.ctx.db);
  await sql.raw(`DROP FUNCTION ${name}()`).execute(t.ctx.db);
}

const player = (amount: number, of = vendor) => walletPlayer(t, of, amount);

type Player = Awaited<ReturnType<typeof player>>;

const bet = (p: Player, amount: number, transactionId = id('bet')) => betBody(p, amount, { transactionId });
const win = (p: Player, b: { roundId: string; transactionId: string }, amount: number) => winBody(p, b, amount);

const cash = async (memberId: number) => (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
const house = () => houseBalance(t.ctx.db, `vendor:${vendor}`, 'PHP');

describe('vendor calls in one statement', { tags: ['postgres'] }, () => {
  // A player's calls share a lane of the batcher (its house-account shard), so each player here
  // plays several rounds at once: the answers' balances depend on the order, their set does not.
  it('answers many rounds at once each as alone, and moves the money once', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player(10_000)));
    const heard = new Map<number, number[]>(players.map((p) => [p.id, []]));
    const marked = new Set<number>();
    for (const p of players)
      await t.ctx.events.subscribe(p.id, (e) => {
        if (e.type === 'balance') heard.get(p.id)?.push((e.data as { balance: number }).balance);
        if (e.type === 'test-marker') marked.add(p.id);
      });
    // On PostgreSQL the funding's balance event comes over NOTIFY and can reach the subscription
    // late. Notices arrive in commit order, so once a marker sent now is heard the funding's has
    // been too: forget it, and what is heard from here on is the bets' and wins' alone.
    for (const p of players) await publishAfterCommit(t.ctx.db, p.id, { type: 'test-marker', data: null });
    await expect.poll(() => marked.size, { timeout: 5_000 }).toBe(players.length);
    for (const p of players) heard.set(p.id, []);
    const houseBefore = await house();
    const statsBefore = callBatcherStats(t.ctx.db as Db);
    const bets = players.flatMap((p) => Array.from({ length: 4 }, () => ({ p, body: bet(p, 100) })));
    const betAnswers = await Promise.all(bets.map((b) => client.call('bet', b.body)));
    const balancesOf = (answers: typeof betAnswers, p: Player) =>
      answers
        .filter((_, i) => bets[i]?.p === p)
        .map((a) => {
          expect(a).toMatchObject({ statusCode: 200, body: { status: 'OK' } });
          return a.body.balance;
        })
        .sort((x, y) => y - x);
    for (const p of players) expect(balancesOf(betAnswers, p)).toEqual([9_900, 9_800, 9_700, 9_600]);
    // A repeat of every bet, at once: each answers its first answer and moves nothing.
    const repeats = await Promise.all(bets.map((b) => client.call('bet', b.body)));
    repeats.forEach((a, i) => {
      expect(a.body).toEqual({ ...betAnswers[i]?.body, requestId: a.body.requestId });
    });
    const winAnswers = await Promise.all(bets.map((b) => client.call('win', win(b.p, b.body, 300))));
    for (const p of players) expect(balancesOf(winAnswers, p)).toEqual([10_800, 10_500, 10_200, 9_900]);
    for (const p of players) expect(await cash(p.id)).toBe(10_800);
    // Each bet and win told its player the balance it left, after its commit (db/after-commit.ts),
    // the repeats nothing; 99.00 twice (after the first bet and after the first win) both arrive.
    await t.ctx.database.afterCommit.idle();
    await expect
      .poll(() => players.map((p) => heard.get(p.id)?.length), { timeout: 5_000 })
      .toEqual(players.map(() => 8));
    for (const p of players) {
      expect(heard.get(p.id)?.at(-1)).toBe(108);
      expect(
        heard
          .get(p.id)
          ?.slice()
          .sort((x, y) => x - y),
      ).toEqual([96, 97, 98, 99, 99, 102, 105, 108]);
    }
    expect((await house()) - houseBefore).toBe(-200 * bets.length);
    const rounds = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['status', 'bet_amount', 'win_amount'])
      .where(
        'round_id',
        'in',
        bets.map((b) => b.body.roundId),
      )
      .execute();
    expect(rounds).toHaveLength(bets.length);
    for (const r of rounds) expect(r).toMatchObject({ status: 'closed', bet_amount: 100, win_amount: 300 });
    const stats = callBatcherStats(t.ctx.db as Db);
    if (onPostgres) {
      // 48 calls, 16 at a time in 4 lanes: they shared transactions.
      expect(stats.calls - statsBefore.calls).toBe(48);
      expect(stats.batches - statsBefore.batches).toBeLessThan(48);
    } else expect(stats.calls).toBe(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('fails a faulty call alone: the others settle, it answers ERROR_INTERNAL and leaves nothing', async () => {
    const p = await player(5_000);
    const statsBefore = callBatcherStats(t.ctx.db as Db);
    const bets = Array.from({ length: 8 }, (_, i) => bet(p, 200, i === 3 ? id('boom') : id('bet')));
    const answers = await Promise.all(bets.map((b) => client.call('bet', b)));
    answers.forEach((a, i) => {
      if (i === 3) expect(a).toMatchObject({ statusCode: 500, body: { status: 'ERROR_INTERNAL' } });
      else expect(a).toMatchObject({ statusCode: 200, body: { status: 'OK' } });
    });
    expect(await cash(p.id)).toBe(5_000 - 7 * 200);
    const boom = bets[3]?.transactionId ?? '';
    const kept = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select('id')
      .where('transaction_id', '=', boom)
      .execute();
    expect(kept).toHaveLength(0);
    const refusal = await sql`SELECT 1 FROM vendor_bet_refusals WHERE transaction_id = ${boom}`.execute(t.ctx.db);
    expect(refusal.rows).toHaveLength(0);
    const round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select('id')
      .where('round_id', '=', bets[3]?.roundId ?? '')
      .execute();
    expect(round).toHaveLength(0);
    // On PostgreSQL the faulty call was in a shared transaction, which was undone and run call by call.
    if (onPostgres) expect(callBatcherStats(t.ctx.db as Db).fallbacks).toBeGreaterThan(statsBefore.fallbacks);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it.runIf(onPostgres)(
    'runs a call whose round another transaction holds alone, once that transaction ends',
    async () => {
      const [p, q] = await Promise.all([player(5_000), player(5_000)]);
      if (!p || !q) throw new Error('no players');
      const held = bet(p, 100);
      const free = bet(q, 100);
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another node's transaction holds the round's lock (as the gateway's own transaction would).
      const holder = t.ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`vendor-round:${vendor}:${held.roundId}`}, 0))`.execute(
          trx,
        );
        locked();
        await released;
      });
      await isLocked;
      const heldAnswer = client.call('bet', held);
      // The other bet settles while this one waits for the lock (alone, if it was in a batch).
      expect((await client.call('bet', free)).body).toMatchObject({ status: 'OK', balance: 4_900 });
      expect(await cash(p.id)).toBe(5_000);
      release();
      await holder;
      expect((await heldAnswer).body).toMatchObject({ status: 'OK', balance: 4_900 });
      expect(await cash(p.id)).toBe(4_900);
    },
  );

  it.runIf(onPostgres)(
    "two transactions making a vendor's first house row do not deadlock with a batch's member locks",
    async () => {
      // A vendor no other test here plays, so its house shard rows do not exist yet.
      const other = (
        await t.ctx.db
          .selectFrom('games')
          .select('vendor_code')
          .where('vendor_code', '!=', vendor)
          .orderBy('vendor_code')
          .executeTakeFirstOrThrow()
      ).vendor_code;
      const p = await player(5_000, other);
      const otherClient = vendorClient(t, other);
      // The statements the gateway would send, held back: run below by hand, two at a time.
      const batcher = vendorCallBatcher(t.ctx.db as Db);
      const held: OneStatementCall[] = [];
      const spy = vi.spyOn(batcher, 'submit').mockImplementation(async (call) => {
        held.push(call);
        throw new Error('held back by the test');
      });
      const bets = [bet(p, 100), bet(p, 100), bet(p, 100)];
      for (const b of bets) expect((await otherClient.call('bet', b)).statusCode).toBe(500);
      spy.mockRestore();
      const [alone, ...batch] = held;
      if (!alone || batch.length !== 2) throw new Error('the bets were not held back');
      expect(await cash(p.id)).toBe(5_000);
      // The lone bet makes the house row and then stays inside that insert a while, before it
      // updates the member's row (codes in order: house before member).
      await addInsertTrigger(
        'test_slow_house',
        'AFTER',
        'ledger_accounts',
        `NEW.code LIKE 'house:vendor:${other}:%'`,
        'PERFORM pg_sleep(3)',
      );
      try {
        const lone = callInOneStatement(t.ctx.db, alone);
        await expect
          .poll(
            async () =>
              (
                await sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'`.execute(
                  t.ctx.db,
                )
              ).rows[0],
            { timeout: 10_000 },
          )
          .toEqual({ n: 1 });
        // The batch locks the member's row, then needs the house row the lone bet is making: it
        // must wait for it before taking any row lock, or the lone bet's member update closes a cycle.
        const together = callsInOneStatement(t.ctx.db, batch);
        const [one, both] = await Promise.all([lone, together]);
        expect(one).toMatchObject({ outcome: 'answer', answer_status: 'OK' });
        expect(both.map((o) => [o.outcome, o.answer_status])).toEqual([
          ['answer', 'OK'],
          ['answer', 'OK'],
        ]);
      } finally {
        await dropInsertTrigger('test_slow_house', 'ledger_accounts');
      }
      expect(await cash(p.id)).toBe(4_700);
      expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
    },
    30_000,
  );
});
