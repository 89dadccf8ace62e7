// postgres: two consumers at once on separate connections (row locks, SKIP LOCKED) and the snapshot horizon over other connections
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../db/database';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { setBrandSetting } from '../brand/brand.service';
import { post, postAlone } from '../ledger/ledger.service';
import {
  type ActivityConsumer,
  type ActivityEvent,
  activityBacklog,
  activityWaiting,
  consumeActivity,
  consumeBatch,
  drainActivity,
  registerActivityConsumer,
  rewindConsumer,
  runActivityConsumers,
  startActivityWorker,
  unregisterActivityConsumer,
} from './activity-bus';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  // What the test consumers write: a tally per (consumer, member), like a programme's progress.
  await sql`CREATE TABLE engine_test_tally (consumer text, member_id bigint, total bigint, n integer, PRIMARY KEY (consumer, member_id))`.execute(
    t.ctx.db,
  );
});
afterAll(() => t.close());

const uid = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

function tallyConsumer(name: string): ActivityConsumer {
  return {
    name,
    kinds: ['round.settled'],
    async handle(trx: Trx, event: ActivityEvent) {
      await sql`
        INSERT INTO engine_test_tally (consumer, member_id, total, n) VALUES (${name}, ${event.memberId}, ${event.amount}, 1)
        ON CONFLICT (consumer, member_id) DO UPDATE SET total = engine_test_tally.total + EXCLUDED.total, n = engine_test_tally.n + 1`.execute(
        trx,
      );
    },
  };
}

async function tallies(name: string): Promise<Map<number, { total: number; n: number }>> {
  const rows = (
    await sql<{ member_id: string | number; total: string | number; n: number }>`
      SELECT member_id, total, n FROM engine_test_tally WHERE consumer = ${name}`.execute(t.ctx.db)
  ).rows;
  return new Map(rows.map((r) => [Number(r.member_id), { total: Number(r.total), n: Number(r.n) }]));
}

async function eventsOf(memberId: number) {
  return t.ctx.db
    .selectFrom('activity_events')
    .select(['kind', 'amount', 'currency', 'reference', 'data'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('activity events are written with the fact', () => {
  it('registration, login, round settled through the vendor API, transfer', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db
      .insertInto('sessions')
      .values({
        token_hash: uid('h'),
        member_id: m.id,
        area: 'member',
        ip: '10.0.0.1',
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: uid('fund'),
        type: 'deposit',
        reference: 'test',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -50_000 },
          { account: { member: m.id, currency: 'PHP' }, amount: 50_000 },
        ],
      }),
    );
    const vendor = (
      await t.ctx.db.selectFrom('games').select('vendor_code').orderBy('vendor_code').executeTakeFirstOrThrow()
    ).vendor_code;
    const session = await createGameSession(t, { memberId: m.id, vendor });
    const client = vendorClient(t, vendor);
    const roundId = uid('round');
    const betId = uid('bet');
    const bet = await client.call('bet', {
      token: session.token,
      player: String(m.id),
      gameCode: session.gameCode,
      roundId,
      transactionId: betId,
      amount: 12,
      currency: 'PHP',
    });
    expect(bet.body.status).toBe('OK');
    // An open round is not a valid bet yet: no event.
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['registration', 'login']);
    const win = await client.call('win', {
      player: String(m.id),
      gameCode: session.gameCode,
      roundId,
      transactionId: uid('win'),
      betTransactionId: betId,
      amount: 5,
      currency: 'PHP',
      roundClosed: true,
    });
    expect(win.body.status).toBe('OK');
    const round = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['bet_amount', 'win_amount', 'game_type'])
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    const other = await createMember(t.ctx);
    await postAlone(t.ctx.db, {
      idempotencyKey: `transfer-downline:${m.id}:${uid('r')}`,
      type: 'transfer.downline',
      reference: `TRD-${m.id}-${other.id}`,
      entries: [
        { account: { member: m.id, currency: 'PHP' }, amount: -700 },
        { account: { member: other.id, currency: 'PHP' }, amount: 700 },
      ],
    });
    const events = await eventsOf(m.id);
    expect(events.map((e) => e.kind)).toEqual(['registration', 'login', 'round.settled', 'transfer']);
    expect(events[2]).toMatchObject({
      amount: round.bet_amount,
      currency: 'PHP',
      reference: `${vendor}:${roundId}`,
      data: { win: round.win_amount, gameType: round.game_type, vendor },
    });
    expect(events[3]).toMatchObject({ amount: 700, data: { type: 'transfer.downline' } });
  });

  it('a fact rolled back leaves no event', async () => {
    const before = Number(
      (
        await t.ctx.db
          .selectFrom('activity_events')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('members')
          .values({
            username: uid('gone'),
            password_hash: 'x',
            referral_code: uid('RC'),
            password_changed_at: new Date(),
            permissions: '[]',
          })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = Number(
      (
        await t.ctx.db
          .selectFrom('activity_events')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});

describe('consumption is exactly once per (event, consumer)', () => {
  it('two consumers each count every event once; a rewind replays nothing', { tags: ['postgres'] }, async () => {
    const m = await createMember(t.ctx);
    const insert = (amount: number) =>
      t.ctx.db.insertInto('activity_events').values({ kind: 'round.settled', member_id: m.id, amount }).execute();
    await insert(100);
    await insert(250);
    const a = tallyConsumer(uid('a'));
    const b = tallyConsumer(uid('b'));
    await Promise.all([consumeActivity(t.ctx, a), consumeActivity(t.ctx, a), consumeActivity(t.ctx, b)]);
    await drainActivity(t.ctx, a);
    await insert(5);
    await rewindConsumer(t.ctx, a.name);
    await drainActivity(t.ctx, b);
    await drainActivity(t.ctx, a);
    expect((await tallies(a.name)).get(m.id)).toEqual({ total: 355, n: 3 });
    expect((await tallies(b.name)).get(m.id)).toEqual({ total: 355, n: 3 });
  });

  it('a consumer that throws keeps nothing of its batch and counts it once when it recovers', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db
      .insertInto('activity_events')
      .values({ kind: 'round.settled', member_id: m.id, amount: 40 })
      .execute();
    const name = uid('flaky');
    const good = tallyConsumer(name);
    let fail = true;
    const flaky: ActivityConsumer = {
      ...good,
      async handle(trx, event, ctx) {
        await good.handle(trx, event, ctx);
        if (fail) throw new Error('crash mid-batch');
      },
    };
    await expect(consumeActivity(t.ctx, flaky)).rejects.toThrow('crash mid-batch');
    expect((await tallies(name)).get(m.id)).toBeUndefined();
    fail = false;
    await drainActivity(t.ctx, flaky);
    await consumeActivity(t.ctx, flaky);
    expect((await tallies(name)).get(m.id)).toEqual({ total: 40, n: 1 });
  });

  it('reads in transaction order as numbers: txids that gain a digit are not jumped over', async () => {
    const m = await createMember(t.ctx);
    // Old transactions, as a long-lived database has them: 9, 10, 99, 100 (text order: 10, 100, 9, 99).
    for (const [txid, amount] of [
      [9, 1],
      [10, 2],
      [99, 4],
      [100, 8],
    ] as const) {
      await sql`INSERT INTO activity_events (txid, kind, member_id, amount)
        VALUES (${String(txid)}::xid8, 'round.settled', ${m.id}, ${amount})`.execute(t.ctx.db);
    }
    const consumer = tallyConsumer(uid('digits'));
    // One event a batch, so the cursor moves between every pair.
    await consumeActivity(t.ctx, consumer, 1);
    expect((await tallies(consumer.name)).get(m.id)).toEqual({ total: 15, n: 4 });
  });

  // A reference model: the tally of each member is the sum of the events that committed. Random
  // streams mix committed and rolled-back inserts, events committed late with ids taken earlier
  // (lower than ones already consumed), consumption runs (alone, two at once, in small batches),
  // and cursor rewinds (replays).
  it('random streams with replays and reordering count what the model counts, once', {
    tags: ['postgres'],
  }, async () => {
    const members = [(await createMember(t.ctx)).id, (await createMember(t.ctx)).id, (await createMember(t.ctx)).id];
    const step = fc.oneof(
      fc.record({
        op: fc.constant('insert' as const),
        member: fc.integer({ min: 0, max: 2 }),
        amount: fc.integer({ min: 1, max: 10_000 }),
        commit: fc.boolean(),
        late: fc.boolean(),
      }),
      fc.record({ op: fc.constant('consume' as const), parallel: fc.boolean(), limit: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant('rewind' as const) }),
    );
    let run = 0;
    // Every event committed so far for these members: each run's fresh consumer starts from the
    // beginning, so it must end with all of them (earlier runs' too), once each.
    const model = new Map<number, { total: number; n: number }>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        run++;
        const consumer = tallyConsumer(`prop-${run}-${uid('c')}`);
        // Ids taken now and used later: an event committed after higher ids were consumed.
        const reserved = (
          await sql<{
            id: string;
          }>`SELECT nextval('activity_events_id_seq')::text AS id FROM generate_series(1, 30)`.execute(t.ctx.db)
        ).rows.map((r) => Number(r.id));
        for (const s of steps) {
          if (s.op === 'insert') {
            const memberId = members[s.member] as number;
            const id = s.late ? reserved.shift() : undefined;
            await t.ctx.db
              .transaction()
              .execute(async (trx) => {
                await trx
                  .insertInto('activity_events')
                  .values({
                    ...(id !== undefined ? { id } : {}),
                    kind: 'round.settled',
                    member_id: memberId,
                    amount: s.amount,
                  })
                  .execute();
                if (!s.commit) throw new Error('rolled back');
              })
              .catch((e: Error) => {
                if (e.message !== 'rolled back') throw e;
              });
            if (s.commit) {
              const m = model.get(memberId) ?? { total: 0, n: 0 };
              model.set(memberId, { total: m.total + s.amount, n: m.n + 1 });
            }
          } else if (s.op === 'consume') {
            if (s.parallel)
              await Promise.all([consumeActivity(t.ctx, consumer, s.limit), consumeActivity(t.ctx, consumer)]);
            else await consumeBatch(t.ctx, consumer, s.limit);
          } else {
            await rewindConsumer(t.ctx, consumer.name);
          }
        }
        await drainActivity(t.ctx, consumer);
        const got = await tallies(consumer.name);
        for (const memberId of members) expect(got.get(memberId)).toEqual(model.get(memberId));
      }),
      { numRuns: 25 },
    );
  });
});

describe('the worker', { tags: ['postgres'] }, () => {
  it('feeds a new event within moments, goes on past a failing consumer, and stops cleanly', async () => {
    const m = await createMember(t.ctx);
    const good = tallyConsumer(uid('worker'));
    const failures: unknown[] = [];
    const broken: ActivityConsumer = {
      name: uid('broken'),
      kinds: ['round.settled'],
      async handle() {
        throw new Error('consumer bug');
      },
    };
    registerActivityConsumer(good);
    registerActivityConsumer(broken);
    const worker = startActivityWorker(t.ctx, { idleMs: 20, log: (err) => failures.push(err) });
    try {
      await t.ctx.db
        .insertInto('activity_events')
        .values({ kind: 'round.settled', member_id: m.id, amount: 42 })
        .execute();
      // Generous waits: the worker's first passes feed every registered consumer the whole file's
      // events, which a busy runner takes seconds over.
      await expect
        .poll(async () => (await tallies(good.name)).get(m.id), { timeout: 30_000 })
        .toEqual({ total: 42, n: 1 });
      // The broken consumer's turn may come after the good one's commit in the same pass.
      await expect.poll(() => failures.length, { timeout: 30_000 }).toBeGreaterThan(0);
    } finally {
      unregisterActivityConsumer(broken.name);
      unregisterActivityConsumer(good.name);
      await worker.stop();
    }
    // The broken consumer's batches rolled back: nothing recorded as consumed, its events still wait.
    const consumed = await t.ctx.db
      .selectFrom('rewards_consumptions')
      .select('event_id')
      .where('consumer', '=', broken.name)
      .execute();
    expect(consumed).toEqual([]);
    expect(await activityBacklog(t.ctx, broken.name)).toBeGreaterThan(0);
  });

  it('skips its pass while nothing waits: a new consumer, then an event of any kind, wake it', async () => {
    const m = await createMember(t.ctx);
    // Passes until nothing readable is left (on PostgreSQL, an event becomes readable only once every
    // older transaction on the server, another file's included, has ended).
    const settle = () =>
      expect
        .poll(
          async () => {
            await runActivityConsumers(t.ctx);
            return activityWaiting(t.ctx);
          },
          { timeout: 10_000 },
        )
        .toBe(false);
    await settle();
    // A consumer without a cursor has everything ahead of it.
    const late = tallyConsumer(uid('late'));
    registerActivityConsumer(late);
    try {
      expect(await activityWaiting(t.ctx)).toBe(true);
      await settle();
      // An event no consumer wants still waits: the pass moves the cursors over it.
      await t.ctx.db.insertInto('activity_events').values({ kind: 'login', member_id: m.id, amount: 0 }).execute();
      await expect.poll(() => activityWaiting(t.ctx), { timeout: 10_000 }).toBe(true);
      await settle();
      // Rewinding one consumer makes its replay wait, as the pass would find it.
      await rewindConsumer(t.ctx, late.name);
      expect(await activityWaiting(t.ctx)).toBe(true);
    } finally {
      unregisterActivityConsumer(late.name);
    }
  });
});
