import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorMessage } from './errors';

/**
 * The shared zod schemas carry no translated text: each form names the validation.* key its
 * failing fields show, and anything it does not name says validation.invalid.
 */
export function withMessages<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  t: TFunction,
  messages: Partial<Record<Path<T>, string>>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const keyOf = (name: string) => messages[name as Path<T>] ?? 'validation.invalid';
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [name, { ...error, message: t(keyOf(name)) }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}

/**
 * The spec's own words for a field whose format is wrong (spec §5 "Messages"): the account, the
 * real name (the payee name and the full name), the phone number, the password and the e-mail.
 */
const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  username: 'validation.account',
  payeeName: 'validation.realName',
  fullName: 'validation.realName',
  mobileNum: 'validation.phone',
  password: 'errors.PASSWORD_FORMAT_INVALID',
  email: 'validation.email',
};

/**
 * The message for a server field reason (REQUIRED, PATTERN, ... in validation.reason); a wrong
 * format of a field the spec names (`field`, its name on the wire) says which field's format.
 */
export function reasonMessage(t: TFunction, reason: string, field?: string): string {
  const format = reason === 'PATTERN' && field ? FORMAT_MESSAGES[field] : undefined;
  if (format) return t(format);
  return t(`validation.reason.${reason}`, { defaultValue: t('validation.invalid') });
}

/**
 * Where a form shows a field under another name than the call's (wire name to form field, e.g. the
 * SMS login sends the mobile number as `username`): the server's reasons land on the field shown.
 */
export type ServerFieldNames = Readonly<Record<string, string>>;

/** Puts the server's per-field reasons (ApiError value.fields) on the form's fields. */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  t: TFunction,
  err: unknown,
  names: ServerFieldNames = {},
) {
  const fields = err instanceof ApiError ? (err.value?.fields as Record<string, string> | undefined) : undefined;
  for (const [name, reason] of Object.entries(fields ?? {})) {
    setError((names[name] ?? name) as Path<T>, { message: reasonMessage(t, reason, name) });
  }
}

/** A refused submit: the server's field reasons under their fields, its translated message at the foot. */
export function showSubmitError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  t: TFunction,
  err: unknown,
  names: ServerFieldNames = {},
) {
  showServerFieldErrors(setError, t, err, names);
  setError('root', { message: errorMessage(t, err) });
}
