// The member's home data: who they are (member info) and the header's state (balance, VIP, badges),
// gathered from accounts, wallet, agents, rewards, missions, referrals and messages. A view: it
// reads many areas, so it sits above them and none of them imports it.
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { isTrialType, type Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { profileOf, vipLevelLabelSql } from '../accounts/member.service';
import { contractInfo } from '../agents/contracts.service';
import { getBrand } from '../brand/brand.service';
import { memberBalancesSql } from '../ledger/ledger.service';
import { unreadCountSql } from '../messages/messages.service';
import { claimableMissionCountSql } from '../missions/missions.service';
import { programmeOnSql, referralOpen } from '../referrals/referrals.service';
import { claimableCountSql } from '../rewards/rewards.service';
import { headerStateQuery } from './member-home.queries';

/** GET /wps/member/info (spec §3 member info). */
export async function info(ctx: AppContext, principal: Principal) {
  const [member, brand, contracts] = await Promise.all([
    profileOf(ctx, principal),
    getBrand(ctx.db),
    contractInfo(ctx.db, principal.memberId),
  ]);
  return { member, currency: brand.currency, contracts };
}

const headerState = headerStateQuery({
  balances: memberBalancesSql,
  vipLabel: vipLevelLabelSql,
  claimableRewards: claimableCountSql,
  claimableMissions: claimableMissionCountSql,
  unreadMessages: unreadCountSql,
  referralProgrammeOn: programmeOnSql,
});

/** GET /wps/member/publicState (spec §3 public state, §6): one statement (member-home.queries.ts). */
export async function publicState(ctx: AppContext, principal: Principal) {
  const brand = await getBrand(ctx.db);
  const row = await headerState.executeTakeFirst(ctx.db, principal.memberId, brand.currency, ctx.now());
  if (!row) throw new AppError('AUTH_REQUIRED');
  const trial = isTrialType(row.type);
  const vipLevel = Number(row.vip_level);
  return {
    // The header's balance is what the member can play and withdraw: cash held for a withdrawal in
    // review is not in it (the withdraw page and the games show the same figure).
    balance: toMajor(Number(row.available)),
    // Beside it the bonus balance (docs/rewards.md), which games spend after cash but a withdrawal cannot.
    bonusBalance: toMajor(Number(row.bonus)),
    currencySymbol: brand.currencySymbol,
    // docs/vip.md: a member holds a VIP level above the base level 0 (the level kept by modules/vip).
    hasVip: row.vip_label !== null && vipLevel > 0,
    vipLabelName: row.vip_label ?? '',
    vipRankLevel: vipLevel,
    // The rewards the member can claim now in the reward centre.
    availablePromoCount: Number(row.claimable_rewards),
    // spec §2 member centre badges: completed missions whose reward waits to be claimed.
    missionCount: trial ? 0 : Number(row.claimable_missions),
    // spec §6: a trial member has no inbox, so no unread messages count.
    unreadMessage: trial ? 0 : Number(row.unread_messages),
    // spec §3 availablePromo.REFERRAL: the programme is on and the member may invite.
    referral: referralOpen(row, row.referral_on === true),
    avatar: row.avatar,
  };
}
