import type { StudioDb } from './db/database';
import type { WalletClient } from './wallet-client';

// What every product's money path runs on: the database, the platform's wallet API, the clock, the
// log. (The timing every delivery to the wallet shares is the deliverer's: outbound.ts.)

export type RoundDeps = {
  db: StudioDb;
  wallet: WalletClient;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};
