import { type Kysely, sql } from 'kysely';
import { ledgerPostFunction0010 } from './0010-ledger-post-function';
import { withEdits } from './sql-edits';

// The application's clock for the times of rounds and postings. A vendor's money call writes the
// round, its transaction rows and the ledger posting at the database's now(); when the application's
// clock has been moved (a test that advances time, or the demo's past play at first start, see
// docs/agents.md "Demo"), the call sets the transaction-local setting gamehall.clock to that time
// (db/app-clock.ts) and these writes take it instead. Unset, app_clock() is now(), so nothing
// changes for a running site.

const appClock = `
CREATE FUNCTION app_clock() RETURNS timestamptz LANGUAGE sql STABLE AS $fn$
  SELECT COALESCE(NULLIF(current_setting('gamehall.clock', true), '')::timestamptz, now())
$fn$`;

/** ledger_post as 0011 left it (its two edits of 0010's text). */
const ledgerPost0011 = withEdits('0033 (0011)', ledgerPostFunction0010, [
  ['CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'],
  ['ON CONFLICT (code) DO NOTHING', 'ON CONFLICT DO NOTHING'],
]);

/** ledger_post as this migration leaves it: the posting row is written at app_clock(). */
export const ledgerPostFunction0033 = withEdits('0033', ledgerPost0011, [
  [
    'INSERT INTO ledger_postings (idempotency_key, type, reference, fingerprint)',
    'INSERT INTO ledger_postings (idempotency_key, type, reference, fingerprint, created_at)',
  ],
  [
    'VALUES (p_key, p_type, p_reference, p_fingerprint)',
    'VALUES (p_key, p_type, p_reference, p_fingerprint, app_clock())',
  ],
]);

function recordBet(at: string) {
  return `
CREATE OR REPLACE FUNCTION vendor_record_bet(
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
  INSERT INTO vendor_rounds AS r
    (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_amount, created_at)
  VALUES (p_vendor, p_round, p_member, p_node, p_game_code, p_game_type, p_currency, p_amount, ${at})
  ON CONFLICT (vendor_code, round_id) DO UPDATE SET bet_amount = r.bet_amount + p_amount;
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status,
     balance_after, created_at)
  VALUES (p_vendor, p_transaction, 'bet', p_round, p_member, p_amount, NULL, p_details_hash, 'ok', p_balance_after,
     ${at});
END
$fn$`;
}

function recordWin(at: string) {
  return `
CREATE OR REPLACE FUNCTION vendor_record_win(
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
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount, status = 'closed', closed_at = ${at}
     WHERE vendor_code = p_vendor AND round_id = p_round;
  ELSE
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount
     WHERE vendor_code = p_vendor AND round_id = p_round;
  END IF;
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status,
     balance_after, created_at)
  VALUES (p_vendor, p_transaction, 'win', p_round, p_member, p_amount, p_bet_transaction, p_details_hash, 'ok',
     p_balance_after, ${at});
END
$fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement each (the bodies have semicolons at line ends, so not through runStatements).
  await sql.raw(appClock).execute(db);
  await sql.raw(ledgerPostFunction0033).execute(db);
  await sql.raw(recordBet('app_clock()')).execute(db);
  await sql.raw(recordWin('app_clock()')).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPost0011).execute(db);
  await sql.raw(recordBet('now()')).execute(db);
  await sql.raw(recordWin('now()')).execute(db);
  await sql.raw('DROP FUNCTION app_clock()').execute(db);
}
