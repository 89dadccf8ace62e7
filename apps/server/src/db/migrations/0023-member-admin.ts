import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The back office's member administration.
// - members.password_change_required_at: an operator's "change the password at next login". The
//   login forces the change while it is later than password_changed_at, so any new password lifts
//   it without anyone clearing the flag.
// - member_notes and member_tags: what operators write about a member.
// - balance_adjustments: an operator's credit or debit. Below the brand's approval threshold it is
//   posted at once; above it waits for a second operator. idempotency_key is the ledger posting's
//   key, so two approvals racing each other post once.
// - Search: operators look members up by partial username, mobile, email, bank account number and
//   IP. With pg_trgm (PostgreSQL; PGlite only when the extension is loaded) GIN trigram indexes
//   serve '%fragment%' matches; without it the same queries scan, which is fine for the small
//   embedded databases PGlite holds. Creating the extension is tried and skipped when refused.
//   The list's sorts have their indexes: last login newest first, and members' cash balances
//   (ledger_accounts is the ledger's; the index only serves reads of it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE members ADD COLUMN password_change_required_at timestamptz;
    CREATE TABLE member_notes (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      operator_id bigint REFERENCES members(id) ON DELETE SET NULL,
      operator_username text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_notes_member ON member_notes (member_id, id DESC);
    CREATE TABLE member_tags (
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      tag text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, tag)
    );
    CREATE INDEX member_tags_tag ON member_tags (lower(tag));
    CREATE TABLE balance_adjustments (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      reason text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'rejected')),
      idempotency_key text NOT NULL UNIQUE,
      requested_by bigint REFERENCES members(id) ON DELETE SET NULL,
      requested_by_username text NOT NULL,
      decided_by bigint REFERENCES members(id) ON DELETE SET NULL,
      decided_by_username text,
      decision_reason text,
      posting_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE INDEX balance_adjustments_status ON balance_adjustments (status, id DESC);
    CREATE INDEX balance_adjustments_member ON balance_adjustments (member_id, id DESC);
    CREATE INDEX members_created ON members (created_at, id);
    CREATE INDEX members_last_login ON members (last_login_at DESC NULLS LAST, id DESC);
    CREATE INDEX ledger_accounts_member_cash_balance ON ledger_accounts (currency, balance, member_id)
      WHERE kind = 'cash' AND member_id IS NOT NULL;
    `,
  );
  await sql
    .raw(
      `DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm unavailable: member search scans'; END $$`,
    )
    .execute(db);
  const trgm = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
    db,
  );
  if ((trgm.rows[0]?.n ?? 0) === 0) return;
  await runStatements(
    db,
    `
    CREATE INDEX members_username_trgm ON members USING gin (lower(username) gin_trgm_ops);
    CREATE INDEX members_email_trgm ON members USING gin (lower(email) gin_trgm_ops);
    CREATE INDEX members_mobile_trgm ON members USING gin (mobile_num gin_trgm_ops);
    CREATE INDEX members_register_ip_trgm ON members USING gin (register_ip gin_trgm_ops);
    CREATE INDEX members_last_login_ip_trgm ON members USING gin (last_login_ip gin_trgm_ops);
    CREATE INDEX member_login_ips_ip_trgm ON member_login_ips USING gin (ip gin_trgm_ops);
    CREATE INDEX member_bank_accounts_number_trgm ON member_bank_accounts USING gin (lower(account_number) gin_trgm_ops);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS member_bank_accounts_number_trgm;
    DROP INDEX IF EXISTS member_login_ips_ip_trgm;
    DROP INDEX IF EXISTS members_last_login_ip_trgm;
    DROP INDEX IF EXISTS members_register_ip_trgm;
    DROP INDEX IF EXISTS members_mobile_trgm;
    DROP INDEX IF EXISTS members_email_trgm;
    DROP INDEX IF EXISTS members_username_trgm;
    DROP INDEX ledger_accounts_member_cash_balance;
    DROP INDEX members_last_login;
    DROP INDEX members_created;
    DROP TABLE balance_adjustments;
    DROP TABLE member_tags;
    DROP TABLE member_notes;
    ALTER TABLE members DROP COLUMN password_change_required_at;
    `,
  );
}
