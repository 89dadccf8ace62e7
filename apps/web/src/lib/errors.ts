import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** spec §8: every server code has a translated message (errors.<CODE>); unknown codes say "Unknown error". */
export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) return t(`errors.${err.code}`, { defaultValue: t('errors.INTERNAL_ERROR') });
  return t('errors.INTERNAL_ERROR');
}
