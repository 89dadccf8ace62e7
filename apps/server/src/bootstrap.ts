import type { Config } from './config';
import type { AppContext } from './context';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { KeyRing } from './modules/keys/encryption-keys.service';
import { createMessenger } from './modules/outbox/outbox.service';
import { createEventBus } from './realtime/event-bus';
import { seed } from './seed/seed';

/** Opens the database, migrates, seeds and assembles the context. Shared by main.ts and tests. */
export async function bootstrap(
  config: Config,
  options: { database?: DatabaseHandle; now?: () => Date; skipSeed?: boolean } = {},
): Promise<AppContext> {
  const database = options.database ?? (await openDatabase(config));
  await migrateToLatest(database.sessionDb);
  const keys = new KeyRing(database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: database.readDb,
    database,
    keys,
    messenger: createMessenger(config, database.db),
    now: options.now ?? (() => new Date()),
    events: createEventBus(database, config.databaseDirectUrl ?? config.databaseUrl),
  };
  // The seed takes its own advisory lock, so several nodes starting together seed once.
  if (!options.skipSeed) await seed(ctx, { demo: config.demo, catalogueSlots: config.catalogueSlots });
  await keys.init();
  return ctx;
}
