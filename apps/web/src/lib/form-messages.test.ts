import { ChangePasswordBody } from '@gamehall/shared/api/password';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { reasonMessage, showServerFieldErrors, showSubmitError, withMessages } from './form-messages';

const KNOWN = new Set([
  'validation.required',
  'validation.invalid',
  'validation.reason.TAKEN',
  'validation.reason.PATTERN',
  'validation.account',
  'validation.realName',
  'validation.phone',
  'errors.VALIDATION_FAILED',
  'errors.INTERNAL_ERROR',
]);
const t = ((key: string, options?: { defaultValue?: string }) =>
  KNOWN.has(key) ? `<${key}>` : (options?.defaultValue ?? key)) as unknown as TFunction;

const Fields = ChangePasswordBody.refine((v) => v.confirmNewPassword === v.newPassword, {
  path: ['confirmNewPassword'],
});
const resolver = withMessages(zodResolver(Fields, undefined, { raw: true }), t, {
  oldPassword: 'validation.required',
});
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('form messages from translation keys', () => {
  it('gives each failing field its named key and the rest validation.invalid', async () => {
    const result = await resolver({ oldPassword: '', newPassword: 'a', confirmNewPassword: 'b' }, undefined, options);
    expect(result.errors.oldPassword?.message).toBe('<validation.required>');
    expect(result.errors.confirmNewPassword?.message).toBe('<validation.invalid>');
    expect(result.errors.newPassword).toBeUndefined();
    expect(result.values).toEqual({});
  });

  it('passes valid values through untouched (raw: passwords are not trimmed)', async () => {
    const values = { oldPassword: ' old ', newPassword: 'n ', confirmNewPassword: 'n ' };
    const result = await resolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });

  it('maps server field reasons to validation.reason.*, unknown ones to validation.invalid', () => {
    expect(reasonMessage(t, 'TAKEN')).toBe('<validation.reason.TAKEN>');
    expect(reasonMessage(t, 'SOMETHING_NEW')).toBe('<validation.invalid>');
    const set: Array<[string, unknown]> = [];
    const setError = (name: string, error: unknown) => void set.push([name, error]);
    showServerFieldErrors(setError, t, new ApiError('VALIDATION', 'x', 400, { fields: { username: 'TAKEN' } }));
    showServerFieldErrors(setError, t, new Error('network'));
    expect(set).toEqual([['username', { message: '<validation.reason.TAKEN>' }]]);
  });

  it('puts a reason under the field a form shows it as when the call names it otherwise', () => {
    const set: Array<[string, unknown]> = [];
    const setError = (name: string, error: unknown) => void set.push([name, error]);
    const err = new ApiError('VALIDATION_FAILED', 'x', 400, {
      fields: { mobileNum: 'PATTERN', verificationCode: 'REQUIRED', newPassword: 'PATTERN' },
    });
    showServerFieldErrors(setError, t, err, { mobileNum: 'mobile', verificationCode: 'smsCode' });
    expect(set.map(([name]) => name)).toEqual(['mobile', 'smsCode', 'newPassword']);
    expect(set[0]?.[1]).toEqual({ message: '<validation.phone>' });
  });

  it('a refused submit: field reasons under the fields, the translated code at the foot', () => {
    const set: Array<[string, unknown]> = [];
    const setError = (name: string, error: unknown) => void set.push([name, error]);
    showSubmitError(setError, t, new ApiError('VALIDATION_FAILED', 'x', 400, { fields: { username: 'TAKEN' } }));
    expect(set).toEqual([
      ['username', { message: '<validation.reason.TAKEN>' }],
      ['root', { message: '<errors.VALIDATION_FAILED>' }],
    ]);
    set.length = 0;
    showSubmitError(setError, t, new Error('network down'));
    expect(set).toEqual([['root', { message: '<errors.INTERNAL_ERROR>' }]]);
  });
});

describe('the format messages of spec §5', () => {
  it('a wrong format of the account, the real name and the phone number says which', () => {
    expect(reasonMessage(t, 'PATTERN', 'username')).toBe('<validation.account>');
    expect(reasonMessage(t, 'PATTERN', 'payeeName')).toBe('<validation.realName>');
    expect(reasonMessage(t, 'PATTERN', 'fullName')).toBe('<validation.realName>');
    expect(reasonMessage(t, 'PATTERN', 'mobileNum')).toBe('<validation.phone>');
    // Other reasons of those fields, and the format of any other field, keep the general words.
    expect(reasonMessage(t, 'TAKEN', 'username')).toBe('<validation.reason.TAKEN>');
    expect(reasonMessage(t, 'PATTERN', 'wechat')).toBe('<validation.reason.PATTERN>');
  });

  it("the server's refusal puts them under the fields, by the names the call used", () => {
    const set: Record<string, string | undefined> = {};
    const setError = ((name: string, error: { message?: string }) => {
      set[name] = error.message;
    }) as never;
    const err = new ApiError('VALIDATION_FAILED', 'x', 400, {
      fields: { username: 'PATTERN', payeeName: 'PATTERN', mobileNum: 'PATTERN' },
    });
    showServerFieldErrors(setError, t, err, { mobileNum: 'mobile' });
    expect(set).toMatchObject({
      username: '<validation.account>',
      payeeName: '<validation.realName>',
      mobile: '<validation.phone>',
    });
  });
});
