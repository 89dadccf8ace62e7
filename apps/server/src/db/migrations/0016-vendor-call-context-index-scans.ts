import { type Kysely, sql } from 'kysely';
import { vendorCallContextFunction } from './0014-vendor-call-context';

// vendor_call_context (0014) looked the known transactions up with one condition,
//   transaction_id = ANY (ids) OR (p_rollbacks_of IS NOT NULL AND ref_transaction_id = p_rollbacks_of ...),
// and PL/pgSQL keeps a generic plan for it: for that OR the plan walked every row of the vendor
// (its index on vendor_code alone, the rest as a filter: 800 rows read to find none in a probe), so
// each money call grew slower with the vendor's history. The function now takes the call's own
// transactionId, the other id it refers to (the bet a win pays or a rollback reverses) and the id
// whose rollbacks a bet looks for as three scalars, and looks each up by equality on the whole
// unique key (vendor_code, transaction_id) or on the ref index (vendor_code, ref_transaction_id),
// each later lookup leaving out what an earlier one found: the same rows, each found by one index
// probe whatever the statistics say. A NULL id finds nothing.
export const vendorCallContext0016 = `
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
                     AND k.transaction_id IS DISTINCT FROM p_other_id) AS t)
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
  await sql
    .raw('DROP FUNCTION vendor_call_context(text[], text, bigint, text, text, text, text, text[], text)')
    .execute(db);
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(vendorCallContext0016).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP FUNCTION vendor_call_context(text[], text, bigint, text, text, text, text, text, text, text)')
    .execute(db);
  await sql.raw(vendorCallContextFunction).execute(db);
}
