import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// An online (gateway) deposit the member never paid expires after the brand's minutes (default 30)
// instead of staying pending for ever. The expiry job finds them by status and age, hence the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE cashier_settings ADD COLUMN gateway_expiry_minutes integer NOT NULL DEFAULT 30
      CHECK (gateway_expiry_minutes > 0);
    ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check;
    ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_status_check
      CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'expired'));
    CREATE INDEX deposit_orders_pending_gateway ON deposit_orders (created_at)
      WHERE status = 'pending' AND method_kind = 'gateway';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX deposit_orders_pending_gateway;
    UPDATE deposit_orders SET status = 'cancelled' WHERE status = 'expired';
    ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check;
    ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_status_check
      CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled'));
    ALTER TABLE cashier_settings DROP COLUMN gateway_expiry_minutes;
    `,
  );
}
