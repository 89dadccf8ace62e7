import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The cashier: payment methods and limits, deposit and withdrawal orders, the member's
// bank accounts, uploaded proof images, cashier settings, and the record of scheduled job periods.
// Money itself moves only through the ledger (ledger module); these tables hold the orders.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The sandbox gateway's callback secret is generated per database, never shipped in code. The bank
  // transfer method starts without a receiving account: the operator sets the brand's own (the demo
  // seed sets a demo one), and until then the method is not offered.
  const gatewaySecret = randomBytes(32).toString('hex');
  await runStatements(
    db,
    `
    CREATE TABLE payment_methods (
      code text PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('bank_transfer', 'gateway', 'withdrawal')),
      min_amount bigint NOT NULL CHECK (min_amount > 0),
      max_amount bigint NOT NULL,
      active boolean NOT NULL DEFAULT true,
      bank_name text,
      account_name text,
      account_number text,
      sort integer NOT NULL DEFAULT 0,
      CHECK (max_amount >= min_amount)
    );
    INSERT INTO payment_methods (code, name, kind, min_amount, max_amount, bank_name, account_name, account_number, sort) VALUES
      ('BANK_TRANSFER', 'Bank transfer', 'bank_transfer', 10000, 50000000, NULL, NULL, NULL, 1),
      ('SANDBOX_PAY', 'Online payment (sandbox)', 'gateway', 5000, 10000000, NULL, NULL, NULL, 2),
      ('WITHDRAWAL', 'Withdrawal to bank account', 'withdrawal', 10000, 5000000, NULL, NULL, NULL, 3);

    CREATE TABLE cashier_settings (
      id integer PRIMARY KEY CHECK (id = 1),
      gateway_secret text NOT NULL,
      receipt_confirm_minutes integer NOT NULL DEFAULT 60 CHECK (receipt_confirm_minutes > 0),
      turnover_percent integer NOT NULL DEFAULT 0 CHECK (turnover_percent >= 0)
    );
    INSERT INTO cashier_settings (id, gateway_secret) VALUES (1, '${gatewaySecret}');

    CREATE TABLE deposit_orders (
      id bigserial PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      method_code text NOT NULL REFERENCES payment_methods(code),
      method_kind text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
      first_deposit boolean NOT NULL DEFAULT false,
      gateway_transaction_id text,
      reason text,
      decided_by bigint REFERENCES members(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX deposit_orders_member ON deposit_orders (member_id, created_at);
    CREATE INDEX deposit_orders_status ON deposit_orders (status, created_at);

    CREATE TABLE member_bank_accounts (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      bank_name text NOT NULL,
      account_name text NOT NULL,
      account_number text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
      confirmed_by bigint REFERENCES members(id),
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, bank_name, account_number)
    );

    CREATE TABLE withdrawal_orders (
      id bigserial PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      bank_account_id bigint NOT NULL REFERENCES member_bank_accounts(id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'confirmed')),
      hold_id bigint NOT NULL,
      reason text,
      approved_at timestamptz,
      paid_at timestamptz,
      receipt_status text CHECK (receipt_status IN ('received', 'partial', 'not_received')),
      receipt_comment text,
      receipt_forced boolean NOT NULL DEFAULT false,
      receipt_at timestamptz,
      decided_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX withdrawal_orders_member ON withdrawal_orders (member_id, created_at);
    CREATE INDEX withdrawal_orders_status ON withdrawal_orders (status, paid_at);

    CREATE TABLE cashier_files (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      purpose text NOT NULL CHECK (purpose IN ('deposit_proof', 'withdrawal_receipt')),
      reference text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cashier_files_reference ON cashier_files (reference);

    CREATE TABLE job_runs (
      name text NOT NULL,
      period_start timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (name, period_start)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE job_runs;
    DROP TABLE cashier_files;
    DROP TABLE withdrawal_orders;
    DROP TABLE member_bank_accounts;
    DROP TABLE deposit_orders;
    DROP TABLE cashier_settings;
    DROP TABLE payment_methods;
  `,
  );
}
