import { type Kysely, sql } from 'kysely';

// Group commit for postings that are their unit of work's only write (ledger.postAlone; the
// ledger benchmark). At 64 concurrent clients one posting per transaction spent most of PostgreSQL's time
// per posting on what every transaction pays (the round trip, parse, the commit and, for notifying
// transactions, the cluster-wide notify lock that makes their commits go one at a time). Node now
// queues concurrent postAlone calls and sends them as one call of ledger_post_batch: one
// transaction, one commit and one notify lock for the lot.
//
// Each posting of the batch runs ledger_post exactly as alone, in batch order, so its outcome
// (posted, replayed, conflict, insufficient) is the one it would have had in that serial order;
// a refused posting undoes only its own updates. A posting that raises an error (not a refusal)
// aborts the batch; Node then runs each posting of that batch alone, so one bad posting cannot
// fail its neighbours.
//
// Locks: before the first posting, the batch locks every existing account row it will update in
// code order (COLLATE "C", the order Node sorts codes in for single postings). A batch therefore
// waits like one big posting and cannot deadlock with another batch or with a single posting.
// Accounts created by the batch are new rows nobody else holds.
//
// p_starts has one element per posting plus one: posting i owns entries p_starts[i] up to
// p_starts[i + 1] - 1 of the entry arrays (1-based).
/** The function as this migration creates it (0056 derives its version from this text). */
export const ledgerPostBatchFunction0012 = `
CREATE FUNCTION ledger_post_batch(
  p_keys text[],
  p_types text[],
  p_references text[],
  p_fingerprints text[],
  p_starts int[],
  p_codes text[],
  p_amounts bigint[],
  p_held bigint[],
  p_kinds text[],
  p_members bigint[],
  p_currencies text[],
  p_channel text
) RETURNS TABLE (ord int, status text, posting_id bigint, codes text[], balances bigint[])
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  a int;
  b int;
BEGIN
  IF cardinality(p_starts) <> cardinality(p_keys) + 1 OR p_starts[cardinality(p_starts)] <> cardinality(p_codes) + 1 THEN
    RAISE EXCEPTION 'ledger_post_batch: p_starts does not match the postings and entries';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE code = ANY(p_codes) ORDER BY code COLLATE "C" FOR UPDATE;
  FOR i IN 1..cardinality(p_keys) LOOP
    a := p_starts[i];
    b := p_starts[i + 1] - 1;
    SELECT * INTO r FROM ledger_post(
      p_keys[i], p_types[i], p_references[i], p_fingerprints[i],
      p_codes[a:b], p_amounts[a:b], p_held[a:b], p_kinds[a:b], p_members[a:b], p_currencies[a:b],
      p_channel);
    ord := i;
    status := r.status;
    posting_id := r.posting_id;
    codes := r.codes;
    balances := r.balances;
    RETURN NEXT;
  END LOOP;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPostBatchFunction0012).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP FUNCTION ledger_post_batch(text[], text[], text[], text[], int[], text[], bigint[], bigint[], text[], bigint[], text[], text)',
    )
    .execute(db);
}
