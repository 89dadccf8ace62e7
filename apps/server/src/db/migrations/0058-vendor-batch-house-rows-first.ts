import { type Kysely, sql } from 'kysely';
import { callBatchWithEvents } from './0057-vendor-events-after-commit';
import { withEdits } from './sql-edits';

// A batch of vendor calls makes the house rows it books on that do not exist yet (a vendor's shard
// rows on its first bets) before it locks any account row, in code order. It used to lock the rows
// that exist (members' cash, in code order) and make missing ones inside its calls: a lone call on
// another connection that was making the same house row (house codes sort before member codes, so
// a posting makes its house row first) then waited for a member row the batch held, while the
// batch waited for that house row's insert to commit: a deadlock, which PostgreSQL broke after
// deadlock_timeout by failing one side. Now the batch waits for such an insert while it holds no row,
// and two batches make their missing rows in the same order. Only house rows: a member's account is
// made by its own posting, which a refusal undoes along with the row.

const callBatchHouseRowsFirst = withEdits('0058 vendor_call_batch', callBatchWithEvents, [
  [
    `  PERFORM 1 FROM ledger_accounts WHERE code = ANY(p_codes) ORDER BY code COLLATE "C" FOR UPDATE;`,
    `  INSERT INTO ledger_accounts (code, kind, member_id, currency, allow_negative)
    SELECT e.code, min(e.kind), NULL, min(e.currency), true
    FROM unnest(p_codes, p_entry_kinds, p_entry_members, p_entry_currencies) AS e(code, kind, member, currency)
    WHERE e.member IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = e.code)
    GROUP BY e.code
    ORDER BY e.code COLLATE "C"
    ON CONFLICT (code) DO NOTHING;
  PERFORM 1 FROM ledger_accounts WHERE code = ANY(p_codes) ORDER BY code COLLATE "C" FOR UPDATE;`,
  ],
]);

const dropCallBatch =
  'DROP FUNCTION vendor_call_batch(text[], text[], text[], text[], timestamptz[], text[], text[], text[], text[], text[], boolean[], bigint[], text[], text[], text[], text[], bigint[], text[], boolean[], boolean[], text[], text[], text[], text[], text[], int[], text[], bigint[], bigint[], text[], bigint[], text[], text)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(dropCallBatch).execute(db);
  await sql.raw(callBatchHouseRowsFirst).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(dropCallBatch).execute(db);
  await sql.raw(callBatchWithEvents).execute(db);
}
