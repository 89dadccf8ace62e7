import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// What a round was, in its vendor's words (a sportsbook bet's legs, odds, result and payout), for the
// member's betting record and account record. A vendor sends it as `detail` on a bet, win or
// resettle call; most calls carry none, so it lives in a table of its own, written only when a call
// brings one, and the bet and win paths' statements never touch it. One row per round: the detail
// of the latest call recorded for the round replaces the one before (transaction_seq is that call's
// vendor_transactions id, so a late repeat of an earlier call never puts an older detail back).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE vendor_round_details (
      vendor_code text NOT NULL,
      round_id text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      detail jsonb NOT NULL,
      -- one sentence naming the event(s) for the account record: "Harbour City v Northgate Rovers"
      summary text NOT NULL,
      transaction_seq bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor_code, round_id),
      FOREIGN KEY (vendor_code, round_id) REFERENCES vendor_rounds (vendor_code, round_id)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE vendor_round_details;');
}
