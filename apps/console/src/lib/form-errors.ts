import i18next from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';

// Forms check their input with the shared zod schema before sending (the server checks it again);
// both sides name a field's problem with the same reasons (REQUIRED, TOO_SHORT, TOO_LONG, PATTERN,
// INVALID, NOT_ALLOWED: apps/server/src/http/error-handler.ts), shown through core:fields.<REASON>.

function reasonOf(issue: z.core.$ZodIssue): string {
  const own = (issue as { params?: { reason?: unknown } }).params?.reason;
  if (typeof own === 'string') return own;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'REQUIRED' : 'INVALID';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'REQUIRED' : 'TOO_SHORT';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_format':
      return 'PATTERN';
    case 'unrecognized_keys':
      return 'NOT_ALLOWED';
    default:
      return 'INVALID';
  }
}

export function fieldMessage(reason: string): string {
  return i18next.t(`fields.${reason}`, { ns: 'core', defaultValue: i18next.t('fields.INVALID', { ns: 'core' }) });
}

/** The first problem of each field, as text; empty when the value passes. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data?: z.output<S>; errors: Record<string, string> } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= fieldMessage(reasonOf(issue));
  }
  return { errors };
}

/** The server's field errors of a refused form, as text. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([k, reason]) => [k, fieldMessage(reason)]));
}
