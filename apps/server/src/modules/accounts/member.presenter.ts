import type { ContractInfo } from '@gamehall/shared/api/contracts';
import {
  AVATAR_COUNT,
  avatarUrl,
  type MemberIcons,
  type MemberInfo,
  type PublicState,
  type SecurityCentre,
} from '@gamehall/shared/api/member';
import { isAgentType, isTrialType } from '../../http/auth';
import { maskEmail } from './login.presenter';
import type { MemberProfile } from './member.service';

const iso = (d: Date | string) => new Date(d).toISOString();

/** 917****567 */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 8) return `${mobile.slice(0, 3)}****${mobile.slice(-3)}`;
  if (mobile.length >= 4) return `****${mobile.slice(-2)}`;
  return '****';
}

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

export function presentIcons(current: number): MemberIcons {
  return {
    current,
    icons: Array.from({ length: AVATAR_COUNT }, (_, i) => ({ id: i + 1, url: avatarUrl(i + 1) })),
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

export function presentSecurity(r: {
  member: MemberProfile;
  loginHistory: SecurityCentre['loginHistory'];
}): SecurityCentre {
  return {
    mobileBound: r.member.mobile_num !== null,
    emailBound: r.member.email !== null,
    mobileNum: r.member.mobile_num ? maskMobile(r.member.mobile_num) : null,
    countryDialingCode: r.member.mobile_num ? r.member.country_dialing_code : null,
    email: r.member.email ? maskEmail(r.member.email) : null,
    paymentPasswordSet: r.member.has_payment_password,
    totpEnabled: r.member.has_totp,
    passwordChangedAt: iso(r.member.password_changed_at),
    loginHistory: r.loginHistory,
  };
}
