import { type Kysely, sql } from 'kysely';
import { eventFunction } from './0034-activity-events';
import { runStatements } from './run-statements';
import { withEdits } from './sql-edits';

// A round's valid bet (turnover) apart from its bet (docs/agents.md "Valid bet"):
// - vendor_rounds.void_amount: the part of the round's bet its vendor declared returned without risk
//   (the win closing the round carries `validBet`: a void or pushed sportsbook bet, half of a half
//   won or lost one). 0 for every round so far and for every vendor that declares nothing, so the
//   rounds already closed keep the valid bet they were counted with.
// - the round.settled fact's amount becomes the valid bet (bet_amount - void_amount), which every
//   programme reads as the turnover, and its data carries the whole bet as `bet` beside the win, so
//   a consumer that needs the money (a loss is bet - win) has it.
// - vendor_rounds_unrisked: a member's rounds with an unrisked part, so the turnover before
//   withdrawal (modules/cashier) subtracts them by reading the few void rounds, not every round
//   (partial: a round without one costs no entry, and its closing win no index update).
// - agent_rounds_closed_cover (migration 0031) covers void_amount too, so the agent figures and the
//   net revenue report, which now sum bet_amount - void_amount, stay index-only scans.

const validBetFunction = (text: string) =>
  withEdits('0100 activity_event_record', text, [
    ['CREATE FUNCTION activity_event_record()', 'CREATE OR REPLACE FUNCTION activity_event_record()'],
    [
      `VALUES ('round.settled', NEW.member_id, NEW.bet_amount, NEW.currency,`,
      `VALUES ('round.settled', NEW.member_id, NEW.bet_amount - NEW.void_amount, NEW.currency,`,
    ],
    [
      `jsonb_build_object('win', NEW.win_amount, 'gameType'`,
      `jsonb_build_object('win', NEW.win_amount, 'bet', NEW.bet_amount, 'gameType'`,
    ],
  ]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE vendor_rounds ADD COLUMN void_amount bigint NOT NULL DEFAULT 0
       CHECK (void_amount >= 0 AND void_amount <= bet_amount);
     CREATE INDEX vendor_rounds_unrisked ON vendor_rounds (member_id) INCLUDE (void_amount) WHERE void_amount > 0;
     DROP INDEX agent_rounds_closed_cover;
     CREATE INDEX agent_rounds_closed_cover ON vendor_rounds (closed_at)
       INCLUDE (member_id, vendor_code, game_type, bet_amount, win_amount, void_amount) WHERE status = 'closed';`,
  );
  await sql.raw(validBetFunction(eventFunction)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      withEdits('0100 activity_event_record down', eventFunction, [
        ['CREATE FUNCTION activity_event_record()', 'CREATE OR REPLACE FUNCTION activity_event_record()'],
      ]),
    )
    .execute(db);
  await runStatements(
    db,
    `DROP INDEX agent_rounds_closed_cover;
     CREATE INDEX agent_rounds_closed_cover ON vendor_rounds (closed_at)
       INCLUDE (member_id, vendor_code, game_type, bet_amount, win_amount) WHERE status = 'closed';
     DROP INDEX vendor_rounds_unrisked;
     ALTER TABLE vendor_rounds DROP COLUMN void_amount;`,
  );
}
