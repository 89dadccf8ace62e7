import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The points ledger (spec §1 "points never expire"): a double-entry ledger
// of its own with the money ledger's guarantees, written only by modules/points.
// - points_accounts: one per member (code member:<id>) and the house accounts house:earned,
//   house:redeemed, house:converted and house:adjustments. A member account never goes below zero
//   (CHECK, on top of the guarded update of the posting code); house accounts may.
// - points_postings: one per movement, unique idempotency key; its entries sum to zero.
// - points_entries: the movements of each account with the balance after them.
// Postings and entries are append-only: UPDATE, DELETE and TRUNCATE are refused by triggers, so a
// correction is a new posting (an adjustment), never an edit. Points carry no expiry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE points_accounts (
      id bigserial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('member', 'earned', 'redeemed', 'converted', 'adjustments')),
      member_id bigint REFERENCES members(id),
      balance bigint NOT NULL DEFAULT 0,
      allow_negative boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (allow_negative OR balance >= 0),
      CHECK ((kind = 'member') = (member_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX points_accounts_member ON points_accounts (member_id) WHERE member_id IS NOT NULL;

    CREATE TABLE points_postings (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      type text NOT NULL,
      reference text NOT NULL,
      remark text NOT NULL DEFAULT '',
      fingerprint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX points_postings_type ON points_postings (type, created_at);

    CREATE TABLE points_entries (
      id bigserial PRIMARY KEY,
      posting_id bigint NOT NULL REFERENCES points_postings(id),
      account_id bigint NOT NULL REFERENCES points_accounts(id),
      amount bigint NOT NULL CHECK (amount <> 0),
      balance_after bigint NOT NULL
    );
    CREATE INDEX points_entries_account ON points_entries (account_id, id);
    CREATE INDEX points_entries_posting ON points_entries (posting_id);

    CREATE FUNCTION points_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
    CREATE TRIGGER points_entries_immutable BEFORE UPDATE OR DELETE ON points_entries FOR EACH ROW EXECUTE FUNCTION points_ledger_immutable();
    CREATE TRIGGER points_postings_immutable BEFORE UPDATE OR DELETE ON points_postings FOR EACH ROW EXECUTE FUNCTION points_ledger_immutable();
    CREATE TRIGGER points_entries_no_truncate BEFORE TRUNCATE ON points_entries FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_immutable();
    CREATE TRIGGER points_postings_no_truncate BEFORE TRUNCATE ON points_postings FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_immutable();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE points_entries;
    DROP TABLE points_postings;
    DROP TABLE points_accounts;
    DROP FUNCTION points_ledger_immutable();
  `,
  );
}
