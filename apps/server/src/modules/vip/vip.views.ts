import type { MemberVipValue, VipLevelView } from '@gamehall/shared/api/vip';
import { toMajor } from '@gamehall/shared/money';
import type { Level, memberVip } from './vip.service';

// Level and member VIP responses, shared by the member's page (vip.presenter.ts) and the back
// office (admin-vip), so they live at service level.

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
