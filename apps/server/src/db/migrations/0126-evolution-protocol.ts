import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Evolution's One Wallet is a third wallet protocol (docs/game-providers.md): Evolution proves itself
// with the integration's secret as its authToken, so it needs no column of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendor_integrations DROP CONSTRAINT vendor_integrations_protocol_check;
    ALTER TABLE vendor_integrations ADD CONSTRAINT vendor_integrations_protocol_check
      CHECK (protocol IN ('gamehall', 'caleta', 'evolution'));
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    UPDATE vendor_integrations SET protocol = 'gamehall' WHERE protocol = 'evolution';
    ALTER TABLE vendor_integrations DROP CONSTRAINT vendor_integrations_protocol_check;
    ALTER TABLE vendor_integrations ADD CONSTRAINT vendor_integrations_protocol_check
      CHECK (protocol IN ('gamehall', 'caleta'));
    `,
  );
}
