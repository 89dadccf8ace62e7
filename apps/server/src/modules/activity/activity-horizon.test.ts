// postgres: a writing transaction on another connection holds the consumers back, and the pool's idle-in-transaction bound ends a hung one
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../db/database';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  type ActivityConsumer,
  type ActivityEvent,
  activityBacklog,
  consumeActivity,
  drainActivity,
  registerActivityConsumer,
  unregisterActivityConsumer,
} from './activity-bus';

// Consumers read an event only once every transaction older than its own has ended
// (pg_snapshot_xmin), so one writing transaction left open anywhere holds all of them back. The
// bound is PostgreSQL's idle_in_transaction_session_timeout on the server's writing pools
// (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS); this file sets it to 1.5 s to see it act.

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
let t: TestApp;
const seen: number[] = [];
const consumer: ActivityConsumer = {
  name: `horizon-${randomBytes(4).toString('hex')}`,
  kinds: ['transfer'],
  async handle(_trx: Trx, event: ActivityEvent) {
    seen.push(event.memberId);
  },
};

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ dbIdleInTransactionTimeoutMs: 1_500 });
  registerActivityConsumer(consumer);
});
afterAll(async () => {
  unregisterActivityConsumer(consumer.name);
  if (onPostgres) await t.close();
});

/** An event committed now (the bus's table is what the triggers write). */
async function commitEvent(memberId: number) {
  await sql`INSERT INTO activity_events (kind, member_id, amount) VALUES ('transfer', ${memberId}, 1)`.execute(
    t.ctx.db,
  );
}

describe.skipIf(!onPostgres)('the snapshot horizon of the activity consumers', { tags: ['postgres'] }, () => {
  it('waits for a writing transaction that began before an event, and reads it once that ends', async () => {
    await drainActivity(t.ctx, consumer);
    const other = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()');
      const m = await createMember(t.ctx);
      await commitEvent(m.id);
      await consumeActivity(t.ctx, consumer);
      expect(seen).not.toContain(m.id);
      expect(await activityBacklog(t.ctx, consumer.name)).toBeGreaterThan(0);
      await other.query('COMMIT');
      await drainActivity(t.ctx, consumer);
      expect(seen.filter((id) => id === m.id)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it("ends one of the server's own transactions left idle past the bound, and the consumers go on", async () => {
    await drainActivity(t.ctx, consumer);
    let failure: unknown;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A request's transaction that wrote and then hung (waiting on something that never answers).
    const hung = t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_current_xact_id()`.execute(trx);
        await held;
        await sql`SELECT 1`.execute(trx);
      })
      .catch((err: unknown) => {
        failure = err;
      });
    const m = await createMember(t.ctx);
    await commitEvent(m.id);
    await consumeActivity(t.ctx, consumer);
    expect(seen).not.toContain(m.id);
    // PostgreSQL ends the idle session after 1.5 s; the consumer then reads the event.
    await drainActivity(t.ctx, consumer, 20_000);
    expect(seen.filter((id) => id === m.id)).toHaveLength(1);
    release();
    await hung;
    expect(String(failure)).toMatch(/idle-in-transaction|terminat|Connection|closed/i);
    // The pool replaced the ended connection: the server still reads and writes.
    const n = await createMember(t.ctx);
    await commitEvent(n.id);
    await drainActivity(t.ctx, consumer);
    expect(seen).toContain(n.id);
  });
});
