import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// An e-wallet deposit method: the member pays in a wallet app (a QR code on a wide screen, a deep
// link on the phone), and the provider confirms with a signed callback, like the online gateway.
// The provider is configured by the operator: its name, the pay page and deep link (templates with
// {reference} and {amount}) and the secret its callbacks are signed with. Without them the method is
// not offered, except in demo mode, where the sandbox gateway stands in for the provider. Pending
// e-wallet orders expire like gateway ones, hence the wider index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_kind_check;
    ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_kind_check
      CHECK (kind IN ('bank_transfer', 'gateway', 'ewallet', 'withdrawal'));
    ALTER TABLE payment_methods ADD COLUMN provider_name text;
    ALTER TABLE payment_methods ADD COLUMN provider_pay_url text;
    ALTER TABLE payment_methods ADD COLUMN provider_deep_link text;
    ALTER TABLE payment_methods ADD COLUMN provider_secret text;
    INSERT INTO payment_methods (code, name, kind, min_amount, max_amount, sort) VALUES
      ('EWALLET', 'E-wallet', 'ewallet', 10000, 5000000, 3)
      ON CONFLICT (code) DO NOTHING;
    UPDATE payment_methods SET sort = 4 WHERE code = 'WITHDRAWAL' AND sort = 3;
    DROP INDEX deposit_orders_pending_gateway;
    CREATE INDEX deposit_orders_pending_online ON deposit_orders (created_at)
      WHERE status = 'pending' AND method_kind IN ('gateway', 'ewallet');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX deposit_orders_pending_online;
    CREATE INDEX deposit_orders_pending_gateway ON deposit_orders (created_at)
      WHERE status = 'pending' AND method_kind = 'gateway';
    DELETE FROM payment_methods WHERE code = 'EWALLET'
      AND NOT EXISTS (SELECT 1 FROM deposit_orders WHERE method_code = 'EWALLET');
    ALTER TABLE payment_methods DROP COLUMN provider_secret;
    ALTER TABLE payment_methods DROP COLUMN provider_deep_link;
    ALTER TABLE payment_methods DROP COLUMN provider_pay_url;
    ALTER TABLE payment_methods DROP COLUMN provider_name;
    ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_kind_check;
    ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_kind_check
      CHECK (kind IN ('bank_transfer', 'gateway', 'withdrawal'));
    `,
  );
}
