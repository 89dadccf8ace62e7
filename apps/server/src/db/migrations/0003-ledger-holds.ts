import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Holds (reservations) on a member's cash, e.g. a withdrawal in review: ledger_accounts.held is
// kept equal to the sum of the open holds in the same transaction, so held funds cannot be bet or
// withdrawn twice. A hold never moves money by itself; capturing it posts a normal posting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ledger_holds (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'captured')),
      idempotency_key text NOT NULL UNIQUE,
      reference text NOT NULL,
      reason text,
      posting_id bigint REFERENCES ledger_postings(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX ledger_holds_open ON ledger_holds (account_id) WHERE status = 'held';
    CREATE INDEX ledger_postings_type ON ledger_postings (type, created_at);

    -- Entries and postings are immutable (issue 4): a correction is a new posting, never an edit.
    CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
    CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
    CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ledger_postings_immutable ON ledger_postings;
    DROP TRIGGER ledger_entries_immutable ON ledger_entries;
    DROP FUNCTION ledger_immutable();
    DROP INDEX ledger_postings_type;
    DROP TABLE ledger_holds;
  `,
  );
}
