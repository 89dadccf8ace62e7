import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The demo once listed the house studio's one sportsbook under four sports vendors, three e-sports
// vendors and two sabong vendors, each card opening the same book. The demo now lists each book
// once (seed/catalogue-seed.ts); in a database seeded before, the other cards are switched off in
// the game menus and their tiles hidden. Only where the house studio still plays the vendor: a
// vendor an operator has connected to an outside integration keeps its place.
const RETIRED = `(VALUES ('IBC', 'SPORTS'), ('SBT', 'SPORTS'), ('UG', 'SPORTS'), ('IMES', 'ESPORTS'), ('AVIA', 'ESPORTS'), ('DIG', 'COCKFIGHT'))`;
const HOUSE_PLAYED = `NOT EXISTS (SELECT 1 FROM vendor_integrations i WHERE i.vendor_code = r.vendor_code AND i.launch_url <> '/studio/play')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    UPDATE vendor_game_types t SET enabled = false FROM ${RETIRED} AS r(vendor_code, game_type)
      WHERE t.vendor_code = r.vendor_code AND t.game_type = r.game_type AND t.enabled AND ${HOUSE_PLAYED};
    UPDATE games g SET status = 'hidden' FROM ${RETIRED} AS r(vendor_code, game_type)
      WHERE g.vendor_code = r.vendor_code AND g.game_type = r.game_type AND g.status = 'active' AND ${HOUSE_PLAYED};
    `,
  );
}
