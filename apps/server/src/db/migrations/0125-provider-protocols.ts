import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// An outside provider calls the wallet in its own published protocol (docs/game-providers.md): the
// integration says which, and for a protocol signed with the provider's RSA key (Caleta's
// X-Auth-Signature) holds the provider's public key. `gamehall` is the platform's own
// /vendor/wallet/* shape, signed with the shared secret, as every integration so far.
// A protocol may swap a launch token for a new one (Caleta's /wallet/check): the old session then
// ends, and replaced_by names the session that took its place.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendor_integrations ADD COLUMN protocol text NOT NULL DEFAULT 'gamehall'
      CHECK (protocol IN ('gamehall', 'caleta'));
    ALTER TABLE vendor_integrations ADD COLUMN provider_public_key text;
    ALTER TABLE game_sessions ADD COLUMN replaced_by bigint REFERENCES game_sessions (id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE game_sessions DROP COLUMN replaced_by;
    ALTER TABLE vendor_integrations DROP COLUMN provider_public_key;
    ALTER TABLE vendor_integrations DROP COLUMN protocol;
    `,
  );
}
