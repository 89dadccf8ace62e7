import { AVATAR_COUNT, avatarUrl, type MemberIcons, type SecurityCentre } from '@gamehall/shared/api/member';
import { maskEmail, maskMobile } from './masking';
import type { MemberProfile } from './member.service';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentIcons(current: number): MemberIcons {
  return {
    current,
    icons: Array.from({ length: AVATAR_COUNT }, (_, i) => ({ id: i + 1, url: avatarUrl(i + 1) })),
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
