import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { TFunction } from 'i18next';

/** The member's account type in words: member, agent (with its type), trial. */
export function typeLabel(t: TFunction, type: number): string {
  if (type === 0) return t('types.member');
  if ((AGENT_ACCOUNT_TYPES as readonly number[]).includes(type)) return t('types.agent', { type });
  if (type === TRIAL_ACCOUNT_TYPE) return t('types.trial');
  return t('types.other', { type });
}

/**
 * What the member's state reads as: locked, on a time-out or self-excluded (with until when; the
 * account itself stays `active` during a break, but the member may not play or pay in), or active.
 */
export function memberState(
  t: TFunction,
  m: { status: 'active' | 'disabled'; break: { kind: 'timeout' | 'exclusion'; until: string | null } | null },
  at: (iso: string) => string,
): { label: string; tone: 'success' | 'warning' | 'danger' } {
  if (m.status === 'disabled') return { label: t('statuses.disabled'), tone: 'danger' };
  if (m.break)
    return {
      label: m.break.until
        ? t(`statuses.${m.break.kind}Until`, { at: at(m.break.until) })
        : t(`statuses.${m.break.kind}Permanent`),
      tone: m.break.kind === 'exclusion' ? 'danger' : 'warning',
    };
  return { label: t('statuses.active'), tone: 'success' };
}
