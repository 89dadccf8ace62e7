// Cheap requests against their references, alternated in one run (A, B, A, B...) so the load of the
// shared machine drifts over both sides alike:
//   bare Fastify (a separate process answering a tiny JSON)  vs  GET /healthz
//   GET /healthz  vs  the game list's first page (GCSGAME_gameList)
//   GET /healthz  vs  member info (GET /wps/member/info)
//   GET /healthz  vs  balance (GET /wps/v2/wallets/balance)
//   GET /healthz  vs  public state (GET /wps/member/publicState)
// The server runs in this process with the production log level (info) writing to a file through
// the same synchronous destination as stdout; the load comes from a child process with a lean
// keep-alive client (support/http-load.ts), so client and server do not share a thread.
//
//   node --import tsx bench/cheap-routes.ts                  (embedded PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:56013/postgres node --import tsx bench/cheap-routes.ts
//
// SECONDS (default 3) per run, ROUNDS (default 3) pairs per comparison, CONNECTIONS (default 16),
// SLOTS (default 10,400, the production catalogue), LOG_FILE (default a file in the temp directory),
// ACCESS_LOG_SAMPLE (default 0.01, as in production), ONLY (the comparisons whose label holds it).
// BUNDLE=1 runs the server's code from a bundle built as `npm start` builds it (support/
// bundled-server.ts), not from the sources through tsx.
// PROFILE=1 adds a CPU profile of the server over the whole load (what node --cpu-prof gives, limited
// to the load; written to the temp directory, open it in Chrome's DevTools).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pino from 'pino';
import { serverParts } from './support/bundled-server';
import { benchDatabaseFromEnv, signedInMember } from './support/database';
import { type LoadRun, type LoadTarget, load, statusOf } from './support/http-load';
import { loadAverage } from './support/measure';
import { postgresCpu, postmasterOf, procCpu } from './support/postgres-stats';

const SECONDS = Number(process.env.SECONDS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SLOTS = Number(process.env.SLOTS ?? 10_400);
const ONLY = process.env.ONLY;

type Pair = { label: string; aim: number; reference: string; target: string };
/** A run with the CPU it cost, in µs per request: the process that answered, and PostgreSQL's. */
type Run = LoadRun & { cpuUs: number; pgUs: number | undefined };
type PairResult = { label: string; aim: number; runs: { reference: Run; target: Run }[] };

const HEALTHZ = '/healthz';
const PAIRS: Pair[] = [
  { label: '/healthz vs bare Fastify', aim: 0.7, reference: 'bare', target: HEALTHZ },
  {
    label: 'game list vs /healthz',
    aim: 0.6,
    reference: HEALTHZ,
    target: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=30&language=EN',
  },
  { label: 'member info vs /healthz', aim: 0.4, reference: HEALTHZ, target: '/wps/member/info' },
  { label: 'balance vs /healthz', aim: 0.4, reference: HEALTHZ, target: '/wps/v2/wallets/balance' },
  { label: 'public state vs /healthz', aim: 0.3, reference: HEALTHZ, target: '/wps/member/publicState' },
];

// ---- load generator (child process) ----

async function runLoad(
  servers: { port: number; pid: number; barePort: number; barePid: number; postmaster: number | undefined },
  token: string,
): Promise<PairResult[]> {
  const targetOf = (path: string): LoadTarget =>
    path === 'bare'
      ? { port: servers.barePort, path: '/' }
      : { port: servers.port, path, headers: path === HEALTHZ ? {} : { authorization: token } };
  // The rate moves with whatever else the shared machine runs; the CPU per request much less so.
  const measured = async (t: LoadTarget): Promise<Run> => {
    const pid = t.port === servers.barePort ? servers.barePid : servers.pid;
    const cpu0 = procCpu(pid);
    const pg0 = postgresCpu(servers.postmaster);
    const run = await load(t, CONNECTIONS, SECONDS);
    const pg1 = postgresCpu(servers.postmaster);
    return {
      ...run,
      cpuUs: ((procCpu(pid) - cpu0) * 1e6) / run.requests,
      pgUs: pg0 === undefined || pg1 === undefined ? undefined : ((pg1 - pg0) * 1e6) / run.requests,
    };
  };
  const results: PairResult[] = [];
  for (const pair of PAIRS.filter((p) => !ONLY || p.label.includes(ONLY))) {
    const reference = targetOf(pair.reference);
    const target = targetOf(pair.target);
    for (const t of [reference, target])
      if ((await statusOf(t)) !== 200) throw new Error(`${t.path} does not answer 200`);
    // Warm-up of both sides (JIT, caches, pool connections).
    await load(reference, CONNECTIONS, 2);
    await load(target, CONNECTIONS, 2);
    const runs: PairResult['runs'] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const r = await measured(reference);
      const t = await measured(target);
      runs.push({ reference: r, target: t });
    }
    results.push({ label: pair.label, aim: pair.aim, runs });
  }
  return results;
}

// ---- bare Fastify (child process) ----

async function runBare() {
  const bare = Fastify();
  bare.get('/', async () => ({ status: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0} ${process.pid}\n`);
  process.on('SIGTERM', () => bare.close().then(() => process.exit(0)));
}

// ---- server (this process) ----

function child(role: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function main() {
  const { url: databaseUrl, drop } = await benchDatabaseFromEnv();
  const bundled = process.env.BUNDLE === '1';
  const { parts, done } = await serverParts(bundled);
  const { bootstrap, buildApp, testConfig } = parts;
  const logFile = process.env.LOG_FILE ?? path.join(tmpdir(), `cheap-routes-${process.pid}.log`);
  // The production logger writes to stdout through a synchronous sonic-boom; the same, to a file.
  const logStream = pino.destination({ dest: logFile, sync: true });
  // The production logging: level info, and the access log's default sample (config.ts).
  const ctx = await bootstrap(
    testConfig({
      databaseUrl,
      catalogueSlots: SLOTS,
      dbPoolSize: 10,
      logLevel: 'info',
      accessLogSample: Number(process.env.ACCESS_LOG_SAMPLE ?? 0.01),
    }),
  );
  const app = await buildApp(ctx, { logStream });
  const token = await signedInMember(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const bare = child('bare');
  const [barePort, barePid] = await new Promise<number[]>((resolve, reject) => {
    bare.stdout.once('data', (d) => resolve(String(d).trim().split(' ').map(Number)));
    bare.once('exit', () => reject(new Error('bare Fastify exited')));
  });

  const profiler = process.env.PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const before = loadAverage();
  const postmaster = databaseUrl ? await postmasterOf(ctx.db) : undefined;
  const loader = child('load', {
    BENCH_SERVERS: JSON.stringify({ port, pid: process.pid, barePort, barePid, postmaster }),
    BENCH_TOKEN: token,
  });
  let out = '';
  loader.stdout.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number>((resolve) => loader.on('exit', (c) => resolve(c ?? 1)));
  const after = loadAverage();
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = path.join(tmpdir(), `cheap-routes-${databaseUrl ? 'pg' : 'pglite'}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
  }
  bare.kill('SIGTERM');
  await app.close();
  await ctx.database.close();
  await drop();
  done();
  logStream.flushSync();
  rmSync(logFile, { force: true });
  if (code !== 0) throw new Error(`load generator failed (${code})`);

  const results = JSON.parse(out) as PairResult[];
  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; games: ${SLOTS}; ${CONNECTIONS} connections; ` +
      `${ROUNDS} alternated pairs of ${SECONDS} s; log level info; server code ${bundled ? 'bundled' : 'through tsx'}; ` +
      `load average ${before} -> ${after}`,
  );
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;
  console.log(
    '| comparison | reference req/s | target req/s | rate ratio per pair | rate ratio range | CPU ratio range | aim | ' +
      'server CPU µs/req ref → target | PostgreSQL CPU µs/req ref → target |',
  );
  console.log('|---|---:|---:|---|---|---|---:|---|---|');
  for (const r of results) {
    const rates = r.runs.map((run) => run.target.perSecond / run.reference.perSecond);
    // The CPU ratio: how many target requests one reference request's CPU pays for (server side).
    const cpus = r.runs.map((run) => run.reference.cpuUs / run.target.cpuUs);
    const pg = (side: 'reference' | 'target') => {
      const xs = r.runs.map((run) => run[side].pgUs);
      return xs.every((x) => x !== undefined) ? mean(xs as number[]).toFixed(0) : '-';
    };
    console.log(
      `| ${r.label} | ${mean(r.runs.map((x) => x.reference.perSecond)).toFixed(0)} | ` +
        `${mean(r.runs.map((x) => x.target.perSecond)).toFixed(0)} | ${rates.map((x) => x.toFixed(2)).join(', ')} | ` +
        `${range(rates)} | ${range(cpus)} | ${r.aim ? `>= ${r.aim}` : '-'} | ` +
        `${mean(r.runs.map((x) => x.reference.cpuUs)).toFixed(0)} → ${mean(r.runs.map((x) => x.target.cpuUs)).toFixed(0)} | ` +
        `${pg('reference')} → ${pg('target')} |`,
    );
    const errors = r.runs.reduce((n, x) => n + x.reference.errors + x.target.errors, 0);
    if (errors > 0) console.log(`  (${errors} answers were not 200)`);
  }
}

const role = process.env.BENCH_ROLE;
const fail = (e: unknown) => {
  console.error(e);
  process.exit(1);
};
if (role === 'load') {
  runLoad(JSON.parse(process.env.BENCH_SERVERS ?? '{}'), process.env.BENCH_TOKEN ?? '').then(
    (r) => process.stdout.write(JSON.stringify(r)),
    fail,
  );
} else if (role === 'bare') {
  runBare().catch(fail);
} else {
  main().catch(fail);
}
