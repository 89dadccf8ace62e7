import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { describe, expect, it } from 'vitest';
import { visibleRules } from './register-fields';

const rule = (field: string, enabled = true, required = false): RegisterFieldRule => ({
  field,
  enabled,
  required,
  minLength: 1,
  maxLength: 20,
  patternId: null,
  acceptedPattern: '*',
  hint: '',
});

const rules = [
  rule('email'),
  rule('password', true, true),
  rule('username', true, true),
  rule('qqNum', false),
  rule('mobileNum'),
  rule('verificationCode'),
  rule('captcha'),
  rule('confirmPassword', true, true),
];

describe('registration fields (spec §5)', () => {
  it('username tab: enabled fields only, username first, captcha apart, SMS code when verification is on', () => {
    const on = visibleRules(rules, 'username', { mobileVerify: true, mobilePasswordReg: false }).map((r) => r.field);
    expect(on).toEqual(['username', 'mobileNum', 'verificationCode', 'password', 'confirmPassword', 'email']);
    const off = visibleRules(rules, 'username', { mobileVerify: false, mobilePasswordReg: false }).map((r) => r.field);
    expect(off).not.toContain('verificationCode');
    expect(off).not.toContain('qqNum');
    expect(off).not.toContain('captcha');
  });

  it('mobile tab: no username, the number is required, passwords only with MOBILENUMPASSREG3', () => {
    const shown = visibleRules(rules, 'mobile', { mobileVerify: true, mobilePasswordReg: false });
    expect(shown.map((r) => r.field)).toEqual(['mobileNum', 'verificationCode', 'email']);
    expect(shown[0]?.required).toBe(true);
    const withPassword = visibleRules(rules, 'mobile', { mobileVerify: false, mobilePasswordReg: true }).map(
      (r) => r.field,
    );
    expect(withPassword).toEqual(['mobileNum', 'password', 'confirmPassword', 'email']);
  });
});
