import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// A vendor call in one database round trip (docs/benchmarks.md "Vendor wallet API"):
// vendor_bet and vendor_win do what the gateway's transaction did in four round trips (BEGIN, the
// locked context read, records and posting, COMMIT) as one statement, so each call is its own
// implicit transaction: the advisory locks on its round and transaction ids, the moved application
// clock, the context read, the check of the node's copy of the integration settings, the replay of
// a known transaction id (or of a refused bet), the checks in the order the vendor is told, the
// kept refusal of a bet, the round and transaction records (vendor_record_bet / vendor_record_win,
// unchanged) and last the posting (ledger_post, unchanged, with the arguments the ledger prepared
// for the movement from or to cash alone).
//
// Each answers `outcome`:
// - 'answer': answer_status and answer_balance are the call's answer, and what it wrote commits;
// - 'stale': the integration settings differ from the node's copy; nothing was written;
// - 'slow': nothing was written, and the gateway runs the call in its own transaction as before:
//   a bet of a member with responsible-play settings (the limit check lives in the responsible
//   module), a bet larger than the spendable cash (cash first, then bonus: the ledger's stakeSplit
//   decides the split), a win of a round staked partly with bonus (the ledger's returnSplit).
// A posting the ledger refuses for want of money (another movement of the member's money slipped in
// after the read) raises SQLSTATE GH001 and a posting whose idempotency key was used with other
// details GH002, so the whole call rolls back; the gateway answers them as before.
//
// Indexes written by every bet and win that no query needs:
// - vendor_rounds_member_game (member_id, node_id, created_at DESC): every query that filters a
//   member's rounds by game also filters by member, which vendor_rounds_member (member_id,
//   created_at DESC) serves (a member's rounds, then the game as a filter);
// - vendor_transactions_ref (vendor_code, ref_transaction_id) was read only for a bet's rollbacks
//   (kind = 'rollback'): a partial index of the rollbacks serves that read and is written only by
//   rollbacks.

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
  OUT outcome text,
  OUT answer_status text,
  OUT answer_balance bigint`;

const integrationArgs = `
  p_secret text,
  p_wallet_mode text,
  p_currency text,
  p_allowed_ips text[],
  p_enabled boolean`;

const integrationCurrent = `(i.vendor_code IS NOT NULL AND i.secret = p_secret AND i.wallet_mode = p_wallet_mode
      AND i.currency = p_currency AND i.allowed_ips = p_allowed_ips AND i.enabled = p_enabled) AS current`;

// The locals of vendor_bet and vendor_win: the context row, the posting's answer, the refusal and
// the member's cash and bonus account codes (the answer's playable balance is read from both).
const callLocals = `DECLARE
  k text;
  c record;
  posted record;
  playable bigint;
  refusal text;
  member_known boolean := true;
  cash_after bigint;
  cash_code text := 'member:' || p_member || ':cash:' || p_currency;
  bonus_code text := 'member:' || p_member || ':bonus:' || p_currency;`;

const lockAndClock = `
  FOREACH k IN ARRAY p_lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(k, 0));
  END LOOP;
  IF p_clock IS NOT NULL THEN
    PERFORM set_config('gamehall.clock', p_clock, true);
  END IF;`;

// The posting, then the playable balance it leaves (spendable cash plus bonus): when another
// movement of the member's money slipped in, the balance is read again and the record corrected.
const postAndBalance = `
  SELECT * INTO posted FROM ledger_post(p_key, p_type, p_reference, p_fingerprint, p_codes, p_amounts, p_held,
    p_kinds, p_members, p_currencies, p_channel);
  IF posted.status = 'insufficient' THEN
    RAISE EXCEPTION 'vendor call %: insufficient funds', p_transaction USING ERRCODE = 'GH001';
  ELSIF posted.status = 'conflict' THEN
    RAISE EXCEPTION 'vendor call %: idempotency conflict', p_transaction USING ERRCODE = 'GH002';
  END IF;
  cash_after := posted.balances[array_position(posted.codes, cash_code)];
  IF cash_after IS NULL OR cash_after - c.cash_held + c.bonus <> answer_balance THEN
    SELECT coalesce(sum(CASE WHEN la.kind = 'cash' THEN la.balance - la.held ELSE la.balance END), 0)
      INTO answer_balance
      FROM ledger_accounts la WHERE la.code IN (cash_code, bonus_code);
    UPDATE vendor_transactions SET balance_after = answer_balance
     WHERE vendor_code = p_vendor AND transaction_id = p_transaction;
  END IF;`;

export const vendorBet = `
CREATE FUNCTION vendor_bet(
  p_lock_keys text[],
  p_clock text,
  p_now timestamptz,
  p_vendor text,${integrationArgs},
  p_member bigint,
  p_token_hash text,
  p_game_code text,
  p_round text,
  p_transaction text,
  p_amount bigint,
  p_currency_ok boolean,
  p_details_hash text,${postArgs}
) LANGUAGE plpgsql AS $fn$
${callLocals}
BEGIN
  ${lockAndClock}
  SELECT ${integrationCurrent},
         m.status AS member_status, r.member_id AS round_member, r.status AS round_status,
         coalesce(a.balance, 0) AS cash, coalesce(a.held, 0) AS cash_held, coalesce(b.balance, 0) AS bonus,
         s.member_id AS session_member, s.trial AS session_trial, s.vendor_code AS session_vendor,
         s.expires_at AS session_expires, g.node_id, g.game_type,
         t.kind AS known_kind, t.details_hash AS known_hash, t.balance_after AS known_balance,
         f.details_hash AS refused_hash, f.status AS refused_status, f.balance AS refused_balance,
         EXISTS (SELECT 1 FROM vendor_transactions x
                  WHERE x.vendor_code = p_vendor AND x.ref_transaction_id = p_transaction AND x.kind = 'rollback'
                    AND x.transaction_id <> p_transaction) AS rolled_back,
         EXISTS (SELECT 1 FROM responsible_settings rs WHERE rs.member_id = p_member) AS responsible
    INTO c
    FROM (SELECT 1) AS one
    LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor
    LEFT JOIN members m ON m.id = p_member
    LEFT JOIN vendor_rounds r ON r.vendor_code = p_vendor AND r.round_id = p_round
    LEFT JOIN ledger_accounts a ON a.code = cash_code
    LEFT JOIN ledger_accounts b ON b.code = bonus_code
    LEFT JOIN game_sessions s ON s.token_hash = p_token_hash
    LEFT JOIN games g ON g.vendor_code = p_vendor AND g.game_code = p_game_code
    LEFT JOIN vendor_transactions t ON t.vendor_code = p_vendor AND t.transaction_id = p_transaction
    LEFT JOIN vendor_bet_refusals f ON f.vendor_code = p_vendor AND f.transaction_id = p_transaction;
  IF NOT c.current THEN
    outcome := 'stale';
    RETURN;
  END IF;
  outcome := 'answer';
  playable := c.cash - c.cash_held + c.bonus;
  -- A known transaction id: its first answer, or a duplicate (not kept).
  IF c.known_kind IS NOT NULL THEN
    IF c.known_kind <> 'bet' OR c.known_hash <> p_details_hash THEN
      answer_status := 'ERROR_DUPLICATE_TRANSACTION';
      answer_balance := playable;
    ELSE
      answer_status := 'OK';
      answer_balance := c.known_balance;
    END IF;
    RETURN;
  END IF;
  IF c.refused_hash IS NOT NULL THEN
    IF c.refused_hash <> p_details_hash THEN
      answer_status := 'ERROR_DUPLICATE_TRANSACTION';
      answer_balance := playable;
    ELSE
      answer_status := c.refused_status;
      answer_balance := c.refused_balance;
    END IF;
    RETURN;
  END IF;
  IF c.rolled_back THEN
    refusal := 'ERROR_TRANSACTION_ROLLED_BACK';
  ELSIF c.session_vendor IS NULL OR c.session_trial IS NULL OR c.session_expires IS NULL
        OR c.session_vendor <> p_vendor OR c.session_expires <= p_now THEN
    refusal := 'ERROR_INVALID_TOKEN';
    member_known := false;
  ELSIF c.session_trial OR c.session_member IS NULL THEN
    refusal := 'ERROR_TRIAL_SESSION';
    member_known := false;
  ELSIF c.session_member <> p_member THEN
    refusal := 'ERROR_INVALID_TOKEN';
    member_known := false;
  ELSIF c.member_status IS DISTINCT FROM 'active' THEN
    refusal := 'ERROR_PLAYER_DISABLED';
  ELSIF NOT p_currency_ok THEN
    refusal := 'ERROR_CURRENCY_MISMATCH';
  ELSIF c.node_id IS NULL OR c.game_type IS NULL THEN
    refusal := 'ERROR_GAME_NOT_FOUND';
  ELSIF c.round_member IS NOT NULL AND c.round_member <> p_member THEN
    refusal := 'ERROR_DUPLICATE_TRANSACTION';
  ELSIF c.round_status = 'closed' THEN
    refusal := 'ERROR_ROUND_CLOSED';
  ELSIF c.round_status = 'rolled_back' THEN
    refusal := 'ERROR_TRANSACTION_ROLLED_BACK';
  ELSIF c.responsible THEN
    outcome := 'slow';
    RETURN;
  ELSIF playable - p_amount < 0 THEN
    refusal := 'ERROR_INSUFFICIENT_FUNDS';
  ELSIF c.cash - c.cash_held < p_amount THEN
    outcome := 'slow';
    RETURN;
  END IF;
  IF refusal IS NOT NULL THEN
    -- The vendor counts this bet as refused: a repeat of its id gets the same answer.
    answer_status := refusal;
    answer_balance := CASE WHEN member_known THEN playable ELSE 0 END;
    INSERT INTO vendor_bet_refusals
      (vendor_code, transaction_id, round_id, player_id, amount, details_hash, status, balance)
    VALUES (p_vendor, p_transaction, p_round, p_member, p_amount, p_details_hash, refusal, answer_balance);
    RETURN;
  END IF;
  answer_status := 'OK';
  answer_balance := playable - p_amount;
  PERFORM vendor_record_bet(p_vendor, p_round, p_member, c.node_id, p_game_code, c.game_type, p_currency,
    p_transaction, p_amount, p_details_hash, answer_balance, 0);
  IF p_amount = 0 THEN
    RETURN;
  END IF;
  ${postAndBalance}
END
$fn$`;

export const vendorWin = `
CREATE FUNCTION vendor_win(
  p_lock_keys text[],
  p_clock text,
  p_vendor text,${integrationArgs},
  p_member bigint,
  p_round text,
  p_transaction text,
  p_amount bigint,
  p_bet_transaction text,
  p_close boolean,
  p_currency_ok boolean,
  p_details_hash text,${postArgs}
) LANGUAGE plpgsql AS $fn$
${callLocals}
BEGIN
  ${lockAndClock}
  SELECT ${integrationCurrent},
         m.status AS member_status, r.member_id AS round_member, r.status AS round_status,
         coalesce(r.bet_amount, 0) AS round_bet, coalesce(r.bonus_bet_amount, 0) AS round_bonus,
         coalesce(a.balance, 0) AS cash, coalesce(a.held, 0) AS cash_held, coalesce(b.balance, 0) AS bonus,
         t.kind AS known_kind, t.details_hash AS known_hash, t.balance_after AS known_balance,
         p.kind AS paid_kind, p.round_id AS paid_round, p.status AS paid_status,
         f.details_hash AS refused_hash
    INTO c
    FROM (SELECT 1) AS one
    LEFT JOIN vendor_integrations i ON i.vendor_code = p_vendor
    LEFT JOIN members m ON m.id = p_member
    LEFT JOIN vendor_rounds r ON r.vendor_code = p_vendor AND r.round_id = p_round
    LEFT JOIN ledger_accounts a ON a.code = cash_code
    LEFT JOIN ledger_accounts b ON b.code = bonus_code
    LEFT JOIN vendor_transactions t ON t.vendor_code = p_vendor AND t.transaction_id = p_transaction
    LEFT JOIN vendor_transactions p ON p.vendor_code = p_vendor AND p.transaction_id = p_bet_transaction
    LEFT JOIN vendor_bet_refusals f ON f.vendor_code = p_vendor AND f.transaction_id = p_transaction;
  IF NOT c.current THEN
    outcome := 'stale';
    RETURN;
  END IF;
  outcome := 'answer';
  playable := c.cash - c.cash_held + c.bonus;
  IF c.known_kind IS NOT NULL THEN
    IF c.known_kind <> 'win' OR c.known_hash <> p_details_hash THEN
      answer_status := 'ERROR_DUPLICATE_TRANSACTION';
      answer_balance := playable;
    ELSE
      answer_status := 'OK';
      answer_balance := c.known_balance;
    END IF;
    RETURN;
  END IF;
  -- A refused bet's id used for a win.
  IF c.refused_hash IS NOT NULL THEN
    refusal := 'ERROR_DUPLICATE_TRANSACTION';
  ELSIF c.member_status IS NULL THEN
    refusal := 'ERROR_PLAYER_NOT_FOUND';
    member_known := false;
  ELSIF NOT p_currency_ok THEN
    refusal := 'ERROR_CURRENCY_MISMATCH';
  ELSIF c.round_member IS DISTINCT FROM p_member THEN
    refusal := 'ERROR_TRANSACTION_NOT_FOUND';
  ELSIF p_bet_transaction IS NOT NULL AND (p_bet_transaction = p_transaction
        OR c.paid_kind IS DISTINCT FROM 'bet' OR c.paid_round IS DISTINCT FROM p_round) THEN
    refusal := 'ERROR_TRANSACTION_NOT_FOUND';
  ELSIF p_bet_transaction IS NOT NULL AND c.paid_status = 'rolled_back' THEN
    refusal := 'ERROR_TRANSACTION_ROLLED_BACK';
  ELSIF c.round_status = 'rolled_back' THEN
    refusal := 'ERROR_TRANSACTION_ROLLED_BACK';
  ELSIF c.round_status = 'closed' THEN
    refusal := 'ERROR_ROUND_CLOSED';
  ELSIF playable + p_amount < 0 THEN
    refusal := 'ERROR_INSUFFICIENT_FUNDS';
  ELSIF p_amount > 0 AND c.round_bet > 0 AND c.round_bonus > 0 THEN
    outcome := 'slow';
    RETURN;
  END IF;
  IF refusal IS NOT NULL THEN
    -- A refused win keeps nothing: the vendor may send its id again.
    answer_status := refusal;
    answer_balance := CASE WHEN member_known THEN playable ELSE 0 END;
    RETURN;
  END IF;
  answer_status := 'OK';
  answer_balance := playable + p_amount;
  PERFORM vendor_record_win(p_vendor, p_round, p_member, p_transaction, p_amount, p_bet_transaction,
    p_details_hash, answer_balance, p_close, 0);
  IF p_amount = 0 THEN
    RETURN;
  END IF;
  ${postAndBalance}
END
$fn$`;

// Group commit for vendor calls (the gateway's call batcher): several bets and wins in one
// statement and so one transaction, each with the outcome it would have alone, in the given order.
// A call whose round or transaction id another transaction holds is answered 'busy' untouched and
// runs alone (where it waits for the lock): the batch never waits for an advisory lock. It then
// locks every ledger row its postings touch in code order, as ledger_post_batch does (migration
// 0012), so two batches, or a batch and a lone posting, cannot deadlock. Each call's moved clock is
// set before it runs ('' is the database's now()). An error in any call aborts the whole batch
// (nothing is written) and the gateway runs each call alone, so only the call at fault fails.
export const vendorCallBatch = `
CREATE FUNCTION vendor_call_batch(
  p_kinds text[],
  p_round_keys text[],
  p_tx_keys text[],
  p_clocks text[],
  p_nows timestamptz[],
  p_vendors text[],
  p_secrets text[],
  p_wallet_modes text[],
  p_currencies text[],
  p_allowed_ips text[],
  p_enabled boolean[],
  p_members bigint[],
  p_token_hashes text[],
  p_game_codes text[],
  p_rounds text[],
  p_transactions text[],
  p_amounts bigint[],
  p_bet_transactions text[],
  p_closes boolean[],
  p_currency_ok boolean[],
  p_details_hashes text[],
  p_keys text[],
  p_types text[],
  p_references text[],
  p_fingerprints text[],
  p_starts int[],
  p_codes text[],
  p_entry_amounts bigint[],
  p_held bigint[],
  p_entry_kinds text[],
  p_entry_members bigint[],
  p_entry_currencies text[],
  p_channel text
) RETURNS TABLE(ord int, outcome text, answer_status text, answer_balance bigint) LANGUAGE plpgsql AS $fn$
DECLARE
  n int := cardinality(p_kinds);
  free boolean[] := '{}';
  no_keys text[] := '{}';
  r record;
  a int;
  b int;
BEGIN
  IF cardinality(p_starts) <> n + 1 OR p_starts[n + 1] <> cardinality(p_codes) + 1 THEN
    RAISE EXCEPTION 'vendor_call_batch: p_starts does not match the calls and entries';
  END IF;
  FOR i IN 1..n LOOP
    free := free || (pg_try_advisory_xact_lock(hashtextextended(p_round_keys[i], 0))
      AND pg_try_advisory_xact_lock(hashtextextended(p_tx_keys[i], 0)));
  END LOOP;
  PERFORM 1 FROM ledger_accounts WHERE code = ANY(p_codes) ORDER BY code COLLATE "C" FOR UPDATE;
  FOR i IN 1..n LOOP
    ord := i;
    IF NOT free[i] THEN
      outcome := 'busy';
      answer_status := NULL;
      answer_balance := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    PERFORM set_config('gamehall.clock', coalesce(p_clocks[i], ''), true);
    a := p_starts[i];
    b := p_starts[i + 1] - 1;
    IF p_kinds[i] = 'bet' THEN
      SELECT * INTO r FROM vendor_bet(no_keys, NULL, p_nows[i], p_vendors[i], p_secrets[i], p_wallet_modes[i],
        p_currencies[i], p_allowed_ips[i]::text[], p_enabled[i], p_members[i], p_token_hashes[i], p_game_codes[i],
        p_rounds[i], p_transactions[i], p_amounts[i], p_currency_ok[i], p_details_hashes[i], p_keys[i], p_types[i],
        p_references[i], p_fingerprints[i], p_codes[a:b], p_entry_amounts[a:b], p_held[a:b], p_entry_kinds[a:b],
        p_entry_members[a:b], p_entry_currencies[a:b], p_channel);
    ELSE
      SELECT * INTO r FROM vendor_win(no_keys, NULL, p_vendors[i], p_secrets[i], p_wallet_modes[i], p_currencies[i],
        p_allowed_ips[i]::text[], p_enabled[i], p_members[i], p_rounds[i], p_transactions[i], p_amounts[i],
        p_bet_transactions[i], p_closes[i], p_currency_ok[i], p_details_hashes[i], p_keys[i], p_types[i],
        p_references[i], p_fingerprints[i], p_codes[a:b], p_entry_amounts[a:b], p_held[a:b], p_entry_kinds[a:b],
        p_entry_members[a:b], p_entry_currencies[a:b], p_channel);
    END IF;
    outcome := r.outcome;
    answer_status := r.answer_status;
    answer_balance := r.answer_balance;
    RETURN NEXT;
  END LOOP;
END
$fn$`;

const ledgerArgTypes = 'text, text, text, text, text[], bigint[], bigint[], text[], bigint[], text[], text';
const integrationTypes = 'text, text, text, text[], boolean';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(vendorBet).execute(db);
  await sql.raw(vendorWin).execute(db);
  await sql.raw(vendorCallBatch).execute(db);
  await runStatements(
    db,
    `
    DROP INDEX vendor_rounds_member_game;
    DROP INDEX vendor_transactions_ref;
    CREATE INDEX vendor_transactions_rollbacks ON vendor_transactions (vendor_code, ref_transaction_id) WHERE kind = 'rollback';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX vendor_transactions_rollbacks;
    CREATE INDEX vendor_transactions_ref ON vendor_transactions (vendor_code, ref_transaction_id);
    CREATE INDEX vendor_rounds_member_game ON vendor_rounds (member_id, node_id, created_at DESC);
    `,
  );
  await dropVendorCallFunctions(db);
}

/** Drops vendor_call_batch, vendor_win and vendor_bet (in that order: the first calls the others). */
export async function dropVendorCallFunctions(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP FUNCTION vendor_call_batch(text[], text[], text[], text[], timestamptz[], text[], text[], text[], text[], text[], boolean[], bigint[], text[], text[], text[], text[], bigint[], text[], boolean[], boolean[], text[], text[], text[], text[], text[], int[], text[], bigint[], bigint[], text[], bigint[], text[], text)',
    )
    .execute(db);
  await sql
    .raw(
      `DROP FUNCTION vendor_win(text[], text, text, ${integrationTypes}, bigint, text, text, bigint, text, boolean, boolean, text, ${ledgerArgTypes})`,
    )
    .execute(db);
  await sql
    .raw(
      `DROP FUNCTION vendor_bet(text[], text, timestamptz, text, ${integrationTypes}, bigint, text, text, text, text, bigint, boolean, text, ${ledgerArgTypes})`,
    )
    .execute(db);
}
