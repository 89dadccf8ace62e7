import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Promotions, reward centre and bonus wagering (docs/rewards.md).
// - promotions: a programme (type of spec §1, kind, period, operator state, rules and per-language
//   texts as validated by packages/shared/src/api/rewards.ts).
// - promotion_joins: members who joined (MCSFE_signUpPromotionJoin).
// - promotion_applications (+ images): application promotions, decided by an operator.
// - rewards: every reward of a member: waiting (an application), claimable, claimed, expired. One
//   per (promotion, member, source) where the source is the activity event (or application) that
//   earned it, so the engine replaying an event never earns twice.
// - bonus_wagers: a claimed bonus paid as bonus balance and its turnover requirement.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE promotions (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit_match', 'fixed', 'application')),
      state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'paused', 'ended')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      rules jsonb NOT NULL,
      texts jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE promotion_joins (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (promotion_id, member_id)
    );

    CREATE TABLE promotion_applications (
      id bigserial PRIMARY KEY,
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      comment text NOT NULL CHECK (char_length(comment) BETWEEN 1 AND 140),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text,
      decided_by bigint,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX promotion_applications_open ON promotion_applications (promotion_id, member_id) WHERE status <> 'rejected';

    CREATE TABLE promotion_application_images (
      id bigserial PRIMARY KEY,
      application_id bigint NOT NULL REFERENCES promotion_applications(id),
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) <= 5242880)
    );

    CREATE TABLE rewards (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      source text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      basis bigint NOT NULL DEFAULT 0,
      currency text NOT NULL,
      pay_as text NOT NULL CHECK (pay_as IN ('cash', 'bonus')),
      state text NOT NULL CHECK (state IN ('waiting', 'claimable', 'claimed', 'expired')),
      expires_at timestamptz,
      claimed_at timestamptz,
      posting_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (promotion_id, member_id, source)
    );
    CREATE INDEX rewards_member ON rewards (member_id, state, id);
    CREATE INDEX rewards_expiry ON rewards (expires_at) WHERE state = 'claimable';

    CREATE TABLE bonus_wagers (
      id bigserial PRIMARY KEY,
      reward_id bigint NOT NULL UNIQUE REFERENCES rewards(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL,
      bonus bigint NOT NULL,
      required bigint NOT NULL,
      progress bigint NOT NULL DEFAULT 0,
      contributions jsonb NOT NULL,
      other_percent integer NOT NULL,
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'converted', 'forfeited')),
      converted bigint NOT NULL DEFAULT 0,
      forfeited bigint NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX bonus_wagers_member ON bonus_wagers (member_id, id) WHERE state = 'active';
    CREATE INDEX bonus_wagers_expiry ON bonus_wagers (expires_at) WHERE state = 'active';
    `,
  );
}
