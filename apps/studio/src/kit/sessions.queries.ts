import { type Insertable, sql } from 'kysely';
import type { StudioDb } from './db/database';
import type { StudioSessionsTable } from './db/schema';

/** What a session is (never changes once written) and whether it has ended, by its token's hash. */
export function sessionRowByTokenHash(db: StudioDb, tokenHash: string) {
  return db
    .selectFrom('studio_sessions')
    .select(['id', 'mode', 'vendor', 'game_code', 'player', 'currency', 'language', 'lobby_url', 'device', 'ended_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Writes a session's row unless its token's hash has one already. */
export async function insertSessionUnlessKnown(db: StudioDb, row: Insertable<StudioSessionsTable>): Promise<void> {
  await db
    .insertInto('studio_sessions')
    .values(row)
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** Marks ended at `now` the sessions of these token hashes not ended yet. */
export async function markSessionsEnded(db: StudioDb, tokenHashes: readonly string[], now: Date): Promise<void> {
  await db
    .updateTable('studio_sessions')
    .set({ ended_at: now })
    .where('token_hash', 'in', [...tokenHashes])
    .where('ended_at', 'is', null)
    .execute();
}

/** How many sessions these token hashes name. */
export async function countSessionsByTokenHash(db: StudioDb, tokenHashes: readonly string[]): Promise<number> {
  const known = await db
    .selectFrom('studio_sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('token_hash', 'in', [...tokenHashes])
    .executeTakeFirstOrThrow();
  return Number(known.n);
}

/** The sessions ended at or after `since`, the oldest end first (at most `limit`). */
export function sessionsEndedSince(db: StudioDb, since: Date, limit: number) {
  return db
    .selectFrom('studio_sessions')
    .select(['token_hash', 'ended_at'])
    .where('ended_at', '>=', since)
    .orderBy('ended_at')
    .limit(limit)
    .execute();
}

/** A trial session's demo balance, minor units. */
export async function demoBalanceOf(db: StudioDb, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('studio_sessions')
    .select('demo_balance')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.demo_balance;
}

/**
 * Takes `amount` from the session's demo balance when it holds that much (and with `seenAt`, marks
 * it seen); answers the balance after, none when the balance is short.
 */
export function debitDemoBalance(db: StudioDb, sessionId: number, amount: number, seenAt?: Date) {
  return db
    .updateTable('studio_sessions')
    .set({ demo_balance: sql`demo_balance - ${amount}`, ...(seenAt ? { last_seen_at: seenAt } : {}) })
    .where('id', '=', sessionId)
    .where('demo_balance', '>=', amount)
    .returning('demo_balance')
    .executeTakeFirst();
}

/** Locks a trial session's row and answers its demo balance (a debit that takes what it holds). */
export async function lockDemoBalance(db: StudioDb, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('studio_sessions')
    .select('demo_balance')
    .where('id', '=', sessionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.demo_balance;
}

/** Adds `amount` to a trial session's demo balance (a win, a refund; negative takes); answers the balance after. */
export async function creditDemoBalance(db: StudioDb, sessionId: number, amount: number): Promise<number> {
  const row = await db
    .updateTable('studio_sessions')
    .set({ demo_balance: sql`demo_balance + ${amount}` })
    .where('id', '=', sessionId)
    .returning('demo_balance')
    .executeTakeFirstOrThrow();
  return row.demo_balance;
}
