// Vendor wallet API against the ledger's own ceiling: calls per second through the signed seamless
// API over real HTTP (one bet + one closing win per round, each a signed POST over a kept-alive
// connection per player), at 64 concurrent players on PostgreSQL, p50/p99 per round and per call;
// side by side on the same database and the same clients, the posting each call makes (a member's
// cash against the vendor's sharded house account, bet and win in turn) through the ledger's
// group-committed postAlone (the reference) and through wallet.post in its own transaction (the
// second line). The runs alternate, API, postAlone, wallet.post, PAIRS times (default 3), so a
// drifting load falls on both sides of each pair; the report gives each pair's ratios (PostgreSQL
// CPU per call over the reference's per posting, call rate over posting rate) and their ranges.
// The server's pool is the production size (POOL, default 10 as DB_POOL_SIZE's default).
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg        # prints the URL
//   DATABASE_URL=<that URL> node --import tsx bench/vendor.ts
//   bash scripts/pg-cluster.sh stop /tmp/benchpg
//
// The bench creates and drops its own database on that server. SECONDS (default 10) per run,
// PLAYERS (default 64) concurrent players, WARMUP_ROUNDS (default 20) untimed rounds per player first
// (and a second of untimed raw postings before those are timed) so V8 has compiled what is timed.
// Before the first timed run the bench ANALYZEs its database (ANALYZE_TABLES=0: not), as autovacuum
// has long done on a live one.
// LOG_LEVEL=info logs as a production server does by default (to /dev/null). PROFILE=1 prints where the server thread's CPU went in the first API run (PROFILE_FILE=<path>
// also writes the .cpuprofile); the in-process profiler costs CPU, so leave it off for figures.
//
// PROGRAMMES=1 (the rewards engine benchmark) runs the vendor API twice in the same run: first as above (the
// activity events are written by their triggers but nothing consumes them), then with the rewards
// programmes active: a running ranking promotion, every player holding a claimed bonus with an
// active wager, and the activity worker feeding every registered consumer (promotions, wagering,
// ranking and whatever other programmes the app loads) as main.ts does. It prints the second
// rate as a share of the first and the event lag (consumption time - event time) of the round
// events of the second run, p50 and p99.
//
// A bet or a win is one statement (vendor_bet / vendor_win) and concurrent ones share a
// transaction (the gateway's call batcher): the run prints how the calls were batched and, when the
// server preloads pg_stat_statements (shared_preload_libraries), the API run's top statements by
// total time.
//
// On a shared machine rates move with the load, so each run also reports the CPU it cost per
// operation: of this Node process (for the API rows: the server and the vendor's client thread
// together) and of the PostgreSQL server: the whole cluster, the postmaster and all its children
// (backends, WAL writer, checkpointer, autovacuum; exited ones through the postmaster's cutime),
// read from /proc, so only when the server runs on this Linux machine. The whole cluster because
// a call's cost includes the WAL it makes others write; the bench is the cluster's only client.
// CPU per operation moves far less with the load than rates do.
import { randomBytes } from 'node:crypto';
import { openSync, readlinkSync, writeFileSync, writeSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { type Config, testConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/database';
import {
  activityConsumers,
  drainActivity,
  startActivityWorker,
} from '../apps/server/src/modules/activity/activity-bus';
import { type Posting, post, postAlone, verifyLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { batcherStats } from '../apps/server/src/modules/ledger/posting-batcher';
import { claimReward } from '../apps/server/src/modules/rewards/rewards.service';
import { callBatcherStats } from '../apps/server/src/modules/vendor-gateway/vendor-call-batcher';
import { reconciliation } from '../apps/server/src/modules/vendor-gateway/vendor-gateway.service';
import { deriveVendorSecret, signVendorBody } from '../apps/server/src/modules/vendor-gateway/vendor-signature';
import { createBenchDatabase, firstVendorGame, fundedMembers, openGameSession } from './support/database';
import { poster } from './support/http-poster';
import { loadAverage, printTable, type Result, runFor, summarise } from './support/measure';
import { postgresCpu, postmasterOf, procCpu } from './support/postgres-stats';
import { playVendorRound } from './support/vendor-round';

const SECONDS = Number(process.env.SECONDS ?? 10);
const PLAYERS = Number(process.env.PLAYERS ?? 64);
const PROGRAMMES = process.env.PROGRAMMES === '1';
const PROFILE = process.env.PROFILE === '1';
const WARMUP_ROUNDS = Number(process.env.WARMUP_ROUNDS ?? 20);
// Pairs of runs (the API, then the references): the ratios are reported per pair and as a range.
const PAIRS = Number(process.env.PAIRS ?? 3);
// The production pool size (config DB_POOL_SIZE's default), so batching and waits are as deployed.
const POOL = Number(process.env.POOL ?? 10);

const run = (clients: number, op: (worker: number, i: number) => Promise<void>) => runFor(SECONDS, clients, op);

type CpuSnapshot = { node: number; server: number; postgres: number | undefined };

/** This thread's id on Linux (/proc/thread-self -> <pid>/task/<tid>), to read its CPU apart. */
function threadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return undefined;
  }
}

function cpuNow(postmaster: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    node: (usage.user + usage.system) / 1e6,
    server: procCpu(process.pid, process.pid),
    postgres: postgresCpu(postmaster),
  };
}

/** One run's figures: operations per second and PostgreSQL CPU ms per operation (NaN off /proc). */
type Figures = { rate: number; pgMs: number };

function figuresOf(from: CpuSnapshot, to: CpuSnapshot, ops: number, elapsed: number): Figures {
  const pg = from.postgres === undefined || to.postgres === undefined ? Number.NaN : to.postgres - from.postgres;
  return { rate: ops / elapsed, pgMs: (pg / ops) * 1000 };
}

const range = (xs: number[]) => {
  const ok = xs.filter((x) => Number.isFinite(x));
  return ok.length === 0 ? 'n/a' : `${Math.min(...ok).toFixed(2)}-${Math.max(...ok).toFixed(2)}`;
};

/**
 * The vendor calls against each reference, pair by pair (the runs of a pair are back to back):
 * PostgreSQL CPU per call over the reference's per posting, and the call rate over its posting rate.
 */
function ratioReport(pairs: { api: Figures; alone: Figures; own: Figures; load: string }[]): string {
  const lines = [
    '| pair | load (1 5 15 min) | API calls/s | API PG ms/call | postAlone /s | postAlone PG ms | wallet.post /s | wallet.post PG ms | CPU x postAlone | rate x postAlone | CPU x wallet.post | rate x wallet.post |',
  ];
  lines.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  pairs.forEach(({ api, alone, own, load }, i) => {
    lines.push(
      `| ${i + 1} | ${load} | ${api.rate.toFixed(0)} | ${api.pgMs.toFixed(3)} | ${alone.rate.toFixed(0)} | ${alone.pgMs.toFixed(3)} | ${own.rate.toFixed(0)} | ${own.pgMs.toFixed(3)} | ${(api.pgMs / alone.pgMs).toFixed(2)} | ${(api.rate / alone.rate).toFixed(2)} | ${(api.pgMs / own.pgMs).toFixed(2)} | ${(api.rate / own.rate).toFixed(2)} |`,
    );
  });
  const r = (f: (p: (typeof pairs)[number]) => number) => range(pairs.map(f));
  lines.push(
    `ranges over ${pairs.length} pairs: PostgreSQL CPU per vendor call ${r((p) => p.api.pgMs / p.alone.pgMs)}x a postAlone posting's (aim <= 1.5), call rate ${r((p) => p.api.rate / p.alone.rate)}x its rate (aim >= 0.6); against wallet.post in its own transaction: CPU ${r((p) => p.api.pgMs / p.own.pgMs)}x, rate ${r((p) => p.api.rate / p.own.rate)}x`,
  );
  return lines.join('\n');
}

/**
 * CPU ms per operation between two snapshots, for the table's notes. For the API rows the Node
 * figure is split by thread (from /proc, 10 ms ticks): the server's event loop, the vendor's client
 * thread (which runs elsewhere in production), and the rest (the garbage collector's and libuv's).
 */
function cpuPerOp(label: string, from: CpuSnapshot, to: CpuSnapshot, ops: number, client?: number): string {
  const ms = (seconds: number) => ((seconds / ops) * 1000).toFixed(2);
  const node = ms(to.node - from.node);
  const pg = from.postgres === undefined || to.postgres === undefined ? 'n/a' : ms(to.postgres - from.postgres);
  const server = to.server - from.server;
  const threads =
    client === undefined
      ? ''
      : ` (server thread ${ms(server)}, vendor client thread ${ms(client)}, other threads ${ms(to.node - from.node - server - client)})`;
  return `${label}: CPU per op ${node} ms Node${threads}, ${pg} ms PostgreSQL`;
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Where the server thread's CPU went (self time, idle left out): by package, then by function. */
function profileSummary(profile: CpuProfile, calls: number): string[] {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)') return;
    const us = profile.timeDeltas[i] ?? 0;
    busy += us;
    const { url, functionName } = frame;
    const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
    const own = url.match(/src\/(modules\/[^/]+|[^/]+)/)?.[1];
    const group = !url
      ? functionName
      : (pkg ??
        (url.startsWith('node:') ? url.replace(/^node:(internal\/)?/, 'node:').replace(/\/.*/, '') : (own ?? url)));
    byPackage.set(group, (byPackage.get(group) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '')}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  });
  const per = (us: number) => `${(us / 1000 / calls).toFixed(3)} ms/call`;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${((100 * us) / busy).toFixed(1)}% ${per(us)} ${name}`);
  return [
    `server thread profile: busy ${per(busy)}; by package:`,
    ...top(byPackage, 20),
    'by function (self time):',
    ...top(byFunction, 40),
  ];
}

/** A log destination that writes each line to /dev/null, one write per line as pino's default does to stdout. */
function devNull(): { write: (line: string) => void } {
  const fd = openSync('/dev/null', 'w');
  return { write: (line) => void writeSync(fd, line) };
}

type ClientJob = {
  address: string;
  vendor: string;
  secret: string;
  gameCode: string;
  currency: string;
  tag: string;
  seconds: number;
  warmupRounds: number;
  players: { id: number; token: string }[];
};
/** `cpu`: the client thread's own CPU seconds over the timed rounds (0 off Linux). */
type ClientResult = { rounds: number[]; calls: number[]; elapsed: number; cpu: number };

/** This thread's CPU seconds (0 when /proc cannot say). */
function threadCpu(): number {
  const tid = threadId();
  return tid === undefined ? 0 : procCpu(process.pid, tid);
}

/** The vendor: each player plays rounds (a signed bet, then a signed closing win) back to back. */
async function playRounds(job: ClientJob): Promise<ClientResult> {
  const calls: number[] = [];
  // node:http with one kept-alive connection per player: the vendor's side of the wire costs a
  // fraction of what fetch costs, and on a shared two-core machine it takes that from the server.
  const send = poster(job.address, job.players.length);
  const post = async (path: string, raw: string) =>
    (await send(`/vendor/wallet/${path}`, raw, { 'x-signature': signVendorBody(job.secret, raw) })).text;
  const call = async (path: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ vendor: job.vendor, requestId: randomBytes(8).toString('hex'), ...body });
    const t0 = performance.now();
    const answer = JSON.parse(await post(path, raw)) as { status: string };
    calls.push(performance.now() - t0);
    if (answer.status !== 'OK') throw new Error(`${path}: ${JSON.stringify(answer)}`);
  };
  const playRound = async (p: { id: number; token: string }, worker: number, i: number | string) => {
    const ids = {
      round: `br-${job.tag}-${worker}-${i}`,
      bet: `bb-${job.tag}-${worker}-${i}`,
      win: `bw-${job.tag}-${worker}-${i}`,
    };
    await playVendorRound(call, p, job, ids, worker, typeof i === 'number' ? i : 0);
  };
  // Warm-up: connections, caches, and the JIT on the very paths timed (a server runs for hours: a
  // run that compiles the bet and win paths while timing them counts V8's optimising compiler,
  // on its own threads, into every call).
  await Promise.all(
    job.players.map((p) =>
      call('balance', { token: p.token }).then(() => call('balance', { token: p.token, player: String(p.id) })),
    ),
  );
  await Promise.all(
    job.players.map(async (p, worker) => {
      for (let i = 0; i < job.warmupRounds; i++) await playRound(p, worker, `w${i}`);
    }),
  );
  calls.length = 0;
  // The main thread answers 'go' once it has taken its snapshots (and, the first time, ANALYZE).
  const go = new Promise<void>((resolve) => parentPort?.once('message', () => resolve()));
  parentPort?.postMessage({ started: true });
  await go;
  const cpuFrom = threadCpu();
  const rounds: number[] = [];
  const end = performance.now() + job.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    job.players.map(async (p, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await playRound(p, worker, i);
        rounds.push(performance.now() - t0);
      }
    }),
  );
  return { rounds, calls, elapsed: (performance.now() - started) / 1000, cpu: threadCpu() - cpuFrom };
}

/** Feeds every registered consumer until none has a backlog. */
async function drainAll(ctx: Awaited<ReturnType<typeof bootstrap>>): Promise<void> {
  for (const consumer of activityConsumers()) await drainActivity(ctx, consumer, 300_000);
}

/**
 * The same vendor API run with the rewards programmes active and the activity worker
 * consuming; returns the note with the rate kept and the round events' lag.
 */
async function withProgrammes(
  ctx: Awaited<ReturnType<typeof bootstrap>>,
  players: number[],
  tag: string,
  runApi: () => Promise<number>,
  plainRate: number,
): Promise<string> {
  const now = Date.now();
  const texts = JSON.stringify({ en: { title: `bench ${tag}`, summary: '', rules: '' } });
  await ctx.db
    .insertInto('promotions')
    .values({
      type: 'RANKING',
      kind: 'ranking',
      state: 'active',
      starts_at: new Date(now - 60_000),
      ends_at: new Date(now + 3_600_000),
      rules: JSON.stringify({ trigger: 'none', payAs: 'cash', ranking: { prizes: [100, 50, 25], gameTypes: [] } }),
      texts,
      updated_at: new Date(now),
    })
    .execute();
  const bonus = await ctx.db
    .insertInto('promotions')
    .values({
      type: 'SLOTS',
      kind: 'fixed',
      state: 'active',
      starts_at: new Date(now - 60_000),
      rules: JSON.stringify({
        trigger: 'none',
        amount: 10,
        payAs: 'bonus',
        wagering: { multiple: 100, base: 'bonus', contributions: {}, otherPercent: 100, days: 7 },
      }),
      texts,
      updated_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every player holds a claimed bonus whose wagering each settled round advances.
  for (const id of players) {
    const reward = await ctx.db
      .insertInto('rewards')
      .values({
        member_id: id,
        promotion_id: bonus.id,
        source: `bench:${tag}`,
        amount: 100_000,
        currency: 'PHP',
        pay_as: 'bonus',
        state: 'claimable',
        expires_at: new Date(now + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimReward(ctx, id, reward.id);
  }
  // What came before this run (registrations, deposits, the first run's rounds) is consumed first.
  await drainAll(ctx);
  const from = new Date();
  const worker = startActivityWorker(ctx, { log: (err) => console.error(err) });
  let rate: number;
  try {
    rate = await runApi();
  } finally {
    await drainAll(ctx);
    await worker.stop();
  }
  const lag = await sql<{ p50: number | null; p99: number | null; n: string }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY l) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY l) AS p99,
           count(*) AS n
      FROM (SELECT extract(epoch FROM c.consumed_at - e.created_at) * 1000 AS l
              FROM rewards_consumptions c JOIN activity_events e ON e.id = c.event_id
             WHERE e.kind = 'round.settled' AND e.created_at >= ${from} AND c.consumer = 'wagering') x
  `.execute(ctx.db);
  const row = lag.rows[0];
  return (
    `programmes active: ${rate.toFixed(0)} rounds/s against ${plainRate.toFixed(0)} without (${((rate / plainRate) * 100).toFixed(0)}%); ` +
    `round event lag (wagering consumer) p50 ${Number(row?.p50 ?? 0).toFixed(0)} ms, p99 ${Number(row?.p99 ?? 0).toFixed(0)} ms over ${row?.n ?? 0} events`
  );
}

/** The top statements by total time since the last reset (empty without pg_stat_statements). */
async function topStatements(db: Db, calls: number): Promise<string[]> {
  try {
    const rows = await sql<{ query: string; calls: string; total: number; mean: number }>`
      SELECT left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) AS query, calls, total_exec_time AS total,
             mean_exec_time AS mean
        FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT 6`.execute(db);
    return rows.rows.map(
      (r) =>
        `  ${(r.total / calls).toFixed(3)} ms per API call, ${r.calls} calls, mean ${r.mean.toFixed(3)} ms: ${r.query}`,
    );
  } catch {
    return [];
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('DATABASE_URL is not set. Start a throwaway cluster first:');
    console.log('  bash scripts/pg-cluster.sh start /tmp/benchpg   # prints the URL');
    console.log('  DATABASE_URL=<that URL> node --import tsx bench/vendor.ts');
    process.exitCode = 2;
    return;
  }

  console.log(`load average before: ${loadAverage()}`);
  const bench = await createBenchDatabase(adminUrl);
  // LOG_LEVEL=info logs as a production server does by default (to /dev/null, a write per line).
  const logLevel = (process.env.LOG_LEVEL ?? 'silent') as Config['logLevel'];
  const config = testConfig({ databaseUrl: bench.url, dbPoolSize: POOL, demo: false, catalogueSlots: 120, logLevel });
  const ctx = await bootstrap(config);
  const app = await buildApp(ctx, logLevel === 'silent' ? {} : { logStream: devNull() });
  const results: Result[] = [];
  try {
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(ctx.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const game = await firstVendorGame(ctx.db);
    const vendor = game.vendor_code;
    const secret = deriveVendorSecret(config.studioSecret, vendor);
    console.log(
      `PostgreSQL ${version.rows[0]?.v}; ${PLAYERS} players at vendor ${vendor} over HTTP (${address}); ${SECONDS} s per run`,
    );

    const tag = randomBytes(3).toString('hex');
    const players = await fundedMembers(ctx.db, PLAYERS, `v${tag}`);
    const tokens = new Map<number, string>();
    for (const id of players) tokens.set(id, await openGameSession(ctx.db, id, game, 3_600_000));

    // The players run in a worker thread, as a vendor runs elsewhere: the server's event loop serves
    // requests only (on two cores this still shares the CPU, but not the loop).
    const job: ClientJob = {
      address,
      vendor,
      secret,
      gameCode: game.game_code,
      currency: game.currency,
      tag,
      seconds: SECONDS,
      warmupRounds: WARMUP_ROUNDS,
      players: players.map((id) => ({ id, token: tokens.get(id) as string })),
    };
    const postmaster = await postmasterOf(ctx.db);
    const notes: string[] = [];
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(ctx.db).catch(() => undefined);
    // PROFILE=1: the server thread's CPU profile over the first API run's timed rounds.
    const inspector = PROFILE ? new Session() : undefined;
    inspector?.connect();
    await inspector?.post('Profiler.enable');
    let analyzed = false;
    const runApi = async (label: string, runTag: string): Promise<Figures & { rounds: number }> => {
      const profiling = inspector !== undefined && label === '';
      let apiFrom = cpuNow(postmaster);
      let batchesFrom = callBatcherStats(ctx.db);
      const client = await new Promise<ClientResult>((resolve, reject) => {
        // Loader hooks are per thread in Node 20: the worker registers tsx, then loads this file.
        const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
        const worker = new Worker(boot, { eval: true, workerData: { ...job, tag: runTag } });
        worker.on('message', (message: ClientResult | { started: true }) => {
          if ('started' in message) {
            void (async () => {
              // A live database has statistics on its tables (autovacuum analyzes them as they grow);
              // the bench's new one has none until then, and a plan made on an empty table can walk a
              // vendor's whole history by a shorter index. ANALYZE_TABLES=0 leaves that to autovacuum.
              if (!analyzed && process.env.ANALYZE_TABLES !== '0') await sql`ANALYZE`.execute(ctx.db);
              analyzed = true;
              await sql`SELECT pg_stat_statements_reset()`.execute(ctx.db).catch(() => undefined);
              apiFrom = cpuNow(postmaster);
              batchesFrom = callBatcherStats(ctx.db);
              if (profiling) await inspector.post('Profiler.start');
              worker.postMessage('go');
            })().catch(reject);
          } else resolve(message);
        });
        worker.once('error', reject);
      });
      const apiTo = cpuNow(postmaster);
      if (profiling) {
        const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile };
        if (process.env.PROFILE_FILE) writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile));
        notes.push(profileSummary(profile, client.calls.length).join('\n'));
      }
      results.push(summarise(`vendor API round (bet + win), HTTP${label}`, PLAYERS, client.rounds, client.elapsed));
      results.push(summarise(`vendor API single call (bet or win)${label}`, PLAYERS, client.calls, client.elapsed));
      notes.push(cpuPerOp(`vendor API single call${label}`, apiFrom, apiTo, client.calls.length, client.cpu));
      const b = callBatcherStats(ctx.db);
      const batches = b.batches - batchesFrom.batches;
      notes.push(
        `vendor API${label}: ${b.calls - batchesFrom.calls} calls in ${batches} transactions (${((b.calls - batchesFrom.calls) / Math.max(1, batches)).toFixed(1)} a transaction, largest so far ${b.largest}), ${b.busy - batchesFrom.busy} busy, ${b.fallbacks - batchesFrom.fallbacks} batch fallbacks`,
      );
      const top = await topStatements(ctx.db, client.calls.length);
      if (top.length > 0) notes.push(`pg_stat_statements, API run${label}, top by total time:\n${top.join('\n')}`);
      return {
        ...figuresOf(apiFrom, apiTo, client.calls.length, client.elapsed),
        rounds: client.rounds.length / client.elapsed,
      };
    };
    // A: the vendor API. B: the ledger's own group-committed postAlone, C: wallet.post in its own
    // transaction, each the posting a vendor call makes (a member's cash against the vendor's
    // sharded house account, bet and win in turn) at the same clients. Run A, B, C, A, B, C, ... so
    // a drifting load falls on both sides of every pair; the ratios are per pair, then their range.
    const wallets = await fundedMembers(ctx.db, PLAYERS, `w${tag}`);
    const housePosting = (key: string, worker: number, i: number): Posting => {
      const sign = i % 2 === 0 ? -1 : 1;
      return {
        idempotencyKey: key,
        type: i % 2 === 0 ? 'bet.bench' : 'win.bench',
        reference: 'bench',
        entries: [
          { account: { member: wallets[worker] as number, currency: 'PHP' }, amount: sign * (100 + (i % 900)) },
          { account: { house: 'vendor:BENCH', currency: 'PHP' }, amount: -sign * (100 + (i % 900)) },
        ],
      };
    };
    const runRaw = async (label: string, runTag: string, alone: boolean): Promise<Figures> => {
      const op = (key: string, worker: number, i: number) =>
        alone
          ? postAlone(ctx.db, housePosting(key, worker, i)).then(() => undefined)
          : ctx.db.transaction().execute((trx) => post(trx, housePosting(key, worker, i)).then(() => undefined));
      // Warmed up as the API is, untimed.
      if (WARMUP_ROUNDS > 0)
        await runFor(1, PLAYERS, (worker, i) => op(`bench-${runTag}-warm-${worker}-${i}`, worker, i));
      const ledgerFrom = batcherStats(ctx.db);
      const from = cpuNow(postmaster);
      const r = await run(PLAYERS, (worker, i) => op(`bench-${runTag}-${worker}-${i}`, worker, i));
      const to = cpuNow(postmaster);
      results.push(summarise(label, PLAYERS, r.latencies, r.elapsed));
      notes.push(cpuPerOp(label, from, to, r.latencies.length, 0));
      if (alone) {
        const b = batcherStats(ctx.db);
        const batches = b.batches - ledgerFrom.batches;
        notes.push(
          `${label}: ${b.postings - ledgerFrom.postings} postings in ${batches} batches (${((b.postings - ledgerFrom.postings) / Math.max(1, batches)).toFixed(1)} a batch)`,
        );
      }
      return figuresOf(from, to, r.latencies.length, r.elapsed);
    };

    const pairs: { api: Figures; alone: Figures; own: Figures; load: string }[] = [];
    let plain = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const load = loadAverage();
      const api = await runApi(pair === 0 ? '' : ` #${pair + 1}`, `${tag}${pair}`);
      if (pair === 0) inspector?.disconnect();
      plain = plain || api.rounds;
      const alone = await runRaw(`ledger postAlone member <-> vendor house #${pair + 1}`, `a${tag}${pair}`, true);
      const own = await runRaw(
        `wallet.post (own transaction) member <-> vendor house #${pair + 1}`,
        `o${tag}${pair}`,
        false,
      );
      pairs.push({ api, alone, own, load });
    }
    if (PROGRAMMES)
      notes.push(
        await withProgrammes(
          ctx,
          players,
          tag,
          async () => (await runApi(', programmes active', `${tag}p`)).rounds,
          plain,
        ),
      );
    for (const note of notes) console.log(note);
    console.log(ratioReport(pairs));

    const report = await verifyLedger(ctx.db);
    console.log(`ledger verify: ${report.ok ? 'OK' : report.violations.slice(0, 5).join('; ')}`);
    const day = new Date().toISOString().slice(0, 10);
    const rec = await reconciliation(ctx, vendor, day);
    console.log(
      `reconciliation ${vendor} ${day}: bets ${rec.bets.count} (${rec.bets.amount}), wins ${rec.wins.count} (${rec.wins.amount}), net ${rec.net}, ledger net ${rec.ledger.net}: ${rec.matches ? 'matches' : 'MISMATCH'}`,
    );
  } finally {
    await app.close();
    await ctx.database.close();
    await bench.drop();
  }

  printTable(results);
  console.log(`load average after: ${loadAverage()}`);
}

if (isMainThread) await main();
else parentPort?.postMessage(await playRounds(workerData as ClientJob));
