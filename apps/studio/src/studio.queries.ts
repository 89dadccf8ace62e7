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
