import { sql } from 'kysely';
import type { Conn } from '../../db/database';

/**
 * One atomic statement per hit, so several nodes counting the same key never lose a count: the
 * window restarts when it has passed, otherwise the count goes up by one.
 */
export async function hitCounter(db: Conn, key: string, now: Date, windowSeconds: number) {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  return db
    .insertInto('rate_limits')
    .values({ key, window_started_at: now, count: 1, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limits.window_started_at <= ${windowStart} THEN 1 ELSE rate_limits.count + 1 END`,
        window_started_at: sql`CASE WHEN rate_limits.window_started_at <= ${windowStart} THEN ${now}::timestamptz ELSE rate_limits.window_started_at END`,
      }),
    )
    .returning(['count', 'window_started_at', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export function readCounter(db: Conn, key: string) {
  return db
    .selectFrom('rate_limits')
    .select(['count', 'spent', 'window_started_at', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function lockCounter(db: Conn, key: string, until: Date) {
  await db.updateTable('rate_limits').set({ locked_until: until }).where('key', '=', key).execute();
}

export async function clearCounter(db: Conn, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteStaleCounters(db: Conn, before: Date) {
  await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .execute();
}

/**
 * Takes the next slot of `key`, or nothing when `max` slots of the current window are taken or the
 * key is locked. The guard and the increment are one row update (the conflicting row is locked while
 * it is evaluated), so callers in parallel, on any node, never take more than `max` slots. A window
 * that has passed, or a lock that has ended, starts over at slot 1.
 */
export function takeSlot(db: Conn, key: string, now: Date, windowSeconds: number, max: number) {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const over = sql<boolean>`(rate_limits.window_started_at <= ${windowStart} OR COALESCE(rate_limits.locked_until <= ${now}, false))`;
  return db
    .insertInto('rate_limits')
    .values({ key, window_started_at: now, count: 1, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql`CASE WHEN ${over} THEN 1 ELSE rate_limits.count + 1 END`,
          spent: sql`CASE WHEN ${over} THEN 0 ELSE rate_limits.spent END`,
          window_started_at: sql`CASE WHEN ${over} THEN ${now}::timestamptz ELSE rate_limits.window_started_at END`,
          locked_until: sql`CASE WHEN ${over} THEN NULL ELSE rate_limits.locked_until END`,
        })
        .where(sql<boolean>`${over} OR (rate_limits.locked_until IS NULL AND rate_limits.count < ${max})`),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirst();
}

/** Gives a slot back; nothing happens once the window it was taken in has restarted. */
export async function releaseSlot(db: Conn, key: string, windowStartedAt: Date) {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`rate_limits.count - 1` })
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('count', '>', 0)
    .execute();
}

/**
 * Marks a slot's attempt as failed and answers the counter's failures, this one included; nothing
 * happens once the window it was taken in has restarted, and then it answers 0.
 */
export async function spendSlot(db: Conn, key: string, windowStartedAt: Date): Promise<number> {
  const row = await db
    .updateTable('rate_limits')
    .set({ spent: sql`least(rate_limits.spent + 1, rate_limits.count)` })
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .returning('spent')
    .executeTakeFirst();
  return row ? Number(row.spent) : 0;
}
