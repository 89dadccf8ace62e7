import { loopbackUrl, studioPlugin } from '../../studio/src/plugin';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { playDemoTeam } from './demo/demo-play';
import { jobs } from './jobs/jobs';
import { startScheduler } from './jobs/scheduler';

// Read config, open the database, migrate, seed, listen; on SIGTERM/SIGINT finish in-flight
// requests and close the database.
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const ctx = await bootstrap(config);
  // The house studio (a game vendor) in the same process under /studio: its own database, and it
  // still reaches the platform only through the signed vendor wallet API, over loopback HTTP.
  const app = await buildApp(ctx, {
    mount: (server) =>
      server.register(studioPlugin, {
        prefix: '/studio',
        platformUrl: () => loopbackUrl(server.server.address()),
        houseSecret: config.studioSecret,
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
      }),
  });
  await app.listen({ port: config.port, host: config.host });
  const scheduler = startScheduler(ctx, jobs, {
    log: (err, job) => app.log.error({ err, job }, 'scheduled job failed'),
  });
  if (config.demo) {
    // In the background: the site is ready before the demo team's first rounds are played.
    playDemoTeam(app, ctx)
      .then(({ rounds }) => rounds > 0 && app.log.info(`demo: agent01's team played ${rounds} rounds at the studio`))
      .catch((err) => app.log.warn({ err }, 'demo play failed'));
  }
  const db = ctx.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(`Gamehall ready at ${config.publicUrl} on ${db} in ${Math.round(performance.now() - started)} ms`);
  if (config.logLevel === 'silent') console.log(`Gamehall ready at ${config.publicUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      await scheduler.stop();
      await app.close();
      await ctx.database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
