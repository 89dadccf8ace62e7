import { type Kysely, sql } from 'kysely';

// The bet path (docs/benchmarks.md "Vendor wallet API"):
// - ledger_entries_posting: the transfer activity trigger (migration 0034) reads a posting's entries
//   by posting_id at every member transfer's commit; without this index each read scanned the whole
//   ledger (10 ms per transfer at a few hundred thousand entries, growing with the ledger).
// - vendor_post_bet / vendor_post_win: a vendor call's round and transaction records and then its
//   posting (ledger_post, unchanged) in one statement, so the writes that must commit with the
//   posting cost one round trip instead of two. The posting stays the last write (it locks a shared
//   house account row); the arguments after the record's are ledger_post's, as the ledger builds them.
const postArgs = `
  p_key text,
  p_type text,
  p_reference text,
  p_fingerprint text,
  p_codes text[],
  p_amounts bigint[],
  p_held bigint[],
  p_kinds text[],
  p_members bigint[],
  p_currencies text[],
  p_channel text,
  OUT status text,
  OUT posting_id bigint,
  OUT codes text[],
  OUT balances bigint[]`;

const postCall = `SELECT * INTO status, posting_id, codes, balances FROM ledger_post(p_key, p_type, p_reference,
    p_fingerprint, p_codes, p_amounts, p_held, p_kinds, p_members, p_currencies, p_channel)`;

const postBet = `
CREATE FUNCTION vendor_post_bet(
  p_vendor text,
  p_round text,
  p_member bigint,
  p_node bigint,
  p_game_code text,
  p_game_type text,
  p_currency text,
  p_transaction text,
  p_amount bigint,
  p_details_hash text,
  p_balance_after bigint,
  p_bonus bigint,${postArgs}
) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM vendor_record_bet(p_vendor, p_round, p_member, p_node, p_game_code, p_game_type, p_currency,
    p_transaction, p_amount, p_details_hash, p_balance_after, p_bonus);
  ${postCall};
END
$fn$`;

const postWin = `
CREATE FUNCTION vendor_post_win(
  p_vendor text,
  p_round text,
  p_member bigint,
  p_transaction text,
  p_amount bigint,
  p_bet_transaction text,
  p_details_hash text,
  p_balance_after bigint,
  p_close boolean,
  p_bonus bigint,${postArgs}
) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM vendor_record_win(p_vendor, p_round, p_member, p_transaction, p_amount, p_bet_transaction,
    p_details_hash, p_balance_after, p_close, p_bonus);
  ${postCall};
END
$fn$`;

const ledgerArgTypes = 'text, text, text, text, text[], bigint[], bigint[], text[], bigint[], text[], text';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('CREATE INDEX ledger_entries_posting ON ledger_entries (posting_id, id)').execute(db);
  await sql.raw(postBet).execute(db);
  await sql.raw(postWin).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP FUNCTION vendor_post_win(text, text, bigint, text, bigint, text, text, bigint, boolean, bigint, ${ledgerArgTypes})`,
    )
    .execute(db);
  await sql
    .raw(
      `DROP FUNCTION vendor_post_bet(text, text, bigint, bigint, text, text, text, text, bigint, text, bigint, bigint, ${ledgerArgTypes})`,
    )
    .execute(db);
  await sql.raw('DROP INDEX ledger_entries_posting').execute(db);
}
