import { sql } from 'kysely';
import type { Conn } from './database';

// Jobs that look for rows written since their last pass find them by the time each was recorded at,
// which a transaction stamps before it commits: a pass must look back at least as far as the oldest
// transaction still running when the previous pass looked.

/**
 * How long the oldest transaction of the site's clients still running on this database (other than
 * this one) has run, in ms; 0 when none (PGlite's one connection).
 */
export async function oldestOpenTransactionMs(db: Conn): Promise<number> {
  const r = await sql<{ ms: number | string | null }>`
    SELECT extract(epoch FROM (clock_timestamp() - min(xact_start))) * 1000 AS ms
      FROM pg_stat_activity
     WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid() AND datname = current_database()
       AND backend_type = 'client backend'`.execute(db);
  return Math.max(0, Number(r.rows[0]?.ms ?? 0));
}

/**
 * Where the pass after one at `stamp` looks for changes from: `marginMs` before it, or the age of
 * the oldest transaction running now (and a second) when that is longer.
 */
export async function changesFrom(db: Conn, stamp: Date, marginMs: number): Promise<Date> {
  const open = await oldestOpenTransactionMs(db);
  return new Date(stamp.getTime() - Math.max(marginMs, open + 1_000));
}
