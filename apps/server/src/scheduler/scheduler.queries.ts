import { sql } from 'kysely';
import type { Conn, Db } from '../db/database';

export async function periodDone(db: Conn, name: string, periodStart: Date) {
  const row = await db
    .selectFrom('job_runs')
    .select('name')
    .where('name', '=', name)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markPeriodDone(db: Conn, name: string, periodStart: Date, now: Date) {
  await db
    .insertInto('job_runs')
    .values({ name, period_start: periodStart, finished_at: now })
    .onConflict((oc) => oc.columns(['name', 'period_start']).doNothing())
    .execute();
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on `key`, on one pinned connection
 * (the lock belongs to the connection). Returns false without running when another node holds it.
 */
export async function withAdvisoryLock(db: Db, key: string, work: () => Promise<void>): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(hashtextextended(${key}, 0)) AS locked`.execute(conn);
    if (!got.rows[0]?.locked) return false;
    try {
      await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(conn);
    }
    return true;
  });
}

/** Finished periods are only needed while a period can still be raced; older rows go. */
export async function pruneRuns(db: Conn, name: string, before: Date) {
  await db.deleteFrom('job_runs').where('name', '=', name).where('period_start', '<', before).execute();
}
