import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Referrals, "invite friends" (docs/referrals-tickets.md).
// - referral_settings: one row, the programme switch and its rules (packages/shared/src/api/referrals.ts).
// - referral_progress: one row per referred member (invitee): its referrer, first deposit and
//   turnover (valid bets) so far, kept by the consumer `referrals`.
// - referral_rewards: one row per (referrer, invitee, stage), paid or refused (self-referral), so a
//   stage pays at most once whatever replays or concurrent events happen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE referral_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      enabled boolean NOT NULL DEFAULT false,
      rules jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO referral_settings (id, enabled, rules)
    VALUES (1, false, '{"payAs":"cash","registration":null,"firstDeposit":null,"turnover":null}');

    CREATE TABLE referral_progress (
      invitee_id bigint PRIMARY KEY REFERENCES members(id),
      referrer_id bigint NOT NULL REFERENCES members(id),
      first_deposit_at timestamptz,
      first_deposit bigint,
      turnover bigint NOT NULL DEFAULT 0,
      turnover_reached_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX referral_progress_referrer ON referral_progress (referrer_id, created_at DESC, invitee_id);

    CREATE TABLE referral_rewards (
      id bigserial PRIMARY KEY,
      referrer_id bigint NOT NULL REFERENCES members(id),
      invitee_id bigint NOT NULL REFERENCES members(id),
      stage text NOT NULL CHECK (stage IN ('registration', 'first_deposit', 'turnover')),
      status text NOT NULL CHECK (status IN ('paid', 'refused')),
      reason text,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      currency text NOT NULL,
      pay_as text NOT NULL CHECK (pay_as IN ('cash', 'bonus')),
      posting_id bigint,
      ticket_id bigint,
      event_id bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (referrer_id, invitee_id, stage)
    );
    CREATE INDEX referral_rewards_day ON referral_rewards (created_at);
    -- The invited list: a referrer's invitees, newest first.
    CREATE INDEX members_referrer ON members (referrer_id, created_at DESC) WHERE referrer_id IS NOT NULL;
    `,
  );
}
