import { type Kysely, sql } from 'kysely';
import { vendorCallContext0016 } from './0016-vendor-call-context-index-scans';
import { runStatements } from './run-statements';

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

const vendorCallContext0018 = `
CREATE FUNCTION vendor_call_context(
  p_lock_keys text[],
  p_vendor text,
  p_member bigint,
  p_round text,
  p_cash_code text,
  p_token_hash text,
  p_game_code text,
  p_transaction_id text,
  p_other_id text,
  p_rollbacks_of text
) RETURNS TABLE (
  member_status text,
  round_member_id bigint,
  round_status text,
  cash_balance bigint,
  cash_held bigint,
  session_member_id bigint,
  session_trial boolean,
  session_vendor text,
  session_expires_at timestamptz,
  game_node_id bigint,
  game_type text,
  integration_secret text,
  integration_wallet_mode text,
  integration_currency text,
  integration_allowed_ips text[],
  integration_enabled boolean,
  known json,
  refusal_hash text,
  refusal_status text,
  refusal_balance bigint
) LANGUAGE plpgsql AS $fn$
DECLARE
  k text;
BEGIN
  FOREACH k IN ARRAY p_lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(k, 0));
  END LOOP;
  RETURN QUERY
  SELECT m.status, r.member_id, r.status, a.balance, a.held,
         s.member_id, s.trial, s.vendor_code, s.expires_at,
         g.node_id, g.game_type,
         i.secret, i.wallet_mode, i.currency, i.allowed_ips, i.enabled,
         (SELECT coalesce(json_agg(json_build_object(
                   'transaction_id', t.transaction_id, 'kind', t.kind, 'round_id', t.round_id,
                   'member_id', t.member_id, 'amount', t.amount, 'details_hash', t.details_hash,
                   'status', t.status, 'balance_after', t.balance_after)), '[]'::json)
            FROM (SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.transaction_id = p_transaction_id
                  UNION ALL
                  SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.transaction_id = p_other_id
                     AND p_other_id <> p_transaction_id
                  UNION ALL
                  SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.ref_transaction_id = p_rollbacks_of AND k.kind = 'rollback'
                     AND k.transaction_id <> p_transaction_id
                     AND k.transaction_id IS DISTINCT FROM p_other_id) AS t),
         f.details_hash, f.status, f.balance
  FROM (SELECT 1) AS one
  LEFT JOIN members m ON m.id = p_member
  LEFT JOIN vendor_rounds r ON r.vendor_code = p_vendor AND r.round_id = p_round
  LEFT JOIN ledger_accounts a ON a.code = p_cash_code
  LEFT JOIN game_sessions s ON s.token_hash = p_token_hash
  LEFT JOIN games g ON g.vendor_code = p_vendor AND g.game_code = p_game_code
  LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor
  LEFT JOIN vendor_bet_refusals f ON f.vendor_code = p_vendor AND f.transaction_id = p_transaction_id;
END
$fn$`;

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
