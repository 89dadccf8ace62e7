import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';
import type { KeyRing } from './modules/keys/encryption-keys.service';
import type { Messenger } from './modules/outbox/outbox.service';
import type { EventBus } from './realtime/event-bus';

/**
 * What services need from the running application, passed as the first argument. Kept small on
 * purpose: configuration, the database, the encryption keys, the SMS/mail messenger and a clock
 * that tests can move.
 */
export type AppContext = {
  config: Config;
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL; `db` itself when unset and on PGlite), a few hundred
   * milliseconds to a few seconds behind `db`, its sessions read-only. The rule (docs/scaling.md
   * "Read replica"): it serves only reads whose result nobody acts on at once and that may show the
   * state of a few seconds ago: the reports and the dashboard's daily figures, the agent centre's
   * overview, team statistics and downline search, and the back office's long history lists (a
   * member's ledger, rounds and logins, the audit log). Everything else reads `db`: any read inside
   * a transaction or that decides a write (balances, limits, duplicates, permissions, sessions),
   * what a player's next step depends on, what a notification just announced (the dashboard's
   * pending work), and every screen that shows what its user just saved (a record reloaded after
   * its save, notes, statements after a release, the direct downline list after a transfer).
   * getBrand keeps `db`: its cache is per handle.
   */
  readDb: Db;
  database: DatabaseHandle;
  keys: KeyRing;
  messenger: Messenger;
  now: () => Date;
  /** Realtime events to members' sockets; publish with publishAfterCommit (realtime/event-bus.ts). */
  events: EventBus;
};

/**
 * The context with `db` on the read replica, for a service of another area that takes the whole
 * context and only reads (a member's ledger page, their rounds). Only for reads that readDb's rule
 * allows; the context itself when there is no replica.
 */
export function onReplica(ctx: AppContext): AppContext {
  return ctx.readDb === ctx.db ? ctx : { ...ctx, db: ctx.readDb };
}
