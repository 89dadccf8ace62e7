import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A provider whose games are launched and listed through its own Games API (Caleta's /api/game/url,
// /api/game/list, /api/game/round; docs/game-providers.md): where it is and who the operator is
// there (games_api: { url, operatorId, subPartnerId }), and the operator's RSA key pair those calls
// are signed with. The private key never leaves the server; the console shows the public one, to be
// sent to the provider.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendor_integrations ADD COLUMN games_api jsonb;
    ALTER TABLE vendor_integrations ADD COLUMN operator_private_key text;
    ALTER TABLE vendor_integrations ADD COLUMN operator_public_key text;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendor_integrations DROP COLUMN operator_public_key;
    ALTER TABLE vendor_integrations DROP COLUMN operator_private_key;
    ALTER TABLE vendor_integrations DROP COLUMN games_api;
    `,
  );
}
