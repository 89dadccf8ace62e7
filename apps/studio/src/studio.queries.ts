import { sql } from 'kysely';
import type { StudioDb } from './kit/db/database';

/** The smallest statement, for a readiness probe: it fails when the database cannot be reached. */
export function pingDatabase(db: StudioDb) {
  return sql`SELECT 1`.execute(db);
}

/** The newest crash round, every column (Kysely's NoResultError before the first round). */
export function newestCrashRoundRow(db: StudioDb) {
  return db.selectFrom('studio_crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/**
 * What the studio owes the wallet and has not delivered yet, by product: wins and refunds of rounds,
 * tickets and bets (settling, rolling back), card-room transfers, sportsbook moves; how many and when
 * the oldest was written. Each read goes through its table's partial index of owed rows.
 */
export async function owedWork(db: StudioDb) {
  const { rows } = await sql<{ product: string; n: string | number; oldest: Date | string | null }>`
    SELECT 'casino' AS product, count(*) AS n, min(created_at) AS oldest FROM (
      SELECT created_at FROM studio_rounds WHERE status IN ('settling', 'rolling_back')
      UNION ALL SELECT created_at FROM studio_lottery_tickets WHERE status IN ('settling', 'rolling_back')
      UNION ALL SELECT created_at FROM studio_crash_bets WHERE status IN ('settling', 'rolling_back')
      UNION ALL SELECT created_at FROM studio_table_bets WHERE status IN ('settling', 'rolling_back')
    ) casino
    UNION ALL
    SELECT 'cardroom', count(*), min(created_at) FROM studio_pvp_transfers WHERE status IN ('pending', 'rolling_back')
    UNION ALL
    SELECT 'sportsbook', count(*), min(created_at) FROM studio_sb_moves WHERE status = 'due'`.execute(db);
  return rows.map((r) => ({ product: r.product, owed: Number(r.n), oldest: r.oldest }));
}
