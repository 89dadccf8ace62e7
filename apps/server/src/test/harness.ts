import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { type Config, testConfig } from '../config';
import type { AppContext } from '../context';
import { createPglite, openDatabase } from '../db/database';
import type { App } from '../http/app-type';
import { matchesTemplate, templateBlob } from './pglite-template';
import { createDatabase } from './postgres-template';

export type TestApp = {
  app: App;
  ctx: AppContext;
  /** Moves the test clock (services read ctx.now()). */
  advance: (ms: number) => void;
  /**
   * Stops the test clock where it is (advance still moves it) until the returned function is
   * called: a test of a window of a second then holds however slowly the machine runs it.
   */
  freeze: () => () => void;
  close: () => Promise<void>;
};

/**
 * A fresh application on a fresh database for one test file. PGlite in memory by default; when
 * TEST_DATABASE_URL points at a PostgreSQL server, a throwaway database is created on it and
 * dropped at close, so the same tests run on both.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    mount?: NonNullable<Parameters<typeof buildApp>[1]>['mount'];
    /** Browser builds of the test's own to serve instead of apps/web/dist and apps/console/dist. */
    builds?: NonNullable<Parameters<typeof buildApp>[1]>['builds'];
    /** On PostgreSQL, a read pool (ctx.readDb) on the test database itself, as DATABASE_READ_URL would open. */
    readReplica?: boolean;
    /** How long a mounted plugin may take to start (buildApp's pluginTimeout). */
    pluginTimeout?: number;
  } = {},
): Promise<TestApp> {
  let offset = 0;
  let frozenAt: number | undefined;
  const now = () => new Date((frozenAt ?? Date.now()) + offset);
  const admin = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let copied = false;
  if (admin) {
    // A config that seeds as the run's template does starts from a copy of it
    // (postgres-template.ts); any other migrates and seeds a database of its own.
    const template = inject('postgresTemplate');
    copied =
      Boolean(template) &&
      overrides.databaseUrl === undefined &&
      matchesTemplate({ ...testConfig(overrides), databaseUrl: undefined });
    const database = await createDatabase(admin, 'gh_test', copied ? template : undefined);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const config = testConfig({
    databaseUrl,
    ...(options.readReplica && databaseUrl ? { databaseReadUrl: databaseUrl } : {}),
    ...overrides,
  });
  const template = admin ? '' : inject('pgliteTemplate');
  const ctx = copied
    ? await bootstrap(config, { now, skipSeed: true })
    : template && matchesTemplate(config)
      ? await bootstrap(config, {
          now,
          skipSeed: true,
          database: await openDatabase(config, {
            pglite: await createPglite('', { loadDataDir: await templateBlob(template) }),
          }),
        })
      : await bootstrap(config, { now });
  // A mounted studio starts its database, book and rooms inside the plugin: on a busy two-core
  // machine that can outlast Fastify's 10 s plugin timeout, which is no fault of the code.
  const pluginTimeout = options.pluginTimeout ?? (options.mount ? 120_000 : undefined);
  const app = await buildApp(ctx, {
    mount: options.mount,
    ...(options.builds ? { builds: options.builds } : {}),
    ...(pluginTimeout !== undefined ? { pluginTimeout } : {}),
  });
  return {
    app,
    ctx,
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt = Date.now();
      return () => {
        // Real time goes on from the frozen instant plus what advance added.
        offset -= Date.now() - (frozenAt ?? Date.now());
        frozenAt = undefined;
      };
    },
    close: async () => {
      await app.close();
      await ctx.database.close();
      await dropDatabase?.();
    },
  };
}

const HOUR = 60 * 60_000;

/**
 * Moves the test clock past the next midnight of `timeZone` when fewer than `hours` are left before
 * it (to a minute after it), so that a test whose clock runs that long keeps one brand day: run near
 * midnight, its passes and its "today" would otherwise straddle two. Call it after `freeze`.
 */
export function clearOfMidnight(t: TestApp, timeZone: string, hours: number): void {
  const now = t.ctx.now();
  const left = dayStart(addDays(brandDay(now, timeZone), 1), timeZone).getTime() - now.getTime();
  if (left <= hours * HOUR) t.advance(left + 60_000);
}
