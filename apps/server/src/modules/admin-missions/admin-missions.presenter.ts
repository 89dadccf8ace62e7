import type { AdminMission } from '@gamehall/shared/api/missions';
import { toMajor } from '@gamehall/shared/money';
import { type MissionRow, phaseOf } from '../missions/missions.service';

/** bet targets and cash rewards are money (major units); counts and points stay as they are. */
function targetOf(task: string, target: number): number {
  return task === 'bet' ? toMajor(target) : target;
}

export function presentAdminMission(m: MissionRow, now: Date): AdminMission {
  return {
    id: m.id,
    period: m.period,
    newbieDays: m.newbie_days,
    task: m.task,
    target: targetOf(m.task, Number(m.target)),
    minDeposit: m.min_deposit === null ? null : toMajor(m.min_deposit),
    gameType: m.game_type,
    rewardKind: m.reward_kind,
    rewardAmount:
      m.reward_kind === 'cash' || m.reward_kind === 'bonus' ? toMajor(m.reward_amount) : Number(m.reward_amount),
    rewardTicketKindId: m.reward_ticket_kind_id === null ? null : Number(m.reward_ticket_kind_id),
    rewardWagering: m.reward_wagering,
    claimDays: m.claim_days,
    state: m.state,
    phase: phaseOf(m, now),
    startsAt: new Date(m.starts_at).toISOString(),
    endsAt: m.ends_at === null ? null : new Date(m.ends_at).toISOString(),
    texts: m.texts,
    sort: m.sort,
    createdAt: new Date(m.created_at).toISOString(),
  };
}
