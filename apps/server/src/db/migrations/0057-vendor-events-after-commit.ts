import { type Kysely, sql } from 'kysely';
import { dropVendorCallFunctions, vendorBet, vendorCallBatch, vendorWin } from './0055-vendor-call-function';
import { withEdits } from './sql-edits';

// Vendor bets and wins answer their balance events instead of sending them (as wallet postings do
// since migration 0056): a batch of vendor calls is one transaction, and one that had called
// pg_notify held the cluster-wide notify lock through its commit and WAL flush, so with
// synchronous_commit on the call batcher's lanes (one per house-account shard) committed one after
// another instead of sharing flushes. vendor_bet and vendor_win post through ledger_apply and answer
// balance_events; vendor_call_batch answers each call's. The gateway selects them as after-commit
// notifications (db/after-commit.ts). p_channel stays in the signatures, unused inside: the gateway
// names the channel in the columns it selects.

export const withEvents = (label: string, text: string) =>
  withEdits(label, text, [
    [
      '  OUT answer_balance bigint\n) LANGUAGE',
      '  OUT answer_balance bigint,\n  OUT balance_events text[]\n) LANGUAGE',
    ],
    [
      `  SELECT * INTO posted FROM ledger_post(p_key, p_type, p_reference, p_fingerprint, p_codes, p_amounts, p_held,
    p_kinds, p_members, p_currencies, p_channel);`,
      `  SELECT * INTO posted FROM ledger_apply(p_key, p_type, p_reference, p_fingerprint, p_codes, p_amounts, p_held,
    p_kinds, p_members, p_currencies);
  balance_events := posted.balance_events;`,
    ],
  ]);

export const callBatchWithEvents = withEdits('0057 vendor_call_batch', vendorCallBatch, [
  [
    'RETURNS TABLE(ord int, outcome text, answer_status text, answer_balance bigint)',
    'RETURNS TABLE(ord int, outcome text, answer_status text, answer_balance bigint, balance_events text[])',
  ],
  [
    `      answer_balance := NULL;
      RETURN NEXT;`,
    `      answer_balance := NULL;
      balance_events := NULL;
      RETURN NEXT;`,
  ],
  [
    `    answer_balance := r.answer_balance;
    RETURN NEXT;`,
    `    answer_balance := r.answer_balance;
    balance_events := r.balance_events;
    RETURN NEXT;`,
  ],
]);

async function create(db: Kysely<unknown>, texts: string[]) {
  // Each is one statement (its body has semicolons at line ends, so not through runStatements).
  for (const text of texts) await sql.raw(text).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropVendorCallFunctions(db);
  await create(db, [
    withEvents('0057 vendor_bet', vendorBet),
    withEvents('0057 vendor_win', vendorWin),
    callBatchWithEvents,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropVendorCallFunctions(db);
  await create(db, [vendorBet, vendorWin, vendorCallBatch]);
}
