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
    .select(['count', 'window_started_at', 'locked_until'])
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
