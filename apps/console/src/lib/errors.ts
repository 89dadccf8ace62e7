import { errorCatalogue } from '@gamehall/shared/errors';
import i18next from 'i18next';
import { ApiError } from './api-client';

/**
 * What an operator reads for a failure: the `errors.<CODE>` string of the core namespace when the
 * console has one, else the catalogue's English message for the code, else the server's message.
 */
export function errorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return i18next.t('errors.UNKNOWN', { ns: 'core' });
  const known = (errorCatalogue as Record<string, { message: string }>)[err.code]?.message;
  return i18next.t(`errors.${err.code}`, { ns: 'core', defaultValue: known ?? err.message });
}
