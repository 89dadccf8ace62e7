import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';
import type { Messenger } from './modules/outbox/outbox.service';
import type { KeyRing } from './modules/site/encryption-keys.service';
import type { EventBus } from './realtime/event-bus';

/**
 * What services need from the running application, passed as the first argument. Kept small on
 * purpose: configuration, the database, the encryption keys, the SMS/mail messenger and a clock
 * that tests can move.
 */
export type AppContext = {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  keys: KeyRing;
  messenger: Messenger;
  now: () => Date;
  /** Realtime events to members' sockets; publish with publishAfterCommit (realtime/event-bus.ts). */
  events: EventBus;
};
