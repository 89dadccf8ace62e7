import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { type Config, testConfig } from '../config';
import { createPglite, openDatabase } from '../db/database';
import { startTracing } from '../http/tracing';
import { setBrandSetting } from '../modules/brand/brand.service';
import { type Job, startScheduler } from '../scheduler/scheduler';
import { templateBlob } from './pglite-template';

// A server process whose whole output a test reads (http/log-redaction.test.ts, http/tracing.test.ts),
// started in the order main.ts starts one: tracing first when an OTLP endpoint is set, then the
// database (a copy of the test run's template) and the app, logging every request to stdout at
// LOG_LEVEL. It prints `listening <port>` once it serves and, on SIGTERM, exports the spans still
// held and exits. With CHILD_PROBE_URL it runs one job of its own on a short tick (the real jobs
// tick every 15 s): the job reads the database, calls that address as a game provider's API would
// be called, and logs a line. With CHILD_LOAD_SETUP it turns off the sign-in's proof of work and
// new-address check (which a load of requests from one test would otherwise have to pass) and prints
// `setup <json>`: a game of the house studio to launch. It also prints how many modules of
// OpenTelemetry's SDK it loaded (`opentelemetry-modules <n>`).

const traced = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? { serviceName: process.env.OTEL_SERVICE_NAME ?? 'gamehall' }
  : undefined;
const tracing = traced ? await startTracing(traced) : undefined;
const config = testConfig({
  databaseUrl: process.env.CHILD_DATABASE_URL || undefined,
  logLevel: (process.env.LOG_LEVEL ?? 'info') as Config['logLevel'],
  tracing: traced,
});
const template = process.env.CHILD_PGLITE_TEMPLATE;
const ctx =
  template && !config.databaseUrl
    ? await bootstrap(config, {
        skipSeed: true,
        database: await openDatabase(config, {
          pglite: await createPglite('', { loadDataDir: await templateBlob(template) }),
        }),
      })
    : await bootstrap(config, { skipSeed: process.env.CHILD_DATABASE_SEEDED === '1' });
if (process.env.CHILD_LOAD_SETUP === '1') {
  await setBrandSetting(ctx.db, 'challengeEnabled', false);
  await setBrandSetting(ctx.db, 'newIpVerification', false);
  // A game of the house studio, whose vendor's wallet secret the test derives from the studio secret.
  const game = await ctx.db
    .selectFrom('games')
    .innerJoin('vendor_integrations', 'vendor_integrations.vendor_code', 'games.vendor_code')
    .select(['games.node_id as nodeId', 'games.vendor_code as vendor'])
    .where('games.status', '=', 'active')
    .where('vendor_integrations.launch_url', '=', '/studio/play')
    .orderBy('games.node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  process.stdout.write(`setup ${JSON.stringify({ nodeId: Number(game.nodeId), vendor: game.vendor })}\n`);
}
const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });

const probeUrl = process.env.CHILD_PROBE_URL;
const probe: Job = {
  name: 'trace-probe',
  everyMs: 3_600_000,
  run: async (c) => {
    await sql`SELECT 1 AS trace_probe`.execute(c.db);
    const res = await fetch(probeUrl as string);
    app.log.info({ status: res.status }, 'trace probe ran');
  },
};
const scheduler = probeUrl ? startScheduler(ctx, [probe], { tickMs: 50 }) : undefined;

// How many modules of OpenTelemetry's SDK, exporters and instrumentations this process loaded: none
// unless tracing is on. Its API alone comes with prom-client (exemplars), and without an SDK
// registered it does nothing.
const loaded = Object.keys(createRequire(import.meta.url).cache).filter(
  (k) => k.includes('/@opentelemetry/') && !k.includes('/@opentelemetry/api/'),
).length;
process.stdout.write(`opentelemetry-modules ${loaded}\n`);
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);

process.on('SIGTERM', async () => {
  await scheduler?.stop();
  await app.close();
  await ctx.database.close();
  await tracing?.shutdown();
  process.exit(0);
});
