import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The payments desk (docs/cashier.md "The desk"):
// - cashier_house_accounts: the brand's own bank accounts. One that receives (method_code names its
//   bank-transfer method) takes part in the rotation of that method's deposits under its daily cap
//   (minor units, null: none) for the VIP levels it serves (vip_levels, a JSON array; null: every
//   level); one that pays is chosen when a withdrawal is marked paid. last_assigned_at orders the
//   rotation.
// - deposit_orders: requested_amount keeps what the member asked for when an operator approved another
//   amount (amount becomes the approved one, so every reader of amount counts what was credited; null:
//   approved as asked); depositor_name is the name the member paid from; receiving_account_id the
//   house account the order was told to pay into.
// - withdrawal_orders: the payout's bank reference, the house account it left from, the bank's fee
//   (the house bears it), who marked it paid. A reference is used once per paying account.
// - balance_adjustments: a type (correction, goodwill, manual_deposit), the deposit order a manual
//   deposit became, and status 'cancelled' (the requester withdrew it before a decision).
// - payment_methods: MANUAL_DEPOSIT, never offered to members: the method of the deposit orders that
//   manual-deposit adjustments record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE cashier_house_accounts (
      id bigserial PRIMARY KEY,
      label text NOT NULL,
      bank_name text NOT NULL,
      account_name text NOT NULL,
      account_number text NOT NULL,
      method_code text REFERENCES payment_methods(code),
      pays boolean NOT NULL DEFAULT false,
      daily_cap bigint CHECK (daily_cap IS NULL OR daily_cap > 0),
      vip_levels jsonb,
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      last_assigned_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (bank_name, account_number)
    );

    ALTER TABLE deposit_orders ADD COLUMN requested_amount bigint CHECK (requested_amount > 0);
    ALTER TABLE deposit_orders ADD COLUMN depositor_name text;
    ALTER TABLE deposit_orders ADD COLUMN receiving_account_id bigint REFERENCES cashier_house_accounts(id);
    CREATE INDEX deposit_orders_receiving_day ON deposit_orders (receiving_account_id, created_at)
      WHERE receiving_account_id IS NOT NULL;

    ALTER TABLE withdrawal_orders ADD COLUMN payout_reference text;
    ALTER TABLE withdrawal_orders ADD COLUMN paid_from_account_id bigint REFERENCES cashier_house_accounts(id);
    ALTER TABLE withdrawal_orders ADD COLUMN fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0);
    ALTER TABLE withdrawal_orders ADD COLUMN paid_by bigint REFERENCES members(id);
    CREATE UNIQUE INDEX withdrawal_orders_payout ON withdrawal_orders (paid_from_account_id, payout_reference)
      WHERE payout_reference IS NOT NULL;

    ALTER TABLE balance_adjustments ADD COLUMN type text NOT NULL DEFAULT 'correction'
      CHECK (type IN ('correction', 'goodwill', 'manual_deposit'));
    ALTER TABLE balance_adjustments ADD COLUMN deposit_reference text;
    ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_status_check;
    ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_status_check
      CHECK (status IN ('pending', 'posted', 'rejected', 'cancelled'));

    INSERT INTO payment_methods (code, name, kind, min_amount, max_amount, active, sort)
      VALUES ('MANUAL_DEPOSIT', 'Manual deposit', 'bank_transfer', 1, 100000000000, false, 99)
      ON CONFLICT (code) DO NOTHING;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    UPDATE balance_adjustments SET status = 'rejected' WHERE status = 'cancelled';
    ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_status_check;
    ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_status_check
      CHECK (status IN ('pending', 'posted', 'rejected'));
    ALTER TABLE balance_adjustments DROP COLUMN deposit_reference;
    ALTER TABLE balance_adjustments DROP COLUMN type;
    DROP INDEX withdrawal_orders_payout;
    ALTER TABLE withdrawal_orders DROP COLUMN paid_by;
    ALTER TABLE withdrawal_orders DROP COLUMN fee;
    ALTER TABLE withdrawal_orders DROP COLUMN paid_from_account_id;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_reference;
    DROP INDEX deposit_orders_receiving_day;
    ALTER TABLE deposit_orders DROP COLUMN receiving_account_id;
    ALTER TABLE deposit_orders DROP COLUMN depositor_name;
    ALTER TABLE deposit_orders DROP COLUMN requested_amount;
    DROP TABLE cashier_house_accounts;
    `,
  );
}
