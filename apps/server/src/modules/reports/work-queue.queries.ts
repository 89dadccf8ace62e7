import type { WorkSourceName } from '@gamehall/shared/api/work-queue';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';

// The "work to do" panel reads what waits in other areas' tables (cashier orders and bank
// accounts, balance adjustments, KYC documents, chats, feedback, agent statements, risk links and
// flags), only to count it, like the dashboard's pending counters (reports.queries.ts says why a
// view reads them here).
// Each count and its oldest time come from a partial index on the waiting rows (migrations 0024,
// 0050, 0066, 0098 and 0099), so the panel costs a few index reads however large the tables grow.

/** One source's count and the time its oldest waiting item arrived, as one row. */
const COUNTS: Record<WorkSourceName, RawBuilder<unknown>> = {
  // Bank transfers wait for an operator; a gateway's pending order waits for the gateway.
  deposits: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM deposit_orders WHERE status = 'pending' AND method_kind = 'bank_transfer'`,
  withdrawals: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM withdrawal_orders WHERE status = 'pending'`,
  bankAccounts: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM member_bank_accounts WHERE status = 'pending'`,
  adjustments: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM balance_adjustments WHERE status = 'pending'`,
  kycDocuments: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM kyc_documents WHERE status = 'pending'`,
  // Queued: waiting for an operator to take it (an active chat already has one).
  chats: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM chat_conversations WHERE state = 'queued'`,
  feedback: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM feedback WHERE status = 'open'`,
  // Held statements wait for a release, except the ones an operator keeps back on purpose
  // (contract_statement_holds): those were decided, and come back when the hold is taken off.
  heldStatements: sql`SELECT count(*)::int AS n, min(s.created_at) AS oldest FROM contract_statements s WHERE s.status = 'held' AND NOT EXISTS (SELECT 1 FROM contract_statement_holds h WHERE h.statement_id = s.id)`,
  // Links an operator has not confirmed or dismissed, and abuse flags still open (docs/risk.md).
  riskLinks: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM risk_links WHERE status = 'pending'`,
  riskFlags: sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM risk_flags WHERE status = 'open'`,
};

export type WorkCountRow = { source: WorkSourceName; n: number; oldest: Date | string | null };

/** The counts of `sources`, in one round trip. */
export async function workCounts(db: Conn, sources: readonly WorkSourceName[]): Promise<WorkCountRow[]> {
  if (sources.length === 0) return [];
  const parts = sources.map(
    (source) => sql`SELECT ${source}::text AS source, c.n, c.oldest FROM (${COUNTS[source]}) c`,
  );
  const r = await sql<WorkCountRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return r.rows;
}
