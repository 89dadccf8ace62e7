import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Payment service providers as plugins of the cashier (docs/cashier.md "Payment providers"): a
// brand connects a provider with its test keys and its live keys (kept apart; the secrets are never
// read back by the console), chooses the mode in use, and turns on the methods it serves (GCash and
// Maya through Xendit, seeded off). A provider's deposit keeps the provider's payment id and pay
// page; a payout keeps the provider's payout id and where it stands. Every webhook is recorded once
// by the provider's event id, so a repeat is recognised before it is read again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE payment_providers (
      code text PRIMARY KEY,
      mode text NOT NULL DEFAULT 'test' CHECK (mode IN ('test', 'live')),
      enabled boolean NOT NULL DEFAULT false,
      payouts_enabled boolean NOT NULL DEFAULT false,
      -- Null: the provider's own API.
      api_base_url text,
      test_secret_key text,
      test_webhook_token text,
      live_secret_key text,
      live_webhook_token text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by bigint
    );
    ALTER TABLE payment_methods ADD COLUMN psp text;
    ALTER TABLE payment_methods ADD COLUMN psp_channel text;
    INSERT INTO payment_methods (code, name, kind, min_amount, max_amount, sort, active, psp, psp_channel) VALUES
      ('GCASH', 'GCash', 'ewallet', 10000, 5000000, 5, false, 'xendit', 'PH_GCASH'),
      ('MAYA', 'Maya', 'ewallet', 10000, 5000000, 6, false, 'xendit', 'PH_PAYMAYA')
      ON CONFLICT (code) DO NOTHING;
    ALTER TABLE deposit_orders ADD COLUMN psp text;
    ALTER TABLE deposit_orders ADD COLUMN psp_mode text CHECK (psp_mode IN ('test', 'live'));
    ALTER TABLE deposit_orders ADD COLUMN psp_payment_id text;
    ALTER TABLE deposit_orders ADD COLUMN psp_pay_url text;
    ALTER TABLE deposit_orders ADD COLUMN psp_deep_link text;
    -- When the state query last asked about the order: it asks the least recently asked first.
    ALTER TABLE deposit_orders ADD COLUMN psp_checked_at timestamptz;
    CREATE UNIQUE INDEX deposit_orders_psp_payment ON deposit_orders (psp, psp_payment_id)
      WHERE psp_payment_id IS NOT NULL;
    -- The reconciliation job's work: provider orders not yet settled.
    CREATE INDEX deposit_orders_psp_open ON deposit_orders (psp_checked_at NULLS FIRST, created_at)
      WHERE psp_payment_id IS NOT NULL AND status IN ('pending', 'expired', 'cancelled');
    ALTER TABLE withdrawal_orders ADD COLUMN payout_psp text;
    ALTER TABLE withdrawal_orders ADD COLUMN payout_mode text CHECK (payout_mode IN ('test', 'live'));
    ALTER TABLE withdrawal_orders ADD COLUMN payout_channel text;
    ALTER TABLE withdrawal_orders ADD COLUMN payout_id text;
    -- sending: asked of the provider (perhaps not yet answered); failed: the provider could not pay
    -- and the money went back to the member.
    ALTER TABLE withdrawal_orders ADD COLUMN payout_state text CHECK (payout_state IN ('sending', 'failed'));
    ALTER TABLE withdrawal_orders ADD COLUMN payout_requested_at timestamptz;
    ALTER TABLE withdrawal_orders ADD COLUMN payout_failure text;
    CREATE INDEX withdrawal_orders_payout_sending ON withdrawal_orders (payout_requested_at)
      WHERE payout_state = 'sending';
    CREATE TABLE payment_webhook_events (
      id bigserial PRIMARY KEY,
      psp text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      event_id text NOT NULL,
      event text NOT NULL,
      reference text,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (psp, event_id)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE payment_webhook_events;
    DROP INDEX withdrawal_orders_payout_sending;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_failure;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_requested_at;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_state;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_id;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_channel;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_mode;
    ALTER TABLE withdrawal_orders DROP COLUMN payout_psp;
    DROP INDEX deposit_orders_psp_open;
    DROP INDEX deposit_orders_psp_payment;
    ALTER TABLE deposit_orders DROP COLUMN psp_checked_at;
    ALTER TABLE deposit_orders DROP COLUMN psp_deep_link;
    ALTER TABLE deposit_orders DROP COLUMN psp_pay_url;
    ALTER TABLE deposit_orders DROP COLUMN psp_payment_id;
    ALTER TABLE deposit_orders DROP COLUMN psp_mode;
    ALTER TABLE deposit_orders DROP COLUMN psp;
    DELETE FROM payment_methods WHERE code IN ('GCASH', 'MAYA')
      AND NOT EXISTS (SELECT 1 FROM deposit_orders WHERE method_code IN ('GCASH', 'MAYA'));
    ALTER TABLE payment_methods DROP COLUMN psp_channel;
    ALTER TABLE payment_methods DROP COLUMN psp;
    DROP TABLE payment_providers;
    `,
  );
}
