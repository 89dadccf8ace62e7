import type { AffiliateClickValue } from '@gamehall/shared/api/agents';
import type {
  ForgotByEmailBody,
  ResetByPhoneBody,
  ResetByPhoneValue,
  ResetByTokenBody,
} from '@gamehall/shared/api/password';
import type { AffiliateCheckValue, RegisterBody } from '@gamehall/shared/api/registration';
import type {
  LoginBody,
  LoginValue,
  LoginVerificationMethod,
  LoginVerificationSentValue,
} from '@gamehall/shared/api/session';
import type { SmsSentValue } from '@gamehall/shared/api/verification';
import { ApiError, apiRequest } from '../../lib/api-client';
import { fetchSolvedChallenge } from '../../lib/challenge';
import { openModal } from '../../lib/modals';
import { startSession } from '../../lib/session';

// spec §4: once a login failure carries the captcha flag, every login form of the page shows the
// captcha from the start (the header form hands over to the modal) until a login succeeds.
let captchaDue = false;

export function isCaptchaDue(): boolean {
  return captchaDue;
}

/** A refusal that asks for (or spent) the captcha image. */
export function asksForCaptcha(err: unknown): boolean {
  return err instanceof ApiError && (err.value?.captcha === true || err.code.startsWith('CAPTCHA'));
}

// What the header's login form had typed when it handed over to the modal (a captcha or a new-IP
// check is due): kept in memory only, until the modal signs in or is closed.
let handed: { username: string; password: string } | null = null;

export function handOverLogin(typed: { username: string; password: string }): void {
  handed = typed;
}

/** What the header form handed over, if anything (read by the modal's fields as they start). */
export function handedLogin(): { username: string; password: string } | null {
  return handed;
}

export function forgetHandedLogin(): void {
  handed = null;
}

/** spec §4 Login: challenge (username type), then the encrypted login call. */
export async function login(body: Omit<LoginBody, 'challenge'>): Promise<LoginValue> {
  const challenge = body.type === 'sms' ? undefined : await fetchSolvedChallenge();
  try {
    const value = await apiRequest<LoginValue>('/wps/session/login', {
      method: 'POST',
      encrypted: true,
      body: { ...body, challenge },
    });
    captchaDue = false;
    return value;
  } catch (err) {
    if (asksForCaptcha(err)) captchaDue = true;
    throw err;
  }
}

// The password of a login that must change it, kept in memory only (never in storage) so the
// forced change does not ask for it again (spec §5: "old password required unless known").
let forcedChangePassword: string | undefined;

/** The password the forced change-password modal may send as the old one; undefined when unknown. */
export function knownPasswordForChange(): string | undefined {
  return forcedChangePassword;
}

export function forgetPasswordForChange(): void {
  forcedChangePassword = undefined;
}

/**
 * After any successful login: keep the token, make the first-login call, force a password change
 * when due. `password` is the one just typed (password logins), so the forced change knows it.
 */
export async function completeLogin(value: LoginValue, password?: string): Promise<void> {
  startSession(value);
  if (value.firstTimeLogin) await apiRequest('/wps/member/firstLogin', { method: 'POST' }).catch(() => undefined);
  forcedChangePassword = value.forceChangePassword ? password : undefined;
  if (value.forceChangePassword) openModal('changePass');
}

export function sendLoginVerification(verificationId: string, method: 'SMS' | 'EMAIL') {
  return apiRequest<LoginVerificationSentValue>('/wps/session/login/verification/send', {
    method: 'POST',
    body: { verificationId, method },
  });
}

export function answerLoginVerification(verificationId: string, method: LoginVerificationMethod, code: string) {
  return apiRequest<LoginValue>('/wps/session/login/verification', {
    method: 'POST',
    body: { verificationId, method, code },
  });
}

/** POST /wps/session/login/freeplay (FREEPLAY3): a trial account with a random client string. */
export function freeplay(): Promise<LoginValue> {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
  return apiRequest<LoginValue>('/wps/session/login/freeplay', {
    method: 'POST',
    body: { platform: 'W', gatewayVersion: 3, random, os: navigator.platform || undefined },
  });
}

export function fetchCaptcha(): Promise<string> {
  return apiRequest<string>('/wps/captcha');
}

/** The countdown the SMS login and the reset by phone share: both send a /sms/noLogin code. */
export const NO_LOGIN_SMS = 'noLogin';

export async function sendLoginSms(mobileNum: string, countryDialingCode: string): Promise<SmsSentValue> {
  return apiRequest<SmsSentValue>('/wps/verification/sms/noLogin', {
    method: 'POST',
    body: { mobileNum, countryDialingCode, challenge: await fetchSolvedChallenge() },
  });
}

export async function sendRegisterSms(mobileNo: string, countryDialingCode: string): Promise<SmsSentValue> {
  return apiRequest<SmsSentValue>('/wps/verification/sms/register', {
    method: 'POST',
    body: { mobileNo, countryDialingCode, challenge: await fetchSolvedChallenge() },
  });
}

export function checkAffiliate(code: string) {
  return apiRequest<AffiliateCheckValue>('/wps/agent/affiliate', {
    method: 'POST',
    body: { code, domain: window.location.host, url: window.location.href },
  });
}

/** The register page opened by an agent's link (docs/agents.md "Referral link": counted per visitor and day). */
export function reportAffiliateVisit(code: string) {
  return apiRequest<AffiliateClickValue>('/wps/agent/affiliate/click', { method: 'POST', body: { code } });
}

export async function register(body: RegisterBody, mobile: boolean): Promise<LoginValue> {
  return apiRequest<LoginValue>(mobile ? '/wps/member/register/mobile' : '/wps/member/register', {
    method: 'PUT',
    encrypted: true,
    body: { ...body, login: true, challenge: await fetchSolvedChallenge(), registerUrl: window.location.href },
  });
}

export function forgotByEmail(body: ForgotByEmailBody) {
  return apiRequest<null>('/wps/member/password/email', { method: 'POST', form: true, body });
}

/** POST /wps/member/password/reset (E): the token of the mailed link and the new password. */
export function resetByToken(body: ResetByTokenBody) {
  return apiRequest<null>('/wps/member/password/reset', { method: 'POST', encrypted: true, body });
}

export async function resetByPhone(body: Omit<ResetByPhoneBody, 'challenge'>) {
  return apiRequest<ResetByPhoneValue>('/wps/member/password/verification', {
    method: 'POST',
    encrypted: true,
    body: { ...body, challenge: await fetchSolvedChallenge() },
  });
}

export function logout() {
  return apiRequest<null>('/wps/session/logout', { method: 'DELETE' });
}
