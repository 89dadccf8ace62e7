import { type Kysely, sql } from 'kysely';

// The vendor API benchmark: a bet's or a win's own writes (the round and the transaction row) as one call
// each. Sent as SQL text, the statement was parsed and planned by PostgreSQL on every call; in
// PL/pgSQL the plans are prepared once per connection, as ledger_post's are (migration 0010).
// - vendor_record_bet: creates the round (or raises its bet amount when the vendor bets again in
//   it) and inserts the bet's transaction row.
// - vendor_record_win: adds the win to the round (closing it when asked) and inserts the win's row.
// A second delivery of a transactionId breaks vendor_transactions' unique key (23505), as the
// plain INSERT did; the caller's transaction then rolls back.
const recordBet = `
CREATE FUNCTION vendor_record_bet(
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
  p_balance_after bigint
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO vendor_rounds AS r (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_amount)
  VALUES (p_vendor, p_round, p_member, p_node, p_game_code, p_game_type, p_currency, p_amount)
  ON CONFLICT (vendor_code, round_id) DO UPDATE SET bet_amount = r.bet_amount + p_amount;
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status, balance_after)
  VALUES (p_vendor, p_transaction, 'bet', p_round, p_member, p_amount, NULL, p_details_hash, 'ok', p_balance_after);
END
$fn$`;

const recordWin = `
CREATE FUNCTION vendor_record_win(
  p_vendor text,
  p_round text,
  p_member bigint,
  p_transaction text,
  p_amount bigint,
  p_bet_transaction text,
  p_details_hash text,
  p_balance_after bigint,
  p_close boolean
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_close THEN
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount, status = 'closed', closed_at = now()
     WHERE vendor_code = p_vendor AND round_id = p_round;
  ELSE
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount
     WHERE vendor_code = p_vendor AND round_id = p_round;
  END IF;
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status, balance_after)
  VALUES (p_vendor, p_transaction, 'win', p_round, p_member, p_amount, p_bet_transaction, p_details_hash, 'ok', p_balance_after);
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement each (the bodies have semicolons at line ends, so not through runStatements).
  await sql.raw(recordBet).execute(db);
  await sql.raw(recordWin).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP FUNCTION vendor_record_bet(text, text, bigint, bigint, text, text, text, text, bigint, text, bigint)')
    .execute(db);
  await sql
    .raw('DROP FUNCTION vendor_record_win(text, text, bigint, text, bigint, text, text, bigint, boolean)')
    .execute(db);
}
