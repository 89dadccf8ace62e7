import { type Kysely, sql } from 'kysely';

// The vendor API benchmark: a signed bet or win spent nine round trips (the integration, BEGIN, the
// advisory locks, the known transactions, the call's context, the round, the transaction row, the
// posting, COMMIT), and with Node and PostgreSQL sharing two cores the cost is CPU per round trip.
// vendor_call_context takes the call's advisory locks and then reads everything the call checks
// in one round trip:
// - The locks (pg_advisory_xact_lock, held until the caller's transaction ends) are taken in the
//   order given, one statement each, before the read: a PL/pgSQL function reads with a snapshot
//   taken after the statements before it, so the read sees whatever the transaction that held a
//   lock committed. (One SQL statement that locked and read would read with a snapshot from before
//   the wait.) PGlite runs one transaction at a time and is passed no keys.
// - The read: the member's status, the round, the member's cash account (read only), the game
//   session of the token and the game (for a bet), the vendor's integration settings (the gateway
//   keeps them in memory and checks its copy against these), and as JSON the vendor transactions
//   with the given ids plus, when p_rollbacks_of is set, the rollbacks recorded against that id.
export const vendorCallContextFunction = `
CREATE FUNCTION vendor_call_context(
  p_lock_keys text[],
  p_vendor text,
  p_member bigint,
  p_round text,
  p_cash_code text,
  p_token_hash text,
  p_game_code text,
  p_transaction_ids text[],
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
  known json
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
            FROM vendor_transactions t
           WHERE t.vendor_code = p_vendor
             AND (t.transaction_id = ANY (p_transaction_ids)
                  OR (p_rollbacks_of IS NOT NULL AND t.ref_transaction_id = p_rollbacks_of AND t.kind = 'rollback')))
  FROM (SELECT 1) AS one
  LEFT JOIN members m ON m.id = p_member
  LEFT JOIN vendor_rounds r ON r.vendor_code = p_vendor AND r.round_id = p_round
  LEFT JOIN ledger_accounts a ON a.code = p_cash_code
  LEFT JOIN game_sessions s ON s.token_hash = p_token_hash
  LEFT JOIN games g ON g.vendor_code = p_vendor AND g.game_code = p_game_code
  LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(vendorCallContextFunction).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP FUNCTION vendor_call_context(text[], text, bigint, text, text, text, text, text[], text)')
    .execute(db);
}
