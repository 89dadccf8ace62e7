import type { ContractInfo } from '@gamehall/shared/api/contracts';
import { avatarUrl, type MemberInfo, type PublicState } from '@gamehall/shared/api/member';
import { isAgentType, isTrialType } from '../../http/auth';
import { maskEmail, maskMobile } from '../accounts/masking';
import type { MemberProfile } from '../accounts/member.service';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentMemberInfo(r: { member: MemberProfile; currency: string; contracts: ContractInfo }): MemberInfo {
  const m = r.member;
  return {
    id: m.id,
    account: m.username,
    nickname: m.nickname,
    type: m.type,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    email: m.email ? maskEmail(m.email) : null,
    mobileNum: m.mobile_num ? maskMobile(m.mobile_num) : null,
    countryDialingCode: m.country_dialing_code,
    language: m.language,
    vipLevel: m.vip_level,
    imgUrl: avatarUrl(m.avatar),
    currency: r.currency,
    registerTime: iso(m.created_at),
    lastLoginTime: m.last_login_at ? iso(m.last_login_at) : null,
    // Until the client's first-login call (login.service firstLogin) has been made.
    firstTimeLogin: m.first_login_at === null,
    hasPaymentPassword: m.has_payment_password,
    ...r.contracts,
  };
}

export function presentPublicState(s: {
  balance: number;
  bonusBalance: number;
  currencySymbol: string;
  hasVip: boolean;
  vipLabelName: string;
  vipRankLevel: number;
  availablePromoCount: number;
  missionCount: number;
  unreadMessage: number;
  referral: boolean;
  avatar: number;
}): PublicState {
  return {
    balance: s.balance,
    bonusBalance: s.bonusBalance,
    currencySymbol: s.currencySymbol,
    hasVip: s.hasVip,
    vipLabelName: s.vipLabelName,
    vipRankLevel: s.vipRankLevel,
    availablePromoCount: s.availablePromoCount,
    missionCount: s.missionCount,
    unreadMessage: s.unreadMessage,
    availablePromo: { REFERRAL: s.referral },
    imgUrl: avatarUrl(s.avatar),
  };
}
