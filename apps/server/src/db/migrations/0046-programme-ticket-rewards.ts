import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Tickets as rewards of missions, promotions and the points mall, and missions
// paying bonus balance with wagering (docs/rewards.md, docs/missions.md, docs/referrals-tickets.md).
// - rewards: pay_as gains 'ticket' (ticket_kind_id names the kind; ticket_ids are the tickets issued
//   at the claim). A reward belongs to a promotion or, for a mission's bonus, to the mission
//   progress row it paid (mission_progress_id, one reward per row); such a reward carries its own
//   wagering terms (the promotion's rules otherwise).
// - missions and mission_progress: reward_kind gains 'bonus' and 'ticket', with the ticket kind and
//   the wagering terms (copied to the progress row like the rest of the reward); ticket_ids: the
//   tickets a claim issued.
// - points_rewards and points_redemptions: the ticket kind row a ticket reward issues (ticket_kind
//   stays the kind's type). Existing ticket rewards get the first enabled kind of their type.
const up0046 = `
ALTER TABLE rewards ALTER COLUMN promotion_id DROP NOT NULL;
ALTER TABLE rewards ADD COLUMN mission_progress_id bigint REFERENCES mission_progress(id);
ALTER TABLE rewards ADD COLUMN wagering jsonb;
ALTER TABLE rewards ADD COLUMN ticket_kind_id bigint REFERENCES ticket_kinds(id);
ALTER TABLE rewards ADD COLUMN ticket_ids jsonb;
ALTER TABLE rewards DROP CONSTRAINT rewards_pay_as_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_pay_as_check CHECK (pay_as IN ('cash', 'bonus', 'ticket'));
ALTER TABLE rewards ADD CONSTRAINT rewards_owner_check CHECK ((promotion_id IS NULL) <> (mission_progress_id IS NULL));
ALTER TABLE rewards ADD CONSTRAINT rewards_ticket_check CHECK ((pay_as = 'ticket') = (ticket_kind_id IS NOT NULL));
CREATE UNIQUE INDEX rewards_mission_progress ON rewards (mission_progress_id) WHERE mission_progress_id IS NOT NULL;

ALTER TABLE missions DROP CONSTRAINT missions_reward_kind_check;
ALTER TABLE missions ADD CONSTRAINT missions_reward_kind_check CHECK (reward_kind IN ('cash', 'points', 'bonus', 'ticket'));
ALTER TABLE missions ADD COLUMN reward_ticket_kind_id bigint REFERENCES ticket_kinds(id);
ALTER TABLE missions ADD COLUMN reward_wagering jsonb;
ALTER TABLE missions ADD CONSTRAINT missions_reward_ticket_check CHECK ((reward_kind = 'ticket') = (reward_ticket_kind_id IS NOT NULL));
ALTER TABLE missions ADD CONSTRAINT missions_reward_wagering_check CHECK (reward_wagering IS NULL OR reward_kind = 'bonus');

ALTER TABLE mission_progress DROP CONSTRAINT mission_progress_reward_kind_check;
ALTER TABLE mission_progress ADD CONSTRAINT mission_progress_reward_kind_check CHECK (reward_kind IN ('cash', 'points', 'bonus', 'ticket'));
ALTER TABLE mission_progress ADD COLUMN reward_ticket_kind_id bigint REFERENCES ticket_kinds(id);
ALTER TABLE mission_progress ADD COLUMN reward_wagering jsonb;
ALTER TABLE mission_progress ADD COLUMN ticket_ids jsonb;

ALTER TABLE points_rewards ADD COLUMN ticket_kind_id bigint REFERENCES ticket_kinds(id);
ALTER TABLE points_redemptions ADD COLUMN ticket_kind_id bigint REFERENCES ticket_kinds(id);
UPDATE points_rewards r SET ticket_kind_id = (
  SELECT k.id FROM ticket_kinds k WHERE k.kind = r.ticket_kind AND k.enabled ORDER BY k.id LIMIT 1
) WHERE r.kind = 'ticket';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, up0046);
}
