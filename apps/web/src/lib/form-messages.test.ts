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
    expect(set[0]?.[1]).toEqual({ message: '<validation.reason.PATTERN>' });
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
