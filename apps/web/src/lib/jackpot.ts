// spec §9 home jackpot: a simulated counter, not a real pool. It starts at a random amount from
// 31,000,000 to 32,000,000 (two decimals) and every 3, 4 or 5 s grows by a random 100 to 500.
export type Random = () => number;

/** Amounts are kept in minor units (cents) so the sum stays exact. */
export function jackpotStart(random: Random = Math.random): number {
  return 3_100_000_000 + Math.floor(random() * 100_000_001);
}

export function jackpotIncrement(random: Random = Math.random): number {
  return 10_000 + Math.floor(random() * 40_001);
}

export function jackpotDelayMs(random: Random = Math.random): number {
  return (3 + Math.floor(random() * 3)) * 1000;
}
