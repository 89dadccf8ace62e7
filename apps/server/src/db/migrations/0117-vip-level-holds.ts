import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A VIP level set by hand holds (docs/vip.md "Operator"): one row per member while an operator's
// level is in force, until `ends_at` (the start of the brand day after the date the operator chose,
// or of the next brand month: the next monthly review). While it holds, neither an event's upgrade
// nor the monthly review changes the level or pays its monthly bonus.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE vip_level_holds (
      member_id bigint PRIMARY KEY REFERENCES members (id),
      level integer NOT NULL CHECK (level >= 0),
      until_kind text NOT NULL CHECK (until_kind IN ('date', 'review')),
      last_day date NOT NULL,
      ends_at timestamptz NOT NULL,
      set_by bigint NOT NULL,
      set_at timestamptz NOT NULL
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE vip_level_holds;');
}
