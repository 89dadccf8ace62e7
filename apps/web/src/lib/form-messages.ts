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

/** The message for a server field reason (REQUIRED, PATTERN, ... in validation.reason). */
export function reasonMessage(t: TFunction, reason: string): string {
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
    setError((names[name] ?? name) as Path<T>, { message: reasonMessage(t, reason) });
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
