import type { LoginHistoryPage, MemberSessionList, RevokedSessions } from '@gamehall/shared/api/devices';
import type { MemberIcons, ProfileDetails, ProfileDetailsBody, SecurityCentre } from '@gamehall/shared/api/member';
import type {
  BindEmailBody,
  BindMobileBody,
  ChangePaymentPasswordBody,
  CodeSentValue,
  EmailCodeBody,
  MobileCodeBody,
  ResetPaymentPasswordBody,
  SecurityCodeBody,
  SetPaymentPasswordBody,
} from '@gamehall/shared/api/security';
import type { TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@gamehall/shared/api/two-factor';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export function securityQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'security', token],
    queryFn: () => apiRequest<SecurityCentre>('/wps/member/security'),
    enabled: Boolean(token),
  });
}

export function iconsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'icons', token],
    queryFn: () => apiRequest<MemberIcons>('/wps/member/info/icon'),
    enabled: Boolean(token),
  });
}

export function setIcon(icon: number) {
  return apiRequest<unknown>('/wps/member/info/icon', { method: 'POST', body: { icon } });
}

// Security centre actions (spec §2 securityCenter). Calls carrying a secret go encrypted.
export function sendSecurityCode(body: SecurityCodeBody) {
  return apiRequest<CodeSentValue>('/wps/member/security/code', { method: 'POST', body });
}

export function setPaymentPassword(body: SetPaymentPasswordBody) {
  return apiRequest<null>('/wps/member/security/paymentPassword', { method: 'POST', encrypted: true, body });
}

export function changePaymentPassword(body: ChangePaymentPasswordBody) {
  return apiRequest<null>('/wps/member/security/paymentPassword', { method: 'PUT', encrypted: true, body });
}

export function resetPaymentPassword(body: ResetPaymentPasswordBody) {
  return apiRequest<null>('/wps/member/security/paymentPassword/reset', { method: 'POST', encrypted: true, body });
}

export function sendMobileCode(body: MobileCodeBody) {
  return apiRequest<CodeSentValue>('/wps/member/security/mobile/code', { method: 'POST', body });
}

export function bindMobile(body: BindMobileBody) {
  return apiRequest<null>('/wps/member/security/mobile', { method: 'POST', encrypted: true, body });
}

export function sendEmailCode(body: EmailCodeBody) {
  return apiRequest<CodeSentValue>('/wps/member/security/email/code', { method: 'POST', body });
}

export function bindEmail(body: BindEmailBody) {
  return apiRequest<null>('/wps/member/security/email', { method: 'POST', encrypted: true, body });
}

// Two-factor authentication and signed-in devices (security centre).
export function twoFactorQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'twoFactor', token],
    queryFn: () => apiRequest<TwoFactorStatus>('/wps/member/security/twoFactor'),
    enabled: Boolean(token),
  });
}

export function startTwoFactor(loginPassword: string) {
  return apiRequest<TwoFactorEnrolment>('/wps/member/security/twoFactor/enrol', {
    method: 'POST',
    encrypted: true,
    body: { loginPassword },
  });
}

export function confirmTwoFactor(code: string) {
  return apiRequest<TwoFactorRecoveryCodes>('/wps/member/security/twoFactor/confirm', {
    method: 'POST',
    body: { code },
  });
}

export function disableTwoFactor(code: string) {
  return apiRequest<null>('/wps/member/security/twoFactor/disable', { method: 'POST', body: { code } });
}

export function regenerateRecoveryCodes(code: string) {
  return apiRequest<TwoFactorRecoveryCodes>('/wps/member/security/twoFactor/recoveryCodes', {
    method: 'POST',
    body: { code },
  });
}

export function sessionsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'sessions', token],
    queryFn: () => apiRequest<MemberSessionList>('/wps/member/security/sessions'),
    enabled: Boolean(token),
  });
}

export function revokeSession(id: number) {
  return apiRequest<null>(`/wps/member/security/sessions/${id}`, { method: 'DELETE' });
}

export function revokeOtherSessions() {
  return apiRequest<RevokedSessions>('/wps/member/security/sessions/revokeOthers', { method: 'POST' });
}

export function loginHistoryQuery(token: string | null, pageNo: number, pageSize = 10) {
  return queryOptions({
    queryKey: ['member', 'loginHistory', token, pageNo, pageSize],
    queryFn: () => apiRequest<LoginHistoryPage>('/wps/member/security/loginHistory', { query: { pageNo, pageSize } }),
    enabled: Boolean(token),
  });
}

/** The optional details added after signing up (the sign-up asks only what the brand requires). */
export function profileDetailsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'profileDetails', token],
    queryFn: () => apiRequest<ProfileDetails>('/wps/member/profile/details'),
    enabled: Boolean(token),
  });
}

export function saveProfileDetails(body: ProfileDetailsBody) {
  return apiRequest<ProfileDetails>('/wps/member/profile/details', { method: 'PUT', body });
}
