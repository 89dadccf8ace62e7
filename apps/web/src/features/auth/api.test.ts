import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { asksForCaptcha } from './api';

describe('which login refusals ask for the captcha (spec §4)', () => {
  it('a failure carrying the captcha flag, and the captcha codes', () => {
    expect(asksForCaptcha(new ApiError('ACCOUNT_PASSWORD_INVALID', 'x', 401, { captcha: true }))).toBe(true);
    expect(asksForCaptcha(new ApiError('CAPTCHA_REQUIRED', 'x', 400, { captcha: true }))).toBe(true);
    expect(asksForCaptcha(new ApiError('CAPTCHA_INVALID', 'x', 400))).toBe(true);
  });

  it('not a plain wrong password, another code, or a network failure', () => {
    expect(asksForCaptcha(new ApiError('ACCOUNT_PASSWORD_INVALID', 'x', 401))).toBe(false);
    expect(asksForCaptcha(new ApiError('ACCOUNT_PASSWORD_INVALID', 'x', 401, { captcha: false }))).toBe(false);
    expect(asksForCaptcha(new ApiError('LOGIN_VERIFICATION_REQUIRED', 'x', 403, { verificationId: 'v' }))).toBe(false);
    expect(asksForCaptcha(new Error('offline'))).toBe(false);
  });
});
