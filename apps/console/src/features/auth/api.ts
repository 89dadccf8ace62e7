import { type Challenge, solveChallenge } from '@gamehall/ui/challenge';
import { ApiError, api } from '../../lib/api-client';
import { clearToken, saveToken } from '../../lib/session-token';

// The operator session endpoints of S1 (contract in CONSOLE-PLAN.md).
export type LoginValue = {
  token: string;
  username: string;
  permissions: string[];
  twoFactor?: { enabled: boolean; required: boolean };
  mustEnrol?: boolean;
  mustChangePassword?: boolean;
};

export type LoginInput = { username: string; password: string; captcha?: string; code?: string };

/** Sign-in: the proof-of-work challenge as the player site solves it, then the login call. */
export async function signIn(input: LoginInput): Promise<LoginValue> {
  const challenge = await solveChallenge(await api<Challenge>('/wps/verification/challenge'));
  const value = await api<LoginValue>('/admin/session/login', { method: 'POST', body: { ...input, challenge } });
  saveToken(value.token);
  return value;
}

/** The captcha image (base64 PNG) once a refusal asked for it. */
export function fetchCaptcha(): Promise<string> {
  return api<string>('/wps/captcha');
}

/** A refusal that asks for (or spent) the captcha image. */
export function asksForCaptcha(err: unknown): boolean {
  return err instanceof ApiError && (err.value?.captcha === true || err.code.startsWith('CAPTCHA'));
}

/** Ends this session on the server; the console forgets the token whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await api('/admin/session/logout', { method: 'POST', body: {} });
  } catch {
    // an expired session is signed out already
  } finally {
    clearToken();
  }
}

/** Ends every session of this operator, this one included. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await api('/admin/session/logoutAll', { method: 'POST', body: {} });
  } finally {
    clearToken();
  }
}

export type PasswordChange = { oldPassword: string; newPassword: string; code?: string };

/** The operator's own password change; the other sessions end, this one goes on. */
export function changePassword(body: PasswordChange): Promise<unknown> {
  return api('/admin/session/password', { method: 'POST', body });
}

/** The name players read in the support chat. */
export function setDisplayName(displayName: string): Promise<unknown> {
  return api('/admin/session/displayName', { method: 'PUT', body: { displayName } });
}

export type Enrolment = { secret: string; otpauthUrl: string; qrSvg?: string };

export function startEnrolment(password: string): Promise<Enrolment> {
  return api<Enrolment>('/admin/session/twoFactor/enrol', { method: 'POST', body: { password } });
}

/** New recovery codes for a current authenticator code (the old ones stop working). */
export function regenerateRecoveryCodes(code: string): Promise<{ recoveryCodes: string[] }> {
  return api<{ recoveryCodes: string[] }>('/admin/session/twoFactor/recoveryCodes', { method: 'POST', body: { code } });
}

export function confirmEnrolment(code: string): Promise<{ recoveryCodes: string[] }> {
  return api<{ recoveryCodes: string[] }>('/admin/session/twoFactor/confirm', { method: 'POST', body: { code } });
}
