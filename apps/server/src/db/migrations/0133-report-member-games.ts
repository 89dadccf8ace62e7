import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The rollup job's pass over an open day recomputed the per-game and per-type rollups from every
// round of the day (their player counts are distinct members, which a sum over the changes cannot
// give), and the net revenue per game from every round closed in the day. report_daily_member_games
// holds, per member and game of the day, the rounds opened in the day as the games rollup counts
// them (rounds, bet_amount, win_amount) and the rounds closed in it as the net revenue counts them
// (valid_*): a pass rewrites the rows of the members that changed, and sums again only the games
// whose member rows moved, and the types and the day from these rows instead of the rounds
// (docs/back-office.md "How fresh the reports are").
// The key leads with the game, which the per-game sums read; the second index finds a member's rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `CREATE TABLE report_daily_member_games (
       day date NOT NULL,
       vendor_code text NOT NULL,
       game_type text NOT NULL,
       game_code text NOT NULL,
       member_id bigint NOT NULL,
       node_id bigint,
       rounds bigint NOT NULL,
       bet_amount bigint NOT NULL,
       win_amount bigint NOT NULL,
       valid_rounds bigint NOT NULL,
       valid_bet bigint NOT NULL,
       valid_win bigint NOT NULL,
       PRIMARY KEY (day, vendor_code, game_type, game_code, member_id)
     );
     CREATE INDEX report_daily_member_games_member ON report_daily_member_games (day, member_id);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE report_daily_member_games;');
}
