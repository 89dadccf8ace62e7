import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Ranking promotions and one bonus per person (docs/rewards.md "Promotions").
// - promotions.kind gains 'ranking'; promotions.settled_at: when a ranking's prizes were paid.
// - reward_refusals: a grant the one-per-person rule refused, with the reason (the member, an IP,
//   a bank account number or a mobile number shared with a member the promotion already rewarded)
//   and that member; one per (promotion, member, source), as rewards, so a replay records it once.
// - ranking_turnover: each member's valid-bet turnover in a ranking promotion's period, and when it
//   reached its current value (ties go to who reached it first).
// - rewards_ranking_rank: one prize per (promotion, rank) whatever reruns the payout.
const up0045 = `
ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check CHECK (kind IN ('deposit_match', 'fixed', 'application', 'ranking'));
ALTER TABLE promotions ADD COLUMN settled_at timestamptz;

CREATE TABLE reward_refusals (
  id bigserial PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promotions(id),
  member_id bigint NOT NULL REFERENCES members(id),
  source text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('member', 'device', 'ip', 'bank_account', 'mobile')),
  other_member_id bigint REFERENCES members(id),
  amount bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (promotion_id, member_id, source)
);
CREATE INDEX reward_refusals_created ON reward_refusals (created_at, id);

CREATE TABLE ranking_turnover (
  promotion_id bigint NOT NULL REFERENCES promotions(id),
  member_id bigint NOT NULL REFERENCES members(id),
  turnover bigint NOT NULL DEFAULT 0,
  rounds integer NOT NULL DEFAULT 0,
  reached_at timestamptz NOT NULL,
  PRIMARY KEY (promotion_id, member_id)
);
CREATE INDEX ranking_turnover_board ON ranking_turnover (promotion_id, turnover DESC, reached_at, member_id);

CREATE UNIQUE INDEX rewards_ranking_rank ON rewards (promotion_id, source) WHERE source LIKE 'rank:%';
CREATE INDEX members_register_ip ON members (register_ip) WHERE register_ip IS NOT NULL;
CREATE INDEX member_login_ips_ip ON member_login_ips (ip);
CREATE INDEX member_bank_accounts_number ON member_bank_accounts (account_number);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, up0045);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
DROP INDEX member_bank_accounts_number;
DROP INDEX member_login_ips_ip;
DROP INDEX members_register_ip;
DROP INDEX rewards_ranking_rank;
DROP TABLE ranking_turnover;
DROP TABLE reward_refusals;
ALTER TABLE promotions DROP COLUMN settled_at;
ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check CHECK (kind IN ('deposit_match', 'fixed', 'application'));
`,
  );
}
