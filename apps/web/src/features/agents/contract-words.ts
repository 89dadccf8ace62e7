import { type CascadeReason, CONTRACT_END_REASONS, type Contract } from '@gamehall/shared/api/contracts';

// Contract codes as words (no raw code such as `upline_rate_lowered` reaches the
// screen). Each function gives a translation key and its values; contract-words.test.ts holds every
// code the API can send to a key in every locale.

/** Who ended a contract (Contract.endedBy), as the key of a sentence. */
export const ENDED_BY_KEYS: Record<NonNullable<Contract['endedBy']>, string> = {
  upline: 'contracts.endedBy.upline',
  holder: 'contracts.endedBy.holder',
  operator: 'contracts.endedBy.operator',
  system: 'contracts.endedBy.system',
};

/** The platform's end reasons; anything else in endReason is the words a side or the operator typed. */
export const END_REASON_KEYS: Record<(typeof CONTRACT_END_REASONS)[number], string> = {
  rejected: 'contracts.endReasons.rejected',
  terminated_by_agreement: 'contracts.endReasons.terminated_by_agreement',
  upline_rate_lowered: 'contracts.endReasons.upline_rate_lowered',
  upline_contract_ended: 'contracts.endReasons.upline_contract_ended',
  upline_period_changed: 'contracts.endReasons.upline_period_changed',
};

function isEndReasonCode(reason: string): reason is (typeof CONTRACT_END_REASONS)[number] {
  return (CONTRACT_END_REASONS as readonly string[]).includes(reason);
}

export type Words = { key: string; values?: Record<string, string> };

/**
 * How an ended contract ended, as sentences: the platform's reason when it has one, else who ended
 * it, then the typed reason quoted. Empty for an open contract.
 */
export function endWords(c: Pick<Contract, 'endedBy' | 'endReason'>): Words[] {
  const words: Words[] = [];
  const reason = c.endReason?.trim() ?? '';
  if (reason !== '' && isEndReasonCode(reason)) return [{ key: END_REASON_KEYS[reason] }];
  if (c.endedBy) words.push({ key: ENDED_BY_KEYS[c.endedBy] });
  if (reason !== '') words.push({ key: 'contracts.reasonGiven', values: { reason } });
  return words;
}

/**
 * The popup's heading over the contracts an accept would end, by why the first level ends: rates
 * above the offer's, a dividend period other than the offer's, or some of each (the levels under
 * them end because their upline's contract does, which every heading covers).
 */
export function cascadeTitleKey(ends: readonly { reason: CascadeReason }[]): string {
  const rate = ends.some((e) => e.reason === 'upline_rate_lowered');
  const period = ends.some((e) => e.reason === 'upline_period_changed');
  if (rate && period) return 'contracts.popup.cascadeTitleBoth';
  return period ? 'contracts.popup.cascadeTitlePeriod' : 'contracts.popup.cascadeTitleRate';
}
