import { sql } from 'kysely';
import type { Conn } from '../../db/database';

export type LedgerName = 'money' | 'points';

export async function insertCheck(
  db: Conn,
  row: { ledger: LedgerName; at: Date; ok: boolean; violations: number; durationMs: number; error: string | null },
): Promise<void> {
  await db
    .insertInto('ledger_checks')
    .values({
      ledger: row.ledger,
      at: row.at,
      ok: row.ok,
      violations: row.violations,
      duration_ms: row.durationMs,
      error: row.error,
    })
    .execute();
}

export async function pruneChecks(db: Conn, before: Date): Promise<void> {
  await db.deleteFrom('ledger_checks').where('at', '<', before).execute();
}

/** The newest check of each ledger that has one. */
export async function latestChecks(db: Conn) {
  const { rows } = await sql<{ ledger: LedgerName; at: Date | string; ok: boolean; violations: number }>`
    SELECT DISTINCT ON (ledger) ledger, at, ok, violations
    FROM ledger_checks ORDER BY ledger, id DESC`.execute(db);
  return rows;
}
