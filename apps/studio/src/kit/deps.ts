import type { StudioDb } from './db/database';
import type { WalletClient } from './wallet-client';

// What every product's money path runs on (the database, the platform's wallet API, the clock, the
// log), and the timing every delivery to the wallet shares: a request that is delivering holds its
// row for DELIVERY_LEASE_MS, and a delivery that got no OK is retried after backoffMs.

export type RoundDeps = {
  db: StudioDb;
  wallet: WalletClient;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};

/** While a request delivers a win or rollback, the recovery loop leaves the row alone this long. */
export const DELIVERY_LEASE_MS = 30_000;

/** Exponential backoff from 1 s to 5 min between delivery attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.min(attempts, 20), 5 * 60_000);
}
