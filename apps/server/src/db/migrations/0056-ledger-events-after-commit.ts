import { type Kysely, sql } from 'kysely';
import { ledgerPostBatchFunction0012 } from './0012-ledger-post-batch';
import { ledgerPostFunction0033 } from './0033-app-clock';
import { runStatements } from './run-statements';
import { withEdits } from './sql-edits';

// Balance events leave the posting's transaction (docs/scaling.md "The disk flush and NOTIFY").
// A transaction that has called pg_notify holds one cluster-wide lock from its commit's start until
// the commit is done, and with synchronous_commit on that includes the WAL flush: every posting in
// its own transaction committed one at a time (pgbench with fsync on, 16 clients: 140 to 216
// postings a second, against about 1,100 without the notify). Now:
// - ledger_apply does ledger_post's work and answers the balance events (the same JSON payloads)
//   instead of sending them. The ledger selects them under the column names the database layer
//   sends after the caller's transaction commits (db/after-commit.ts): from a transaction that
//   writes nothing, so its commit needs no flush, several commits' events in one statement.
// - ledger_post keeps its signature and results: it calls ledger_apply and sends the events with
//   pg_notify itself, for the vendor functions that call it inside their one statement (migrations
//   0054 and 0055), whose batches already share one commit.
// - ledger_post_batch (lone postings' group commit, and postMany in the caller's transaction)
//   answers each posting's events too, and no longer takes a channel.
// - A transfer's activity event (migration 0034: the member the money left, for the rewards
//   engine) is written by ledger_apply, which has the entries in hand, instead of a deferred
//   constraint trigger that read them back at commit: one statement less per transfer, and no
//   deferred trigger queue. The trigger function's ledger_postings branch is no longer reached.

const postingArgs = `
  p_key text,
  p_type text,
  p_reference text,
  p_fingerprint text,
  p_codes text[],
  p_amounts bigint[],
  p_held bigint[],
  p_kinds text[],
  p_members bigint[],
  p_currencies text[]`;

/** ledger_apply as this migration creates it (0064 replaces it from this text). */
export const ledgerApply = withEdits('0056', ledgerPostFunction0033, [
  ['CREATE OR REPLACE FUNCTION ledger_post(', 'CREATE FUNCTION ledger_apply('],
  ['  p_currencies text[],\n  p_channel text,\n', '  p_currencies text[],\n'],
  ['  OUT balances bigint[]\n', '  OUT balances bigint[],\n  OUT balance_events text[]\n'],
  ['  refused boolean := false;\n', '  refused boolean := false;\n  mover bigint;\n  moved bigint;\n'],
  [
    '    ids := ids || acc.id;\n',
    `    ids := ids || acc.id;
    IF mover IS NULL AND acc.member_id IS NOT NULL AND p_amounts[i] < 0 THEN
      mover := acc.member_id;
      moved := -p_amounts[i];
    END IF;
`,
  ],
  [
    `      FOR k IN 1..cardinality(events) LOOP
        PERFORM pg_notify(p_channel, events[k]);
      END LOOP;
`,
    `      IF mover IS NOT NULL AND (p_type = 'wallet-transfer' OR p_type LIKE 'transfer.%') THEN
        INSERT INTO activity_events (kind, member_id, amount, reference, data)
        VALUES ('transfer', mover, moved, p_reference, jsonb_build_object('type', p_type));
      END IF;
      balance_events := events;
`,
  ],
]);

const ledgerPost = `
CREATE OR REPLACE FUNCTION ledger_post(${postingArgs},
  p_channel text,
  OUT status text,
  OUT posting_id bigint,
  OUT codes text[],
  OUT balances bigint[]
) LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
BEGIN
  SELECT * INTO r FROM ledger_apply(p_key, p_type, p_reference, p_fingerprint, p_codes, p_amounts, p_held,
    p_kinds, p_members, p_currencies);
  PERFORM pg_notify(p_channel, e) FROM unnest(r.balance_events) AS e;
  status := r.status;
  posting_id := r.posting_id;
  codes := r.codes;
  balances := r.balances;
END
$fn$`;

// 0012's loop and locks, with ledger_apply in place of ledger_post, and each posting's events.
const ledgerPostBatch = withEdits('0056 ledger_post_batch', ledgerPostBatchFunction0012, [
  ['  p_currencies text[],\n  p_channel text\n)', '  p_currencies text[]\n)'],
  [
    'RETURNS TABLE (ord int, status text, posting_id bigint, codes text[], balances bigint[])',
    'RETURNS TABLE (ord int, status text, posting_id bigint, codes text[], balances bigint[], balance_events text[])',
  ],
  ['SELECT * INTO r FROM ledger_post(', 'SELECT * INTO r FROM ledger_apply('],
  ['p_members[a:b], p_currencies[a:b],\n      p_channel);', 'p_members[a:b], p_currencies[a:b]);'],
  ['    balances := r.balances;\n', '    balances := r.balances;\n    balance_events := r.balance_events;\n'],
]);

const oldBatchSignature =
  'ledger_post_batch(text[], text[], text[], text[], int[], text[], bigint[], bigint[], text[], bigint[], text[], text)';
const newBatchSignature =
  'ledger_post_batch(text[], text[], text[], text[], int[], text[], bigint[], bigint[], text[], bigint[], text[])';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerApply).execute(db);
  await sql.raw(ledgerPost).execute(db);
  await sql.raw(`DROP FUNCTION ${oldBatchSignature}`).execute(db);
  await sql.raw(ledgerPostBatch).execute(db);
  await runStatements(db, 'DROP TRIGGER ledger_postings_transfer_activity ON ledger_postings;');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `CREATE CONSTRAINT TRIGGER ledger_postings_transfer_activity AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.type = 'wallet-transfer' OR NEW.type LIKE 'transfer.%') EXECUTE FUNCTION activity_event_record();
    DROP FUNCTION ${newBatchSignature};`,
  );
  await sql.raw(ledgerPostBatchFunction0012).execute(db);
  await sql.raw(ledgerPostFunction0033).execute(db);
  await runStatements(db, `DROP FUNCTION ledger_apply(${postingArgs.replace(/p_\w+ /g, '')});`);
}
