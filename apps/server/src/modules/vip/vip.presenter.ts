import type { VipSummaryValue } from '@gamehall/shared/api/vip';
import { toMajor } from '@gamehall/shared/money';
import type { MemberSummary } from './vip.service';
import { presentLevel } from './vip.views';

export function presentSummary(s: MemberSummary, windowDays: number): VipSummaryValue {
  const next = s.next;
  return {
    level: s.level,
    labelName: s.labelName,
    windowDays,
    deposits: toMajor(s.totals.deposits),
    validBets: toMajor(s.totals.validBets),
    next: next
      ? {
          level: next.level,
          labelName: next.labelName,
          minDeposit: toMajor(next.minDeposit),
          minValidBet: toMajor(next.minValidBet),
          depositsNeeded: toMajor(Math.max(0, next.minDeposit - s.totals.deposits)),
          validBetsNeeded: toMajor(Math.max(0, next.minValidBet - s.totals.validBets)),
        }
      : null,
    levels: s.levels.map(presentLevel),
  };
}
