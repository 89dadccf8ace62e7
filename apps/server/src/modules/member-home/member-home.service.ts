// The member's home data: who they are (member info) and the header's state (balance, VIP, badges),
// gathered from accounts, wallet, agents, rewards, missions, referrals and messages. A view: it
// reads many areas, so it sits above them and none of them imports it.
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { isTrialType, type Principal } from '../../http/auth';
import { profileOf, vipLevelSummary } from '../accounts/member.service';
import { contractInfo } from '../agents/contracts.service';
import { getBrand } from '../brand/brand.service';
import { balanceOf, bonusBalanceOf } from '../ledger/ledger.service';
import { unreadCount } from '../messages/messages.service';
import { claimableMissionCount } from '../missions/missions.service';
import { canInvite } from '../referrals/referrals.service';
import { claimableCount } from '../rewards/rewards.service';

/** GET /wps/member/info (spec §3 member info). */
export async function info(ctx: AppContext, principal: Principal) {
  const [member, brand, contracts] = await Promise.all([
    profileOf(ctx, principal),
    getBrand(ctx.db),
    contractInfo(ctx.db, principal.memberId),
  ]);
  return { member, currency: brand.currency, contracts };
}

/** GET /wps/member/publicState (spec §3 public state, §6). */
export async function publicState(ctx: AppContext, principal: Principal) {
  const member = await profileOf(ctx, principal);
  const brand = await getBrand(ctx.db);
  const trial = isTrialType(member.type);
  // The header's balance is what the member can play and withdraw: cash held for a withdrawal in
  // review is not in it (the withdraw page and the games show the same figure).
  const { available } = await balanceOf(ctx.db, member.id, brand.currency);
  // Beside it the bonus balance (docs/rewards.md), which games spend after cash but a withdrawal cannot.
  const bonus = await bonusBalanceOf(ctx.db, member.id, brand.currency);
  const vip = await vipLevelSummary(ctx, member.vip_level);
  // The rewards the member can claim now in the reward centre.
  const availablePromoCount = await claimableCount(ctx, member.id);
  // spec §2 member centre badges: completed missions whose reward waits to be claimed.
  const missionCount = trial ? 0 : await claimableMissionCount(ctx, member.id);
  // spec §6: a trial member has no inbox, so no unread messages are loaded.
  const unreadMessage = trial ? 0 : await unreadCount(ctx, member.id);
  return {
    balance: toMajor(available),
    bonusBalance: toMajor(bonus),
    currencySymbol: brand.currencySymbol,
    // docs/vip.md: a member holds a VIP level above the base level 0 (the level kept by modules/vip).
    hasVip: vip.labelName !== null && member.vip_level > 0,
    vipLabelName: vip.labelName ?? '',
    vipRankLevel: member.vip_level,
    availablePromoCount,
    missionCount,
    unreadMessage,
    // spec §3 availablePromo.REFERRAL: the programme is on and the member may invite.
    referral: await canInvite(ctx.db, member),
    avatar: member.avatar,
  };
}
