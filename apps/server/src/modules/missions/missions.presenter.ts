import type { AdminMission, MissionItem } from '@gamehall/shared/api/missions';
import { toMajor } from '@gamehall/shared/money';
import type { MissionRow, MissionView } from './missions.service';
import { phaseOf, statusOf } from './missions.service';

function textOf(m: MissionRow, language: string) {
  const texts = m.texts;
  return texts[language.toLowerCase()] ?? texts[language] ?? texts.en ?? { title: `#${m.id}`, description: '' };
}

/** bet targets and cash rewards are money (major units); counts and points stay as they are. */
function targetOf(task: string, target: number): number {
  return task === 'bet' ? toMajor(target) : target;
}

export function presentMission(
  v: MissionView,
  language: string,
  now: Date,
  ticketNames: Map<number, string>,
): MissionItem {
  const m = v.mission;
  const text = textOf(m, language);
  const target = Number(v.row?.target ?? m.target);
  const rewardKind = v.row?.reward_kind ?? m.reward_kind;
  const rewardAmount = Number(v.row?.reward_amount ?? m.reward_amount);
  const ticketKindId = v.row ? v.row.reward_ticket_kind_id : m.reward_ticket_kind_id;
  const wagering = v.row ? v.row.reward_wagering : m.reward_wagering;
  return {
    id: m.id,
    period: m.period,
    task: m.task,
    title: text.title,
    description: text.description,
    target: targetOf(m.task, target),
    progress: targetOf(m.task, Number(v.row?.progress ?? 0)),
    gameType: m.game_type,
    minDeposit: m.min_deposit === null ? null : toMajor(m.min_deposit),
    rewardKind,
    rewardAmount: rewardKind === 'cash' || rewardKind === 'bonus' ? toMajor(rewardAmount) : rewardAmount,
    rewardTicketName: ticketKindId === null ? null : (ticketNames.get(Number(ticketKindId)) ?? null),
    rewardWageringMultiple: wagering?.multiple ?? null,
    status: statusOf(v, now),
    progressId: v.row ? Number(v.row.id) : null,
    resetsAt: v.resetsAt?.toISOString() ?? null,
    claimExpiresAt: v.row?.claim_expires_at ? new Date(v.row.claim_expires_at).toISOString() : null,
  };
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
