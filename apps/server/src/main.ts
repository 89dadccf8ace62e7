import cluster from 'node:cluster';
import path from 'node:path';
import { loopbackUrl, studioPlugin } from '../../studio/src/plugin';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { type ProcessRole, runPrimary, tellPrimary, workerRole } from './cluster';
import { BUILD_START_IMAGES, type Config, loadConfig } from './config';
import { startImage } from './db/start-image';
import { runDemo } from './demo/demo';
import { answerWhileStarting } from './http/starting';
import { startTracing, type TracingHandle } from './http/tracing';
import { jobs } from './jobs/jobs';
import { startActivityWorker } from './modules/activity/activity-bus';
import { settlementJobs } from './modules/agents/settlement.jobs';
import { watchSessionEnds } from './modules/games/session-ends.service';
import { pushTarget } from './modules/sportsbook/risk-factor.service';
import { startScheduler } from './scheduler/scheduler';
import { writeStartImages } from './start-images';

// Read config, open the database, migrate, seed, listen; on SIGTERM/SIGINT finish in-flight
// requests and close the database. With WORKERS above 1 (PostgreSQL) this process is the cluster's
// primary (cluster.ts): it forks one process for the jobs and WORKERS processes for the requests,
// each of which runs this file again in its role.
async function main() {
  const started = performance.now();
  if (process.argv[2] === '--start-images') {
    await writeStartImages(path.resolve(process.argv[3] ?? BUILD_START_IMAGES));
    process.exit(0);
  }
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config, started);
  // Before the app is built: its request ids are then the spans' trace ids. Each worker traces
  // itself; the cluster's primary serves no request and runs no job.
  const tracing = config.tracing ? await startTracing(config.tracing) : undefined;
  await runNode(config, cluster.isPrimary ? 'all' : workerRole(), started, tracing);
}

/**
 * One process's part: 'all' (a single process: requests, jobs and consumers), 'requests' (the HTTP
 * server with the house studio) or 'jobs' (the scheduler, the activity consumers and the demo).
 */
async function runNode(config: Config, role: ProcessRole, started: number, tracing: TracingHandle | undefined) {
  const serves = role !== 'jobs';
  // A lone node answers "migrating" on its port meanwhile; a cluster's request workers start only
  // after the jobs worker migrated, and the primary answers for them until then (cluster.ts).
  const starting = role === 'all' ? await answerWhileStarting(config.port, config.host) : undefined;
  const ctx = await bootstrap(config);
  const works = role !== 'requests';
  // The house studio (a game vendor) in the same process under /studio: its own database, and it
  // still reaches the platform only through the signed vendor wallet API, over loopback HTTP. The
  // jobs process builds the app only for its logger and closes nothing it did not open.
  const app = await buildApp(ctx, {
    mount: serves
      ? (server) =>
          server.register(studioPlugin, {
            prefix: '/studio',
            platformUrl: () => loopbackUrl(server.server.address()),
            houseSecret: config.studioSecret,
            databaseUrl: config.databaseUrl,
            dataDir: config.dataDir,
            startImage: (dir, name, known) => startImage(dir, config.startImages, name, known),
            sharedBuffers: config.pgliteSharedBuffers,
            simulator: true,
          })
      : undefined,
  });
  await starting?.close();
  if (serves) await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  const log = (err: unknown, job: string) => app.log.error({ err, job }, 'scheduled job failed');
  let closing = false;
  let scheduler: { stop: () => Promise<void> } | undefined;
  let activity: { stop: () => Promise<void> } | undefined;
  let settlement: { stop: () => Promise<void> } | undefined;
  let sessionEnds: (() => Promise<void>) | undefined;
  if (works) {
    // In demo mode the first start plays agent01's team's past evening and dates its contracts
    // before it (demo/demo.ts), in the background: the site is ready first. The settlement jobs
    // wait for the demo, so that no past window is settled while its contracts are still being made.
    const demo = config.demo ? runDemo(ctx) : undefined;
    scheduler = startScheduler(ctx, demo ? jobs.filter((j) => !settlementJobs.includes(j)) : jobs, { log });
    activity = startActivityWorker(ctx, { log: (err) => app.log.error({ err }, 'activity consumers failed') });
    sessionEnds = await watchSessionEnds(ctx, pushTarget(ctx, { warn: () => {} })).catch((err) => {
      app.log.warn({ err }, 'game session ends: not watching (the scheduled job still sends them)');
      return undefined;
    });
    demo
      ?.then(({ rounds, rewards, contracts, statements }) => {
        if (rounds > 0 || contracts > 0)
          app.log.info(
            `demo: agent01's team played ${rounds} rounds at the studio and claimed ${rewards} rewards; ${contracts} contracts, ${statements} statements`,
          );
      })
      .catch((err) => app.log.warn({ err }, 'demo failed'))
      .finally(() => {
        if (!closing) settlement = startScheduler(ctx, settlementJobs, { log });
      });
  }
  if (role === 'all') {
    const db = ctx.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    app.log.info(`Gamehall ready at ${config.publicUrl} on ${db} in ${Math.round(performance.now() - started)} ms`);
    if (config.logLevel === 'silent') console.log(`Gamehall ready at ${config.publicUrl}`);
  } else {
    app.log.info(`${role} worker ready in ${Math.round(performance.now() - started)} ms`);
    tellPrimary({ ready: role });
  }

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // The step under way is named when the bound runs out, so a stuck one can be told apart.
    let step = 'the scheduler';
    const timer = setTimeout(
      () => {
        app.log.error(`${signal}: shutdown did not finish in time (waiting for ${step})`);
        process.exit(1);
      },
      15_000 + config.drainSeconds * 1000,
    );
    timer.unref();
    try {
      if (serves) {
        step = 'the drain';
        app.drain();
        if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      }
      step = 'the scheduler';
      await scheduler?.stop();
      step = 'the activity consumers';
      await activity?.stop();
      step = 'the game session ends';
      await sessionEnds?.();
      step = 'the settlement jobs';
      await settlement?.stop();
      step = 'the HTTP server and the studio';
      await app.close();
      step = 'the database';
      await ctx.database.close();
      step = 'the spans still to export';
      await tracing?.shutdown();
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
