import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { hintFor } from '@gamehall/shared/patterns';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ruleHint } from '../../components/register-rules';
import en from '../../locales/en.json';
import ty from '../../locales/ty.json';
import zh from '../../locales/zh.json';
import {
  invitationTakesBoth,
  offersInvitation,
  routeInvitationCode,
  signUpRules,
  splitFieldReasons,
  visibleRules,
} from './register-fields';

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

describe("registration hints in the reader's language (spec §5)", () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: en }, ty: { translation: ty }, zh: { translation: zh } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    initAsync: false,
  });
  const withPattern = (patternId: number | null, min: number, max: number): RegisterFieldRule => ({
    ...rule('username'),
    patternId,
    minLength: min,
    maxLength: max,
    hint: hintFor(patternId, min, max),
  });

  it('in English, every pattern says what the server says', () => {
    const t = i18n.getFixedT('en');
    for (const id of [null, ...Array.from({ length: 18 }, (_, i) => i + 1)]) {
      expect(ruleHint(t, withPattern(id, 6, 16))).toBe(hintFor(id, 6, 16));
      expect(ruleHint(t, withPattern(id, 8, 8))).toBe(hintFor(id, 8, 8));
    }
  });

  it('translated by patternId with the bounds filled', () => {
    expect(ruleHint(i18n.getFixedT('zh'), withPattern(6, 10, 11))).toBe('请输入 10 - 11 个字符：仅限数字');
    expect(ruleHint(i18n.getFixedT('ty'), withPattern(null, 4, 4))).toBe('Maglagay ng 4 na karakter');
  });

  it('the server hint when the pattern has no key', () => {
    const unknown = { ...withPattern(1, 6, 16), patternId: 99, hint: 'Server says so' };
    expect(ruleHint(i18n.getFixedT('zh'), unknown)).toBe('Server says so');
  });
});

describe('one invitation code field for the affiliate and referral codes (spec §3, §5)', () => {
  const flags = { mobileVerify: false, mobilePasswordReg: false };
  const codeRule = (field: string, enabled: boolean, required: boolean, min: number, max: number) => ({
    ...rule(field, enabled, required),
    minLength: min,
    maxLength: max,
  });

  it('shows one field where both rules are on, required when either is, with room for either', () => {
    const both = [
      rule('username', true, true),
      codeRule('affiliateCode', true, false, 4, 20),
      codeRule('referralCode', true, true, 6, 30),
    ];
    const shown = visibleRules(both, 'username', flags);
    expect(shown.map((r) => r.field)).toEqual(['username', 'affiliateCode']);
    expect(shown[1]).toMatchObject({ required: true, minLength: 4, maxLength: 30 });
    expect(invitationTakesBoth(both)).toBe(true);

    const affiliateOnly = [
      codeRule('affiliateCode', true, false, 4, 20),
      codeRule('referralCode', false, false, 4, 20),
    ];
    expect(visibleRules(affiliateOnly, 'username', flags).map((r) => r.field)).toEqual(['affiliateCode']);
    expect(invitationTakesBoth(affiliateOnly)).toBe(false);
    const referralOnly = [codeRule('affiliateCode', false, false, 4, 20), codeRule('referralCode', true, true, 4, 20)];
    expect(visibleRules(referralOnly, 'username', flags)).toEqual([referralOnly[1]]);
  });

  it('sends a known agent code as affiliateCode and any other as referralCode when the field takes both', async () => {
    const agents = new Set(['AGENT01']);
    const isAffiliate = async (code: string) => agents.has(code);
    expect(await routeInvitationCode({ username: 'u', affiliateCode: 'AGENT01' }, true, isAffiliate)).toEqual({
      username: 'u',
      affiliateCode: 'AGENT01',
    });
    expect(await routeInvitationCode({ username: 'u', affiliateCode: 'A1B2C3' }, true, isAffiliate)).toEqual({
      username: 'u',
      referralCode: 'A1B2C3',
    });
    // Only the affiliate rule on: an unknown code stops registration (invitation_code_error).
    expect(await routeInvitationCode({ username: 'u', affiliateCode: 'A1B2C3' }, false, isAffiliate)).toBe('invalid');
    // No code, or only a referral field: nothing to look up.
    const untouched = { username: 'u', referralCode: 'A1B2C3' };
    expect(await routeInvitationCode(untouched, false, isAffiliate)).toBe(untouched);
  });
});

describe('splitFieldReasons', () => {
  it('keeps reasons of shown fields under their form names and sets the rest apart', () => {
    const shown = new Set(['mobileNum', 'password']);
    expect(
      splitFieldReasons(
        { username: 'REQUIRED', countryDialingCode: 'PATTERN', password: 'TOO_SHORT', ageConfirmed: 'REQUIRED' },
        shown,
        { countryDialingCode: 'mobileNum' },
      ),
    ).toEqual({
      onForm: { mobileNum: 'PATTERN', password: 'TOO_SHORT' },
      elsewhere: { username: 'REQUIRED', ageConfirmed: 'REQUIRED' },
    });
    expect(splitFieldReasons(undefined, shown)).toEqual({ onForm: {}, elsewhere: {} });
  });
});

describe('the sign-up asks only what the brand requires', () => {
  const brand = [
    rule('username', true, true),
    rule('password', true, true),
    rule('confirmPassword', true, true),
    rule('payeeName'),
    rule('email'),
    rule('mobileNum'),
    rule('verificationCode'),
    rule('affiliateCode'),
    rule('paymentPassword'),
    rule('birthday'),
    rule('referralCode'),
  ];
  const flags = { mobileVerify: true, mobilePasswordReg: true };

  it('username tab: the username and passwords, optional details left for the profile', () => {
    expect(signUpRules(brand, 'username', flags, false).map((r) => r.field)).toEqual([
      'username',
      'password',
      'confirmPassword',
    ]);
    // The code field comes when the visitor has one (one field for both kinds of code).
    expect(signUpRules(brand, 'username', flags, true).map((r) => r.field)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'affiliateCode',
    ]);
  });

  it('a required field stays, and a required number brings its SMS code', () => {
    const required = brand.map((r) =>
      r.field === 'birthday' || r.field === 'mobileNum' ? { ...r, required: true } : r,
    );
    expect(signUpRules(required, 'username', flags, false).map((r) => r.field)).toEqual([
      'username',
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'birthday',
    ]);
  });

  it('mobile tab: the number, its code and the passwords', () => {
    expect(signUpRules(brand, 'mobile', flags, false).map((r) => r.field)).toEqual([
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
    ]);
  });

  it('offers an invitation code only when the brand takes one', () => {
    expect(offersInvitation(brand)).toBe(true);
    expect(offersInvitation(brand.filter((r) => !['affiliateCode', 'referralCode'].includes(r.field)))).toBe(false);
  });
});
