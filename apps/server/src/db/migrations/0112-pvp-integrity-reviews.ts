import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Operators' decisions on the card room's integrity flags (docs/pvp.md "Reviewing flags"). A flag is
// computed by the studio on request and not stored; a decision is, keyed by what identifies the flag
// when it is computed again (its kind, members and stake: flag_key), with the hands it covered
// (first_hand_id..last_hand_id). One row per decision, never updated: the highest revision of a key
// is the flag's state, the others its history. UNIQUE (flag_key, revision) is what lets only one
// of two operators deciding on the same revision at once win.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE pvp_integrity_reviews (
      id bigserial PRIMARY KEY,
      flag_key text NOT NULL,
      revision integer NOT NULL CHECK (revision > 0),
      kind text NOT NULL CHECK (kind IN ('chip_dumping', 'soft_play')),
      member_a bigint,
      member_b bigint,
      decision text NOT NULL CHECK (decision IN ('cleared', 'confirmed')),
      reason text NOT NULL,
      first_hand_id bigint NOT NULL,
      last_hand_id bigint NOT NULL CHECK (last_hand_id >= first_hand_id),
      window_from date NOT NULL,
      window_to date NOT NULL,
      raised_members jsonb NOT NULL DEFAULT '[]',
      reviewed_by bigint NOT NULL,
      reviewed_by_username text NOT NULL,
      reviewed_at timestamptz NOT NULL,
      UNIQUE (flag_key, revision)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE pvp_integrity_reviews;');
}
