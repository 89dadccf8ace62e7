import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { TFunction } from 'i18next';

/** The member's account type in words: member, agent (with its type), trial. */
export function typeLabel(t: TFunction, type: number): string {
  if (type === 0) return t('types.member');
  if ((AGENT_ACCOUNT_TYPES as readonly number[]).includes(type)) return t('types.agent', { type });
  if (type === TRIAL_ACCOUNT_TYPE) return t('types.trial');
  return t('types.other', { type });
}
