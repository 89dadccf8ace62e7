import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Balance adjustments of type bonus (docs/back-office.md "Adjustment types"): the operator credits the
// member's bonus wallet with a wagering requirement, paid as a reward so the bonus converts and is
// forfeited by the rules of a claimed bonus (docs/rewards.md "Bonus wallet and wagering").
// - balance_adjustments: type gains 'bonus'; wagering_multiple is the requirement the operator
//   entered (turnover = multiple x amount), kept from the request to the approval.
// - rewards: a reward belongs to a promotion, a mission's progress row, or a bonus adjustment
//   (adjustment_id, one reward per adjustment), exactly one of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_type_check;
    ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_type_check
      CHECK (type IN ('correction', 'goodwill', 'manual_deposit', 'bonus'));
    ALTER TABLE balance_adjustments ADD COLUMN wagering_multiple integer
      CHECK (wagering_multiple BETWEEN 1 AND 100);
    ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_bonus_check
      CHECK ((type = 'bonus') = (wagering_multiple IS NOT NULL));

    ALTER TABLE rewards ADD COLUMN adjustment_id bigint REFERENCES balance_adjustments(id);
    ALTER TABLE rewards DROP CONSTRAINT rewards_owner_check;
    ALTER TABLE rewards ADD CONSTRAINT rewards_owner_check CHECK (
      (promotion_id IS NOT NULL)::int + (mission_progress_id IS NOT NULL)::int + (adjustment_id IS NOT NULL)::int = 1);
    CREATE UNIQUE INDEX rewards_adjustment ON rewards (adjustment_id) WHERE adjustment_id IS NOT NULL;
    `,
  );
}

// Refused while bonus adjustments exist (their rewards, wagers and postings stay; the constraints fail).
export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX rewards_adjustment;
    ALTER TABLE rewards DROP CONSTRAINT rewards_owner_check;
    ALTER TABLE rewards ADD CONSTRAINT rewards_owner_check CHECK ((promotion_id IS NULL) <> (mission_progress_id IS NULL));
    ALTER TABLE rewards DROP COLUMN adjustment_id;
    ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_bonus_check;
    ALTER TABLE balance_adjustments DROP COLUMN wagering_multiple;
    ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_type_check;
    ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_type_check
      CHECK (type IN ('correction', 'goodwill', 'manual_deposit'));
    `,
  );
}
