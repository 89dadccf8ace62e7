// postgres: the ambient transaction holds one pooled connection while other connections must not see its work before the commit
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { inAmbientTransaction, inAmbientTransactionOf } from './ambient-transaction';
import type { Db } from './database';

// db/ambient-transaction.ts: the transactions and statements a unit of work sends to the handle
// join its one transaction (operatorAction relies on it).

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db;
  await sql`CREATE TABLE ambient_probe (n int PRIMARY KEY)`.execute(db);
});
afterAll(() => t.close());

async function rows(): Promise<number[]> {
  const r = await sql<{ n: number }>`SELECT n FROM ambient_probe ORDER BY n`.execute(db);
  return r.rows.map((x) => x.n);
}

async function clear() {
  await sql`DELETE FROM ambient_probe`.execute(db);
}

function insert(conn: Db, n: number) {
  return sql`INSERT INTO ambient_probe (n) VALUES (${n})`.execute(conn);
}

const CHANNEL = 'ambient_probe_channel';

/** A statement asking for an after-commit notification (db/after-commit.ts). */
function notice(conn: Db, payload: string) {
  return sql`SELECT ${CHANNEL}::text AS after_commit_channel, ARRAY[${payload}]::text[] AS after_commit_payloads`.execute(
    conn,
  );
}

describe('inAmbientTransaction', () => {
  it('commits the work of nested transactions and plain statements once, at its end', async () => {
    await clear();
    await inAmbientTransaction(db, async () => {
      expect(inAmbientTransactionOf(db)).toBe(true);
      await insert(db, 1);
      await db.transaction().execute((inner) => insert(inner as Db, 2));
      await inAmbientTransaction(db, () => insert(db, 3));
    });
    expect(inAmbientTransactionOf(db)).toBe(false);
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it('rolls all of it back when it fails, including what nested transactions committed', async () => {
    await clear();
    await expect(
      inAmbientTransaction(db, async () => {
        await db.transaction().execute((inner) => insert(inner as Db, 1));
        await insert(db, 2);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows()).toEqual([]);
  });

  it('a nested transaction that fails undoes only itself; a failed statement does not spoil the rest', async () => {
    await clear();
    await inAmbientTransaction(db, async () => {
      await insert(db, 1);
      await expect(
        db.transaction().execute(async (inner) => {
          await insert(inner as Db, 2);
          await insert(inner as Db, 1); // duplicate key
        }),
      ).rejects.toThrow();
      await expect(insert(db, 1)).rejects.toThrow();
      await insert(db, 3);
    });
    expect(await rows()).toEqual([1, 3]);
  });

  it('runs concurrent transactions of the work one after the other on its connection', {
    tags: ['postgres'],
  }, async () => {
    await clear();
    await inAmbientTransaction(db, async () => {
      await Promise.all(
        [10, 20, 30].map((base) =>
          db.transaction().execute(async (inner) => {
            await insert(inner as Db, base);
            await insert(inner as Db, base + 1);
          }),
        ),
      );
      await Promise.all([insert(db, 40), insert(db, 41)]);
    });
    expect(await rows()).toEqual([10, 11, 20, 21, 30, 31, 40, 41]);
  });

  it('sends after-commit notifications after its commit, and none after a rollback', {
    tags: ['postgres'],
  }, async () => {
    const before = async () => {
      await t.ctx.database.afterCommit.idle();
      return t.ctx.database.afterCommit.stats.notices;
    };
    const start = await before();
    await expect(
      inAmbientTransaction(db, async () => {
        await notice(db, 'rolled-back-plain');
        await db.transaction().execute((inner) => notice(inner as Db, 'rolled-back-nested'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await before()).toBe(start);
    let duringWork = -1;
    await inAmbientTransaction(db, async () => {
      await notice(db, 'kept-plain');
      await db.transaction().execute((inner) => notice(inner as Db, 'kept-nested'));
      await t.ctx.database.afterCommit.idle();
      duringWork = t.ctx.database.afterCommit.stats.notices;
    });
    expect(duringWork).toBe(start);
    expect(await before()).toBe(start + 2);
  });

  it('is not seen by other connections before it commits (PostgreSQL), and frees its connection after', {
    tags: ['postgres'],
  }, async () => {
    await clear();
    if (t.ctx.database.kind === 'postgres') {
      // Taken outside the work: what runs in it gets a pool connection of its own.
      const outside = AsyncLocalStorage.snapshot();
      let seenOutside: number[] | undefined;
      await inAmbientTransaction(db, async () => {
        await insert(db, 7);
        seenOutside = await outside(() => rows());
      });
      expect(seenOutside).toEqual([]);
      expect(await rows()).toEqual([7]);
    }
    // Work the unit left running after its end uses the pool again instead of a released connection.
    let late: Promise<unknown> | undefined;
    await inAmbientTransaction(db, async () => {
      late = new Promise((resolve) => setTimeout(resolve, 20)).then(() => insert(db, 8));
    });
    await late;
    expect(await rows()).toContain(8);
  });

  it('takes no connection before the first statement of the work (argon2 runs before it)', {
    tags: ['postgres'],
  }, async () => {
    await clear();
    const outside = AsyncLocalStorage.snapshot();
    await inAmbientTransaction(db, async () => {
      // On the embedded database (one connection) a connection held here would make this wait forever.
      expect(await outside(() => rows())).toEqual([]);
      await insert(db, 9);
    });
    expect(await rows()).toEqual([9]);
  });

  it('refuses an isolation level for a transaction inside it', async () => {
    await expect(
      inAmbientTransaction(db, () =>
        db
          .transaction()
          .setIsolationLevel('serializable')
          .execute(async () => 1),
      ),
    ).rejects.toThrow(/isolation level/);
  });
});
