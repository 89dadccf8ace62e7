import { type Kysely, sql } from 'kysely';
import { vendorCallContext0016 } from './0016-vendor-call-context-index-scans';
import { runStatements } from './run-statements';
import { withEdits } from './sql-edits';

// A refused bet left no record, so the same transactionId sent again after the player deposited
// (or was enabled again) was accepted: a late duplicate of a bet the vendor counted as refused took
// the player's money. api-conventions: a repeat returns the first answer. vendor_bet_refusals keeps
// each refused bet (its details hash and the answer given); the gateway writes it in the call's
// transaction instead of rolling back, and answers a repeat from it: the same details get the same
// refusal, other details (or another kind of call with that id) ERROR_DUPLICATE_TRANSACTION.
// Refused wins and rollbacks are not kept: the vendor retries those until they are accepted.
//
// vendor_call_context (as 0016) also returns the refusal recorded for the call's own transactionId
// (one more probe of a primary key in the same round trip), so a money call still reads everything
// it checks at once. No money moves for a refusal, so reconciliation does not read this table.
const table = `
CREATE TABLE vendor_bet_refusals (
  vendor_code text NOT NULL REFERENCES vendors(code),
  transaction_id text NOT NULL,
  round_id text NOT NULL,
  -- the player the vendor named (not checked against members: an unknown player is refused too)
  player_id bigint NOT NULL,
  amount bigint NOT NULL,
  -- SHA-256 of the bet's identifying details, as vendor_transactions.details_hash
  details_hash text NOT NULL,
  -- the answer given: an ERROR_* status and the balance it carried
  status text NOT NULL,
  balance bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, transaction_id)
);`;

// 0016's function with the recorded refusal added: three result columns, their select list and the
// join on the call's own transactionId.
const EDITS: [from: string, to: string][] = [
  ['  known json\n', '  known json,\n  refusal_hash text,\n  refusal_status text,\n  refusal_balance bigint\n'],
  [
    'AND k.transaction_id IS DISTINCT FROM p_other_id) AS t)\n',
    'AND k.transaction_id IS DISTINCT FROM p_other_id) AS t),\n         f.details_hash, f.status, f.balance\n',
  ],
  [
    '  LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor;\n',
    '  LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor\n' +
      '  LEFT JOIN vendor_bet_refusals f ON f.vendor_code = p_vendor AND f.transaction_id = p_transaction_id;\n',
  ],
];

export const vendorCallContext0018 = withEdits('0018', vendorCallContext0016, EDITS);

const signature = 'vendor_call_context(text[], text, bigint, text, text, text, text, text, text, text)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, table);
  // The result columns change, so the function is dropped and created again (same arguments).
  await sql.raw(`DROP FUNCTION ${signature}`).execute(db);
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(vendorCallContext0018).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP FUNCTION ${signature}`).execute(db);
  await sql.raw(vendorCallContext0016).execute(db);
  await runStatements(db, 'DROP TABLE vendor_bet_refusals;');
}
