import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The catalogue sync from a provider's game list (docs/game-providers.md "The catalogue sync"): a
// listed game's image and RTP; why a sync took a game out of play (provider_hold: the provider
// switched it off, or no longer lists it), so a later sync puts back only what a sync took and never
// a game the operator hid; how often it runs by itself; and every run, by hand or by the schedule.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE games ADD COLUMN image_url text;
    ALTER TABLE games ADD COLUMN rtp_hundredths integer CHECK (rtp_hundredths BETWEEN 0 AND 10000);
    ALTER TABLE games ADD COLUMN provider_hold text CHECK (provider_hold IN ('disabled', 'removed'));
    ALTER TABLE vendor_integrations ADD COLUMN catalogue_sync_hours integer
      CHECK (catalogue_sync_hours IN (6, 24, 168));
    CREATE TABLE catalogue_syncs (
      id bigserial PRIMARY KEY,
      vendor_code text NOT NULL REFERENCES vendors (code),
      at timestamptz NOT NULL DEFAULT now(),
      by_username text,
      added integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      held integer NOT NULL DEFAULT 0,
      released integer NOT NULL DEFAULT 0,
      error text
    );
    CREATE INDEX catalogue_syncs_vendor ON catalogue_syncs (vendor_code, id DESC);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE catalogue_syncs;
    ALTER TABLE vendor_integrations DROP COLUMN catalogue_sync_hours;
    ALTER TABLE games DROP COLUMN provider_hold;
    ALTER TABLE games DROP COLUMN rtp_hundredths;
    ALTER TABLE games DROP COLUMN image_url;
    `,
  );
}
