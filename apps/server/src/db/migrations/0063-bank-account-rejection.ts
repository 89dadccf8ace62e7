import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Bank account bindings an operator turns down: status 'rejected' with the reason the
// member reads on the bank account and withdraw pages, who decided and when. A rejected binding can
// be removed by the member like a pending one, so the same account can be bound again corrected.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE member_bank_accounts DROP CONSTRAINT member_bank_accounts_status_check;
    ALTER TABLE member_bank_accounts ADD CONSTRAINT member_bank_accounts_status_check
      CHECK (status IN ('pending', 'confirmed', 'rejected'));
    ALTER TABLE member_bank_accounts ADD COLUMN reject_reason text;
    ALTER TABLE member_bank_accounts ADD COLUMN rejected_by bigint REFERENCES members(id);
    ALTER TABLE member_bank_accounts ADD COLUMN rejected_at timestamptz;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM member_bank_accounts WHERE status = 'rejected';
    ALTER TABLE member_bank_accounts DROP COLUMN rejected_at;
    ALTER TABLE member_bank_accounts DROP COLUMN rejected_by;
    ALTER TABLE member_bank_accounts DROP COLUMN reject_reason;
    ALTER TABLE member_bank_accounts DROP CONSTRAINT member_bank_accounts_status_check;
    ALTER TABLE member_bank_accounts ADD CONSTRAINT member_bank_accounts_status_check
      CHECK (status IN ('pending', 'confirmed'));
    `,
  );
}
