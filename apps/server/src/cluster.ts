import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { answerMetricsRequests } from './http/metrics';
import { answerWhileStarting } from './http/starting';

// One node on PostgreSQL (docs/scaling.md "What one node is"): this primary process forks
// `config.workers` request workers, which share the one port (node:cluster hands each connection
// to a worker in turn), and one jobs worker running the scheduler, the activity consumers and the
// first start's demo, off the requests' event loops. The jobs worker starts first and alone, so
// that the migrations and the seed run once before any request worker opens the database. The
// scheduler's advisory locks and the consumers' cursor locks keep the jobs once per database
// anyway; the house studio's loops run in the request workers under their leases (studio_leases),
// one holder per loop. A worker that dies is replaced (after a pause if it died young, so a
// worker that cannot start does not spin); SIGTERM or SIGINT stops every worker cleanly and the
// primary exits 0 once they all have.

export type ProcessRole = 'all' | 'requests' | 'jobs';

const ROLE_ENV = 'GAMEHALL_WORKER_ROLE';
/** A worker that dies sooner than this after its start is restarted only after RESTART_PAUSE_MS. */
const YOUNG_MS = 10_000;
const RESTART_PAUSE_MS = 2_000;
const STOP_TIMEOUT_MS = 20_000;

type ReadyMessage = { ready: Exclude<ProcessRole, 'all'> };

export function workerRole(): Exclude<ProcessRole, 'all'> {
  const role = process.env[ROLE_ENV];
  if (role !== 'requests' && role !== 'jobs') throw new Error(`${ROLE_ENV} is ${role ?? 'unset'}`);
  return role;
}

/** A worker tells the primary it has started; a process outside a cluster has nobody to tell. */
export function tellPrimary(message: ReadyMessage): void {
  process.send?.(message);
}

// The primary opens no database and builds no app, so its lines are written as the server's
// logger writes them (pino's JSON: level 30 info, 40 warn, 50 error).
const LEVELS = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10, silent: Number.POSITIVE_INFINITY };

function logger(config: Config) {
  const threshold = LEVELS[config.logLevel];
  return (level: 30 | 40 | 50, msg: string) => {
    if (level < threshold) return;
    process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`);
  };
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && 'ready' in message;
}

export async function runPrimary(config: Config, started: number): Promise<void> {
  const log = logger(config);
  answerMetricsRequests();
  const roles = new Map<Worker, { role: Exclude<ProcessRole, 'all'>; startedAt: number; ready: boolean }>();
  let closing = false;

  const fork = (role: Exclude<ProcessRole, 'all'>): Worker => {
    const worker = cluster.fork({ [ROLE_ENV]: role });
    const known = { role, startedAt: Date.now(), ready: false };
    roles.set(worker, known);
    log(30, `${role} worker ${worker.process.pid} starting`);
    worker.on('message', (message: unknown) => {
      if (isReady(message)) known.ready = true;
    });
    return worker;
  };
  const readyOf = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (!isReady(message)) return;
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number | null, signal: string | null) => {
        worker.off('message', onMessage);
        reject(new Error(`the ${roles.get(worker)?.role} worker exited with ${signal ?? code} before it was ready`));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });

  cluster.on('exit', (worker, code, signal) => {
    const known = roles.get(worker);
    roles.delete(worker);
    if (closing || !known) return;
    const young = Date.now() - known.startedAt < YOUNG_MS;
    log(50, `${known.role} worker ${worker.process.pid} exited with ${signal ?? code}: starting another`);
    setTimeout(
      () => {
        if (!closing) fork(known.role);
      },
      young ? RESTART_PAUSE_MS : 0,
    );
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(30, `${signal}: stopping ${roles.size} workers`);
    const exits = [...roles.keys()].map(
      (worker) =>
        new Promise<boolean>((resolve) => {
          const known = roles.get(worker);
          // A worker that does not stop cleanly makes the primary exit 1: say which and how. One still
          // starting (a replacement forked just before the stop) has its signal handlers not yet in
          // place and ends by the signal itself; it served nothing, so that is a clean stop too.
          const done = (code: number | null, how: string | null) => {
            const clean = code === 0 || (known?.ready === false && how === signal);
            if (!clean) log(50, `${known?.role} worker ${worker.process.pid} stopped with ${how ?? code}`);
            else if (code !== 0)
              log(30, `${known?.role} worker ${worker.process.pid} stopped by ${how} while starting`);
            resolve(clean);
          };
          if (worker.isDead()) return done(worker.process.exitCode, worker.process.signalCode);
          worker.once('exit', done);
          worker.process.kill(signal);
        }),
    );
    const limit = STOP_TIMEOUT_MS + config.drainSeconds * 1000;
    const timer = setTimeout(() => {
      log(50, `workers still running ${limit / 1000} s after ${signal}: killing them`);
      for (const worker of roles.keys()) worker.process.kill('SIGKILL');
    }, limit);
    const clean = (await Promise.all(exits)).every(Boolean);
    clearTimeout(timer);
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // The jobs worker migrates and seeds alone first; then the request workers start together. One
  // that dies before its ready while another became ready (say the database dropped while it
  // started) is replaced like any other. Only when the jobs worker, or
  // every request worker, cannot start does the start fail: the others are stopped, nothing is
  // retried, since that is a configuration or schema fault and not one request worker's bad luck.
  // While the jobs worker migrates, the primary answers "migrating" on the port; it lets go just
  // before the request workers listen there.
  const starting = await answerWhileStarting(config.port, config.host);
  try {
    await readyOf(fork('jobs')).finally(() => starting?.close());
    const started = await Promise.allSettled(Array.from({ length: config.workers }, () => readyOf(fork('requests'))));
    const failed = started.filter((r) => r.status === 'rejected');
    if (failed.length === started.length) throw failed[0]?.reason;
  } catch (err) {
    closing = true;
    for (const worker of roles.keys()) worker.process.kill('SIGKILL');
    throw err;
  }
  if (closing) return;
  log(
    30,
    `Gamehall ready at ${config.publicUrl} on PostgreSQL, ${config.workers} request workers and a jobs worker, in ${Math.round(performance.now() - started)} ms`,
  );
  if (config.logLevel === 'silent') console.log(`Gamehall ready at ${config.publicUrl}`);
}
