import { sql } from 'kysely';
import { inAmbientTransaction } from './ambient-transaction';
import type { Db, Trx } from './database';

/** Below this gap the application's clock is the wall clock (the database's now() serves). */
const MOVED_CLOCK_MS = 1000;

/**
 * When the application's clock has been moved (a test that advances time, or the demo's past play
 * at first start, docs/agents.md "Demo"), the rounds, vendor transactions and ledger postings this
 * transaction writes take that time instead of the database's now() (app_clock(), migration 0033).
 * With the wall clock it does nothing, so a running site pays no round trip for it.
 */
export async function followAppClock(trx: Trx, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - Date.now()) < MOVED_CLOCK_MS) return;
  await sql`SELECT set_config('gamehall.clock', ${now.toISOString()}, true)`.execute(trx);
}

/**
 * The value followAppClock would set for `now` (null with the wall clock), for a database function
 * that sets it itself inside its one statement (vendor_bet, migration 0055).
 */
export function movedClock(now: Date): string | null {
  return Math.abs(now.getTime() - Date.now()) < MOVED_CLOCK_MS ? null : now.toISOString();
}

/**
 * Runs `work` as one transaction that follows a moved clock: the services it calls keep opening
 * their own transactions on `db`, which join this one (ambient-transaction.ts), so every ledger
 * posting and activity event they write is dated `now` like a vendor call's (the demo's house
 * payments after its past play). With the wall clock it just runs `work`.
 */
export async function onAppClock<T>(db: Db, now: Date, work: () => Promise<T>): Promise<T> {
  const moved = movedClock(now);
  if (moved === null) return work();
  return inAmbientTransaction(db, async () => {
    await sql`SELECT set_config('gamehall.clock', ${moved}, true)`.execute(db);
    return work();
  });
}
