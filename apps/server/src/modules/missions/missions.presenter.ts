import type { MissionItem } from '@gamehall/shared/api/missions';
import { toMajor } from '@gamehall/shared/money';
import type { MissionRow, MissionView } from './missions.service';
import { statusOf } from './missions.service';

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
