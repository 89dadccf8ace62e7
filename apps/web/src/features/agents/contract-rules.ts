import type { ContractTier } from '@gamehall/shared/api/contracts';

// The contract forms' pure rules (unit-tested in contract-rules.test.ts): rates shown and typed as
// percentages, sent as parts per million (docs/agents.md: 1% = 10,000 ppm).

/** A rate in parts per million as a percentage (1% = 10,000 ppm), up to four decimals. */
export function ratePercent(ppm: number): string {
  return `${(ppm / 10_000).toLocaleString(undefined, { maximumFractionDigits: 4 })}%`;
}

/** A percentage typed by the agent as ppm; null when it is not a number from 0 to 100 with at most 4 decimals. */
export function percentToPpm(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed)) return null;
  const ppm = Math.round(Number(trimmed) * 10_000);
  return ppm <= 1_000_000 ? ppm : null;
}

export type TierText = { minValidBet: string; minActiveMembers: string; rate: string };

export const EMPTY_TIER: TierText = { minValidBet: '0', minActiveMembers: '0', rate: '' };

/** The typed tiers as the API takes them, or the translation key of what is wrong. */
export function parseTiers(rows: TierText[], maxPpm: number): ContractTier[] | string {
  const tiers: ContractTier[] = [];
  for (const row of rows) {
    if (row.minValidBet.trim() === '' || row.minActiveMembers.trim() === '') return 'agent.offer.badThreshold';
    const bet = Number(row.minValidBet);
    const members = Number(row.minActiveMembers);
    const ppm = percentToPpm(row.rate);
    if (!(bet >= 0) || Math.round(bet * 100) !== bet * 100) return 'agent.offer.badThreshold';
    if (!Number.isInteger(members) || members < 0) return 'agent.offer.badThreshold';
    if (ppm === null) return 'agent.offer.badRate';
    // docs/agents.md: a downline's rate never exceeds the upline's own rate of that kind.
    if (ppm > maxPpm) return 'agent.offer.aboveOwnRate';
    tiers.push({ minValidBet: bet, minActiveMembers: members, ratePpm: ppm });
  }
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1] as ContractTier;
    const b = tiers[i] as ContractTier;
    const rising = b.minValidBet >= a.minValidBet && b.minActiveMembers >= a.minActiveMembers && b.ratePpm >= a.ratePpm;
    if (!rising || (b.minValidBet === a.minValidBet && b.minActiveMembers === a.minActiveMembers))
      return 'agent.offer.tiersRising';
  }
  return tiers;
}
