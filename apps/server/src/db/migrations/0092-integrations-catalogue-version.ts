import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The game list gives the games of a vendor the house studio serves (its launch URL is the studio's)
// their RTP and volatility (modules/games/house-figures.ts), so a write to vendor_integrations changes what the
// lists show: it bumps the catalogue version like a write to games or vendors (migration 0007), and
// every node's in-memory catalogue reloads on its next call.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TRIGGER vendor_integrations_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_integrations FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    `,
  );
}
