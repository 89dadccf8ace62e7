// postgres: the notices leave on another pool connection than the transaction that asked for them
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../modules/ledger/ledger.service';
import { createEventBus, type EventBus, publishAfterCommit, type RealtimeEvent } from '../realtime/event-bus';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { AfterCommitDriver } from './after-commit';

let t: TestApp;
let bus: EventBus;

beforeAll(async () => {
  t = await createTestApp();
  bus = createEventBus(t.ctx.database, t.ctx.config.databaseUrl);
});
afterAll(async () => {
  await bus.close();
  await t.close();
});

/** A member whose events are collected as they arrive. */
async function listenedMember() {
  const m = await createMember(t.ctx);
  const events: RealtimeEvent[] = [];
  await bus.subscribe(m.id, (e) => events.push(e));
  return { id: m.id, events };
}

function deposit(memberId: number, amount: number) {
  return {
    idempotencyKey: `after-commit-${memberId}-${amount}-${Math.random()}`,
    type: 'deposit',
    reference: 'after-commit test',
    entries: [
      { account: { member: memberId, currency: 'PHP' }, amount },
      { account: { house: 'deposits', currency: 'PHP' }, amount: -amount },
    ],
  };
}

/** Waits until every committed notice has been sent and LISTEN has had time to deliver it. */
async function settled() {
  await t.ctx.database.afterCommit.idle();
  // A marker through the same path: once it arrives, everything sent before it has too.
  const marker = await listenedMember();
  await publishAfterCommit(t.ctx.db, marker.id, { type: 'notice', data: 'marker' });
  await t.ctx.database.afterCommit.idle();
  const deadline = Date.now() + 5_000;
  while (marker.events.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(marker.events).toHaveLength(1);
}

const balances = (events: RealtimeEvent[]) =>
  events.filter((e) => e.type === 'balance').map((e) => (e.data as { balance: number }).balance);

describe('balance events leave after commit (db/after-commit.ts)', { tags: ['postgres'] }, () => {
  it('sends a posting’s events only once its transaction has committed, in commit order', async () => {
    const m = await listenedMember();
    await t.ctx.db.transaction().execute(async (trx) => {
      await post(trx, deposit(m.id, 1_000));
      await post(trx, deposit(m.id, 250));
      await t.ctx.database.afterCommit.idle();
      await new Promise((r) => setTimeout(r, 50));
      // Nothing may be heard while the transaction is open.
      expect(m.events).toEqual([]);
    });
    await settled();
    expect(balances(m.events)).toEqual([10, 12.5]);
  });

  it('sends nothing for a transaction that rolls back, nor for a savepoint rolled back to', async () => {
    const m = await listenedMember();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await post(trx, deposit(m.id, 500));
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('the caller changes its mind');

    const trx = await t.ctx.db.startTransaction().execute();
    await post(trx, deposit(m.id, 100));
    const sp = await trx.savepoint('before_second').execute();
    await post(sp, deposit(m.id, 200));
    await sp.rollbackToSavepoint('before_second').execute();
    await post(trx, deposit(m.id, 300));
    await trx.commit().execute();

    await settled();
    expect(balances(m.events)).toEqual([1, 4]);
    const { balance } = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', `member:${m.id}:cash:PHP`)
      .executeTakeFirstOrThrow();
    expect(balance).toBe(400);
  });

  it('sends at once what a statement outside a transaction asks for, and counts what it sent', async () => {
    const m = await listenedMember();
    const before = t.ctx.database.afterCommit.stats;
    await publishAfterCommit(t.ctx.db, m.id, { type: 'notice', data: 'hello' });
    await settled();
    expect(m.events).toEqual([{ type: 'notice', data: 'hello' }]);
    const after = t.ctx.database.afterCommit.stats;
    expect(after.notices).toBeGreaterThan(before.notices);
    expect(after.failures).toBe(before.failures);
  });
});

describe('the sender (a recording driver in place of the database)', () => {
  it('never puts a repeated notice in the same send, so PostgreSQL cannot fold it away', async () => {
    const sends: string[][] = [];
    let unblock!: () => void;
    const firstSendBlocked = new Promise<void>((resolve) => {
      unblock = resolve;
    });
    const connection: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (query.sql.startsWith('SELECT pg_notify')) {
          sends.push((query.parameters[1] as string[]).slice());
          if (sends.length === 1) await firstSendBlocked;
          return { rows: [] };
        }
        // Any other statement answers the notices named in its parameters.
        return { rows: [{ after_commit_channel: 'c', after_commit_payloads: query.parameters } as R] };
      },
      streamQuery() {
        throw new Error('not used');
      },
    };
    const inner: Driver = {
      init: async () => undefined,
      acquireConnection: async () => connection,
      beginTransaction: async () => undefined,
      commitTransaction: async () => undefined,
      rollbackTransaction: async () => undefined,
      releaseConnection: async () => undefined,
      destroy: async () => undefined,
    };
    const driver = new AfterCommitDriver(inner);
    const run = async (payload: string) => {
      const c = await driver.acquireConnection();
      await c.executeQuery(CompiledQuery.raw('SELECT 1', [payload]));
      await driver.releaseConnection(c);
    };
    await run('first');
    // Sent while the first send is still under way: they queue together.
    for (const payload of ['10', '12', '10', '7']) await run(payload);
    unblock();
    await driver.idle();
    expect(sends).toEqual([['first'], ['10', '12'], ['10', '7']]);
    expect(driver.stats).toEqual({ sends: 3, notices: 5, failures: 0 });
  });
});
