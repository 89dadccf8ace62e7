import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The resettle call (/vendor/wallet/resettle): a vendor's correction of a round a win already
// settled, a signed amount. It is a vendor transaction of its own kind, so reconciliation counts it
// beside its ledger posting, and its amount is what moved (the credit, or minus what a debit took
// from the member's cash). vendor_resettlements keeps what the vendor asked for and why: a debit
// the member's cash could not cover in full leaves `requested + taken` (requested < 0) as the
// house's uncollected loss.
//
// The kind check is replaced NOT VALID and then validated: validation reads the table without
// blocking the bet path's inserts (SHARE UPDATE EXCLUSIVE), where a plain ADD CONSTRAINT would hold
// every vendor call for the whole scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendor_transactions DROP CONSTRAINT vendor_transactions_kind_check;
    ALTER TABLE vendor_transactions ADD CONSTRAINT vendor_transactions_kind_check
      CHECK (kind IN ('bet', 'win', 'rollback', 'resettle')) NOT VALID;
    ALTER TABLE vendor_transactions VALIDATE CONSTRAINT vendor_transactions_kind_check;

    CREATE TABLE vendor_resettlements (
      vendor_code text NOT NULL,
      transaction_id text NOT NULL,
      round_id text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      -- the signed amount the vendor sent (credit > 0, debit < 0)
      requested bigint NOT NULL CHECK (requested <> 0),
      -- what moved (>= 0): the credit, or what the member's cash gave of a debit
      taken bigint NOT NULL CHECK (taken >= 0 AND taken <= abs(requested)),
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor_code, transaction_id),
      FOREIGN KEY (vendor_code, transaction_id) REFERENCES vendor_transactions (vendor_code, transaction_id)
    );
    CREATE INDEX vendor_resettlements_round ON vendor_resettlements (vendor_code, round_id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE vendor_resettlements;
    ALTER TABLE vendor_transactions DROP CONSTRAINT vendor_transactions_kind_check;
    ALTER TABLE vendor_transactions ADD CONSTRAINT vendor_transactions_kind_check
      CHECK (kind IN ('bet', 'win', 'rollback'));
    `,
  );
}
