import type { Transaction } from 'kysely';
import type { StudioDatabase } from '../../kit/db/schema';
import { setTimeBank, sittingsOfHand } from './seats.queries';

// The time bank refill (docs/pvp.md "The table loop"): a sitting's time bank, spent by turns that run
// over the turn clock, gets `refillMs` back after every `every` hands the sitting was dealt in to,
// never above `capMs`. So a player who used it up early is not without it for the rest of a long
// sitting, and one who never needs it does not pile it up.

export type TimeBankRefill = { every: number; refillMs: number; capMs: number };

/** Refills the time banks of the sittings dealt in to the hand that just ended, where their count of hands is due. */
export async function refillTimeBanks(
  trx: Transaction<StudioDatabase>,
  handId: number,
  rule: TimeBankRefill,
): Promise<void> {
  if (rule.every <= 0 || rule.refillMs <= 0) return;
  const sittings = await sittingsOfHand(trx, handId);
  for (const s of sittings) {
    const hands = Number(s.hands ?? 0);
    if (hands === 0 || hands % rule.every !== 0) continue;
    const bank = Math.min(rule.capMs, s.time_bank_ms + rule.refillMs);
    if (bank === s.time_bank_ms) continue;
    await setTimeBank(trx, s.id, bank);
  }
}
