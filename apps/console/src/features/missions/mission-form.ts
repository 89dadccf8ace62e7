import type { MissionInput } from '@gamehall/shared/api/missions';
import type { z } from 'zod';
import { contributionsOf, fullWeights, weightsOf } from '../../components/wagering-weights';
import type { Mission } from './api';

// The mission form's values (strings, as the inputs hold them) and the body they become. Kept apart
// from the page so the payload, the per-game-type wagering weights included, is tested on its own.

export function emptyMissionForm() {
  return {
    period: 'daily',
    newbieDays: '7',
    task: 'login',
    target: '1',
    minDeposit: '',
    gameType: '',
    rewardKind: 'cash',
    rewardAmount: '',
    rewardTicketKindId: '',
    wageringMultiple: '',
    wageringDays: '30',
    /** Per game type, the percent (0-100) of a settled bet that counts towards the bonus's wagering. */
    weights: fullWeights(),
    /** What game types outside the list contribute; kept as the edited mission has it. */
    otherPercent: 100,
    claimDays: '7',
    startsAt: '',
    endsAt: '',
    title: '',
    description: '',
    sort: '0',
  };
}

export type MissionForm = ReturnType<typeof emptyMissionForm>;
export type MissionFormField = Exclude<keyof MissionForm, 'weights' | 'otherPercent'>;

/** datetime-local value of an ISO time, in the operator's time zone. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The form of a mission being edited, its wagering weights included. */
export function missionFormOf(m: Mission): MissionForm {
  const wagering = m.rewardWagering;
  const { weights, otherPercent } = weightsOf(wagering);
  return {
    period: m.period,
    newbieDays: String(m.newbieDays ?? 7),
    task: m.task,
    target: String(m.target),
    minDeposit: m.minDeposit === null ? '' : String(m.minDeposit),
    gameType: m.gameType ?? '',
    rewardKind: m.rewardKind,
    rewardAmount: String(m.rewardAmount),
    rewardTicketKindId: m.rewardTicketKindId === null ? '' : String(m.rewardTicketKindId),
    wageringMultiple: wagering ? String(wagering.multiple) : '',
    wageringDays: String(wagering?.days ?? 30),
    weights,
    otherPercent,
    claimDays: String(m.claimDays),
    startsAt: localInput(m.startsAt),
    endsAt: m.endsAt ? localInput(m.endsAt) : '',
    title: m.texts.en?.title ?? '',
    description: m.texts.en?.description ?? '',
    sort: String(m.sort),
  };
}

/** Whether the form carries a wagering requirement (a bonus reward with a multiple). */
export function hasWagering(form: MissionForm): boolean {
  return form.rewardKind === 'bonus' && form.wageringMultiple.trim() !== '';
}

/**
 * The body of POST or PUT /admin/missions. The weights must have been checked with weightErrors
 * (components/wagering-weights.ts) first.
 */
export function missionPayload(form: MissionForm, now = new Date()): z.input<typeof MissionInput> {
  const counted = form.task === 'bet' || form.task === 'rounds';
  return {
    period: form.period as never,
    newbieDays: form.period === 'newbie' ? Number(form.newbieDays) : null,
    task: form.task as never,
    target: Number(form.target),
    minDeposit: form.task === 'deposit' && form.minDeposit !== '' ? Number(form.minDeposit) : null,
    gameType: counted && form.gameType.trim() !== '' ? form.gameType.trim() : null,
    rewardKind: form.rewardKind as never,
    rewardAmount: Number(form.rewardAmount),
    rewardTicketKindId:
      form.rewardKind === 'ticket' && form.rewardTicketKindId !== '' ? Number(form.rewardTicketKindId) : null,
    // A bonus with a multiple turns over multiple x the bonus within its days; each game type's bets
    // count at its weight.
    rewardWagering: hasWagering(form)
      ? {
          multiple: Number(form.wageringMultiple),
          base: 'bonus',
          contributions: contributionsOf(form.weights, form.otherPercent),
          otherPercent: form.otherPercent,
          days: Number(form.wageringDays),
        }
      : null,
    claimDays: Number(form.claimDays),
    startsAt: new Date(form.startsAt || now).toISOString(),
    endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
    texts: { en: { title: form.title, description: form.description } },
    sort: Number(form.sort),
  };
}
