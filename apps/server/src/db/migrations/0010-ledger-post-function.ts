import { type Kysely, sql } from 'kysely';

// One statement per posting (the ledger benchmark): ledger.post used to spend five statements and
// seven round trips per posting (begin, posting row, one guarded UPDATE per account, entries,
// pg_notify, commit), and with Node and PostgreSQL sharing two cores the cost was CPU per
// statement. ledger_post does the same work server side in one call, inside the caller's
// transaction, with the same guarantees:
// - Balance rows are updated in the order of p_codes (the caller sorts them by code, so two
//   postings never deadlock), each with the never-below-zero-or-held guard in the WHERE. A missing
//   account is created (ON CONFLICT DO NOTHING, then the update is tried again, so a concurrent
//   first use of an account waits for the other creator instead of being refused).
// - A refused update undoes the updates before it (and removes accounts this call created) and
//   answers 'insufficient': the caller's transaction is left as it was (no posting row, no
//   changed balance) and stays usable; run alone (autocommit), the call leaves nothing at all.
// - The posting row is inserted after the balance updates; a key that already exists (or that a
//   concurrent twin is committing: the INSERT waits for it) undoes the updates and answers the
//   first posting ('replayed', with the balances of its entries) or 'conflict' when the fingerprint
//   differs. A refused update also looks the key up, so a repeat whose funds are gone since still
//   gets the first result.
// - Entries are appended, and a `balance` event per member cash account is sent with pg_notify,
//   which the database delivers only when the caller's transaction commits. The payload is the
//   one realtime/event-bus.ts publishes: {"m": member id, "e": {"type": "balance", "data":
//   {"balance", "available", "currency"}}} in major units (float8 / 100 prints exactly as JS
//   n / 100 does).
// Statement by statement in PL/pgSQL the plans are prepared once per session, so a posting costs
// one parse and one round trip from Node instead of five.
// The text as this migration created it; 0011 replaces the function from it with one change.
export const ledgerPostFunction0010 = `
CREATE FUNCTION ledger_post(
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
  OUT balances bigint[]
) LANGUAGE plpgsql AS $fn$
DECLARE
  n int := cardinality(p_codes);
  ids bigint[] := '{}';
  acc record;
  existing record;
  events text[] := '{}';
  created bigint[] := '{}';
  new_id bigint;
  refused boolean := false;
BEGIN
  codes := p_codes;
  balances := '{}';
  FOR i IN 1..n LOOP
    UPDATE ledger_accounts
      SET balance = balance + p_amounts[i], held = held + p_held[i]
      WHERE code = p_codes[i] AND (allow_negative OR balance + p_amounts[i] >= held + p_held[i])
      RETURNING id, member_id, kind, currency, balance, held INTO acc;
    IF NOT FOUND THEN
      -- Refused, or the account does not exist yet. A new member account would hold 0, so the
      -- guard is known without creating it; otherwise create it (a concurrent creator is waited
      -- for) and try again.
      IF p_members[i] IS NOT NULL AND p_amounts[i] < p_held[i] THEN
        refused := true;
        EXIT;
      END IF;
      INSERT INTO ledger_accounts (code, kind, member_id, currency, allow_negative)
        VALUES (p_codes[i], p_kinds[i], p_members[i], p_currencies[i], p_members[i] IS NULL)
        ON CONFLICT (code) DO NOTHING
        RETURNING id INTO new_id;
      IF new_id IS NOT NULL THEN
        created := created || new_id;
      END IF;
      UPDATE ledger_accounts
        SET balance = balance + p_amounts[i], held = held + p_held[i]
        WHERE code = p_codes[i] AND (allow_negative OR balance + p_amounts[i] >= held + p_held[i])
        RETURNING id, member_id, kind, currency, balance, held INTO acc;
      IF NOT FOUND THEN
        refused := true;
        EXIT;
      END IF;
    END IF;
    ids := ids || acc.id;
    balances := balances || acc.balance;
    IF acc.member_id IS NOT NULL AND acc.kind = 'cash' THEN
      events := events || json_build_object(
        'm', acc.member_id,
        'e', json_build_object('type', 'balance', 'data', json_build_object(
          'balance', acc.balance::float8 / 100,
          'available', (acc.balance - acc.held)::float8 / 100,
          'currency', acc.currency)))::text;
    END IF;
  END LOOP;

  IF NOT refused THEN
    INSERT INTO ledger_postings (idempotency_key, type, reference, fingerprint)
      VALUES (p_key, p_type, p_reference, p_fingerprint)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO posting_id;
    IF posting_id IS NOT NULL THEN
      INSERT INTO ledger_entries (posting_id, account_id, amount, balance_after)
        SELECT posting_id, e.account_id, e.amount, e.balance_after
        FROM unnest(ids, p_amounts, balances) WITH ORDINALITY AS e(account_id, amount, balance_after, ord)
        ORDER BY e.ord;
      FOR k IN 1..cardinality(events) LOOP
        PERFORM pg_notify(p_channel, events[k]);
      END LOOP;
      status := 'posted';
      RETURN;
    END IF;
  END IF;

  -- Refused, or the key exists: undo what this call changed (the rows are still locked by us).
  FOR j IN 1..cardinality(ids) LOOP
    UPDATE ledger_accounts SET balance = balance - p_amounts[j], held = held - p_held[j] WHERE id = ids[j];
  END LOOP;
  IF cardinality(created) > 0 THEN
    DELETE FROM ledger_accounts WHERE id = ANY(created);
  END IF;
  posting_id := NULL;
  SELECT p.id, p.fingerprint INTO existing FROM ledger_postings p WHERE p.idempotency_key = p_key;
  IF NOT FOUND THEN
    IF NOT refused THEN
      RAISE EXCEPTION 'posting % vanished', p_key;
    END IF;
    status := 'insufficient';
    codes := '{}';
    balances := '{}';
    RETURN;
  END IF;
  posting_id := existing.id;
  IF existing.fingerprint <> p_fingerprint THEN
    status := 'conflict';
    codes := '{}';
    balances := '{}';
    RETURN;
  END IF;
  status := 'replayed';
  SELECT array_agg(a.code ORDER BY e.id), array_agg(e.balance_after ORDER BY e.id)
    INTO codes, balances
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.posting_id = existing.id;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(ledgerPostFunction0010).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP FUNCTION ledger_post(text, text, text, text, text[], bigint[], bigint[], text[], bigint[], text[], text)',
    )
    .execute(db);
}
