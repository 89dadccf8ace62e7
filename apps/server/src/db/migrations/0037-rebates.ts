import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Rebates, cash back (spec §1, §2 manual rebate, §9 rates; docs/vip.md),
// written only by modules/rebates.
// - rebate_accruals: one row per settled round that earns a rebate: its valid bet, game type and
//   the rate of the member's level when it settled (ppm). Unpaid while payout_id is NULL. An amount
//   is computed per payout as floor(sum of bets x rate / 1,000,000) per (game type, rate), so no
//   fraction is lost round by round.
// - rebate_payouts: one per payment, automatic (unique per member and brand day: the daily job
//   pays once under reruns) or manual (a claim). Paid by one ledger posting from
//   promotions-expense to cash in the same transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE rebate_payouts (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      mode text NOT NULL CHECK (mode IN ('automatic', 'manual')),
      pay_day date,
      amount bigint NOT NULL CHECK (amount > 0),
      valid_bet bigint NOT NULL,
      lines jsonb NOT NULL,
      currency text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((mode = 'automatic') = (pay_day IS NOT NULL))
    );
    CREATE UNIQUE INDEX rebate_payouts_daily ON rebate_payouts (member_id, pay_day) WHERE mode = 'automatic';
    CREATE INDEX rebate_payouts_member ON rebate_payouts (member_id, id);
    CREATE INDEX rebate_payouts_created ON rebate_payouts (created_at);

    CREATE TABLE rebate_accruals (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      event_id bigint NOT NULL UNIQUE,
      game_type text NOT NULL,
      valid_bet bigint NOT NULL CHECK (valid_bet > 0),
      rate_ppm integer NOT NULL CHECK (rate_ppm > 0),
      settled_at timestamptz NOT NULL,
      payout_id bigint REFERENCES rebate_payouts(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rebate_accruals_unpaid ON rebate_accruals (member_id, settled_at) WHERE payout_id IS NULL;
    CREATE INDEX rebate_accruals_settled ON rebate_accruals (settled_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE rebate_accruals;
    DROP TABLE rebate_payouts;
  `,
  );
}
