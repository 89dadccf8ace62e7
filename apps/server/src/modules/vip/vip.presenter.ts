import type { AdminVipValue, MemberVipValue, VipLevelView, VipSummaryValue } from '@gamehall/shared/api/vip';
import { toMajor } from '@gamehall/shared/money';
import type { adminOverview, Level, MemberSummary, memberVip } from './vip.service';

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

export function presentLevel(l: Level): VipLevelView {
  return {
    level: l.level,
    labelName: l.labelName,
    minDeposit: toMajor(l.minDeposit),
    minValidBet: toMajor(l.minValidBet),
    upgradeBonus: toMajor(l.upgradeBonus),
    monthlyBonus: toMajor(l.monthlyBonus),
    birthdayBonus: toMajor(l.birthdayBonus),
    withdrawDailyCount: l.withdrawDailyCount,
    withdrawDailyAmount: l.withdrawDailyAmount === null ? null : toMajor(l.withdrawDailyAmount),
    rebateRates: Object.entries(l.rebateRates)
      .map(([gameType, ratePpm]) => ({
        gameType: gameType as VipLevelView['rebateRates'][number]['gameType'],
        ratePpm,
      }))
      .sort((a, b) => a.gameType.localeCompare(b.gameType)),
  };
}

export function presentMemberVip(v: Awaited<ReturnType<typeof memberVip>>): MemberVipValue {
  return {
    memberId: v.member.id,
    username: v.member.username,
    level: v.member.vip_level,
    labelName: v.labelName,
    hold: v.hold
      ? {
          level: v.hold.level,
          until: v.hold.until_kind,
          lastDay: String(v.hold.last_day),
          setAt: new Date(v.hold.set_at).toISOString(),
        }
      : null,
    windowDays: v.totals.windowDays,
    deposits: toMajor(v.totals.deposits),
    validBets: toMajor(v.totals.validBets),
    changes: v.changes.map((c) => ({
      fromLevel: c.from_level,
      toLevel: c.to_level,
      source: c.source,
      reason: c.reason,
      createdAt: new Date(c.created_at).toISOString(),
    })),
  };
}

export function presentOverview(o: Awaited<ReturnType<typeof adminOverview>>): AdminVipValue {
  return { levels: o.levels.map(presentLevel), settings: o.settings };
}
