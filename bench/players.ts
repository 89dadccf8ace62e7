// Players per core: N players each playing one slot round (a bet and its win) every 3
// seconds, N raised step by step until the round p99 passes 50 ms. Each step reports the rounds, the
// round p50/p99, the CPU a round cost (this Node process: server, players and, with STUDIO=1, the
// studio; and the PostgreSQL server, from /proc) and the cores that CPU kept busy. Players per core is
// the 3 s period over the CPU a round costs (Node + PostgreSQL): how many players one fully used core
// serves, a figure a shared machine's load moves much less than it moves the latency.
// For the last step under the aim it prints where the time went: the main thread's CPU profile by
// package (PROFILE=1; the in-process profiler costs about a tenth of the thread's CPU, so the CPU
// figures of a profiled run are high), and pg_stat_statements' top statements (when the server preloads it:
// shared_preload_libraries = 'pg_stat_statements'). At the end: ledger verify, and the day's
// reconciliation of the vendor against the ledger.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg        # prints the URL
//   DATABASE_URL=<that URL> node --import tsx bench/players.ts
//
// Vendor mode (default): the players are a vendor's signed bet and closing win over HTTP, straight
// to the platform's vendor wallet API. STUDIO=1: each player launched a house studio slot from the
// lobby and plays POST /studio/api/round; the studio (mounted in this process, as `npm start` does)
// makes the bet and win calls to the platform over loopback HTTP.
// STUDIO=process runs the studio as its own process (`npm run start:studio`, on the same database),
// so that each step can say what a round cost in the studio's Node apart from the platform's.
// Each step splits the CPU: the players' thread apart from the rest of this process, and PostgreSQL's
// backends by application_name (the studio's pool connects as gamehall-studio).
// START (default 100) players first, times FACTOR (1.5) per step, STEP_SECONDS (15) per step, up to
// MAX (4000) players; AIM_MS (50) the round p99 aim. The long load test: PLAYERS=<n> LONG_SECONDS=<s>
// plays one step of n players for s seconds (e.g. PLAYERS=2000 LONG_SECONDS=600 STUDIO=1). First,
// untimed, WARMUP_PLAYERS (300) play for WARMUP_SECONDS (9).
//
// Vendor mode runs each step twice, on the platform and then on a reference server in the same
// harness (REFERENCE=0: not): a bare Fastify answering bet and win with one UPDATE of the player's
// balance each. At the end it prints, beside the reference's, the latency-bound figure (the most
// players whose round p99 stayed under AIM_MS), the CPU-derived one (players per fully used core)
// and, the headline for capacity planning, the primary's (PostgreSQL's) CPU per round: the tier that
// does not scale out. Both servers' pools are the production size (POOL, default 10).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { LaunchGameValue } from '@gamehall/shared/api/games';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/database';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { reconciliation } from '../apps/server/src/modules/vendor-gateway/vendor-gateway.service';
import { deriveVendorSecret, signVendorBody } from '../apps/server/src/modules/vendor-gateway/vendor-signature';
import { loopbackUrl, studioPlugin } from '../apps/studio/src/plugin';
import { createBenchDatabase, fundedMembers, openGameSession } from './support/database';
import { poster } from './support/http-poster';
import { loadAverage, percentile } from './support/measure';
import { postgresCpu, postmasterOf, procCpu, topStatements } from './support/postgres-stats';
import { playVendorRound } from './support/vendor-round';

const STUDIO_PROCESS = process.env.STUDIO === 'process';
const STUDIO = process.env.STUDIO === '1' || STUDIO_PROCESS;
const STUDIO_APP = 'gamehall-studio';
const START = Number(process.env.START ?? 100);
const FACTOR = Number(process.env.FACTOR ?? 1.5);
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 15);
const MAX = Number(process.env.MAX ?? 4000);
const AIM_MS = Number(process.env.AIM_MS ?? 50);
const LONG_SECONDS = process.env.LONG_SECONDS === undefined ? undefined : Number(process.env.LONG_SECONDS);
const LONG_PLAYERS = Number(process.env.PLAYERS ?? 1000);
const PROFILE = process.env.PROFILE === '1';
const PERIOD_MS = 3000;
// The platform's pool (and the reference server's): the production size, DB_POOL_SIZE's default.
const POOL = Number(process.env.POOL ?? 10);
const WARMUP_PLAYERS = Number(process.env.WARMUP_PLAYERS ?? 300);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 9);

type Player = { id: number; token: string };
type Job = {
  address: string;
  /** The reference server's address (vendor mode; empty: none). */
  referenceAddress: string;
  /** Where the players reach the studio (the platform's address when it is mounted there). */
  studioAddress: string;
  studio: boolean;
  vendor: string;
  secret: string;
  gameCode: string;
  currency: string;
  bet: unknown;
  players: Player[];
};
/** `reference`: the players call the reference server instead of the platform. */
type StepOrder = { count: number; seconds: number; tag: string; reference?: boolean };
type StepResult = { rounds: number[]; late: number; failures: string[]; elapsed: number };
type Ready = { ready: true; tid: number };

// ---- the players (a worker thread: the vendor, or the players' browsers, run elsewhere)

function playerLoop(job: Job) {
  const platformPost = poster(job.address, job.players.length);
  const referencePost = job.referenceAddress ? poster(job.referenceAddress, job.players.length) : platformPost;
  const studioPost = job.studioAddress === job.address ? platformPost : poster(job.studioAddress, job.players.length);
  const vendorCall = async (reference: boolean, path: string, body: Record<string, unknown>) => {
    const post = reference ? referencePost : platformPost;
    const raw = JSON.stringify({ vendor: job.vendor, requestId: randomBytes(8).toString('hex'), ...body });
    const answer = JSON.parse(
      (await post(`/vendor/wallet/${path}`, raw, { 'x-signature': signVendorBody(job.secret, raw) })).text,
    ) as { status: string };
    if (answer.status !== 'OK') throw new Error(`${path}: ${answer.status}`);
  };
  /** One slot round of player `p`: a bet and its closing win, or a studio round and its free spins. */
  const round = async (p: Player, worker: number, tag: string, i: number, reference: boolean) => {
    if (job.studio) {
      const headers = { 'x-game-token': p.token };
      let res = await studioPost('/studio/api/round', JSON.stringify({ bet: job.bet }), headers);
      for (let steps = 0; ; steps++) {
        if (res.status !== 200) throw new Error(`studio round: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        const answer = JSON.parse(res.text) as { round: { roundId: string; pendingSteps: number } };
        if (answer.round.pendingSteps === 0 || steps > 50) return;
        res = await studioPost(`/studio/api/round/${answer.round.roundId}/step`, '{}', headers);
      }
    }
    const ids = { round: `pr-${tag}-${worker}-${i}`, bet: `pb-${tag}-${worker}-${i}`, win: `pw-${tag}-${worker}-${i}` };
    await playVendorRound((path, body) => vendorCall(reference, path, body), p, job, ids, worker, i);
  };
  return async (order: StepOrder): Promise<StepResult> => {
    const rounds: number[] = [];
    const failures: string[] = [];
    let late = 0;
    const started = performance.now();
    const end = started + order.seconds * 1000;
    const players = job.players.slice(0, order.count);
    await Promise.all(
      players.map(async (p, worker) => {
        // Spread over the period, then one round every PERIOD_MS (at once when the last ran over).
        let next = started + (worker / players.length) * PERIOD_MS;
        // A round not started by the end of the step is not played (an overloaded server would
        // otherwise keep a late player's backlog running long after it).
        for (let i = 0; next < end && performance.now() < end; i++) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          else if (i > 0) late++;
          const t0 = performance.now();
          try {
            await round(p, worker, order.tag, i, order.reference === true);
            rounds.push(performance.now() - t0);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
          next += PERIOD_MS;
        }
      }),
    );
    return { rounds, late, failures: failures.slice(0, 5), elapsed: (performance.now() - started) / 1000 };
  };
}

if (!isMainThread) {
  const job = workerData as Job;
  const step = playerLoop(job);
  // This thread's id, so the main thread can tell the players' CPU from the server's (/proc task stat).
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  parentPort?.postMessage({ ready: true, tid } satisfies Ready);
  parentPort?.on('message', async (order: StepOrder | 'exit') => {
    if (order === 'exit') process.exit(0);
    parentPort?.postMessage(await step(order));
  });
}

// ---- measuring

/** CPU seconds so far of each backend of this database, by backend pid, and which are the studio's. */
async function backendCpu(db: Db): Promise<Map<number, { cpu: number; studio: boolean }>> {
  const { rows } = await sql<{ pid: number; app: string }>`
    SELECT pid, application_name AS app FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  return new Map(rows.map((r) => [r.pid, { cpu: procCpu(r.pid), studio: r.app === STUDIO_APP }]));
}

/** The studio's backends' CPU between two snapshots (a backend that left during the step is not counted). */
function studioBackendCpu(
  before: Map<number, { cpu: number; studio: boolean }>,
  after: Map<number, { cpu: number; studio: boolean }>,
) {
  let studio = 0;
  for (const [pid, b] of after) if (b.studio) studio += b.cpu - (before.get(pid)?.cpu ?? 0);
  return studio;
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Where the server thread's CPU went, by package or Node subsystem (self time, idle left out). */
function profileSummary(profile: CpuProfile, top = 12): string {
  const group = new Map<number, string>();
  for (const n of profile.nodes) {
    const { url, functionName } = n.callFrame;
    const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
    const own = url.match(/src\/(modules\/[^/]+|[^/]+)/)?.[1];
    const name = !url
      ? functionName === 'writev' || functionName === 'writeBuffer' || functionName === 'writeUtf8String'
        ? 'socket writes (syscalls)'
        : functionName
      : (pkg ?? (url.startsWith('node:') ? url.replace(/^node:(internal\/)?/, 'node:') : (own ?? url)));
    group.set(n.id, name);
  }
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const name = group.get(id) ?? '?';
    if (name === '(idle)') return;
    const us = profile.timeDeltas[i] ?? 0;
    busy += us;
    time.set(name, (time.get(name) ?? 0) + us);
  });
  const rows = [...time].sort((a, b) => b[1] - a[1]).slice(0, top);
  return rows.map(([name, us]) => `${((100 * us) / busy).toFixed(1)}% ${name}`).join(', ');
}

/** The studio's statements (its studio_ tables) per round against the rest, and its top statements. */
async function studioStatements(db: Db, rounds: number): Promise<string[]> {
  try {
    const { rows } = await sql<{ calls: string; ms: number; query: string }>`
      SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
        FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND toplevel
       ORDER BY calls DESC`.execute(db);
    const mine = rows.filter((r) => /studio_/.test(r.query));
    const sum = (list: typeof rows, f: (r: (typeof rows)[number]) => number) => list.reduce((a, r) => a + f(r), 0);
    const per = (n: number) => (n / Math.max(rounds, 1)).toFixed(2);
    const others = rows.filter((r) => !/studio_/.test(r.query));
    return [
      `studio statements per round ${per(sum(mine, (r) => Number(r.calls)))} (${per(sum(mine, (r) => r.ms))} ms executing), platform ${per(sum(others, (r) => Number(r.calls)))} (${per(sum(others, (r) => r.ms))} ms; BEGIN and COMMIT counted here)`,
      ...mine.slice(0, 8).map((r) => `  ${per(Number(r.calls))} a round, ${Number(r.ms).toFixed(0)} ms: ${r.query}`),
    ];
  } catch {
    return [];
  }
}

/** A free loopback port (for the studio's own process). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm run start:studio` on `port`, calling the platform at `platformUrl`; resolves once it listens. */
async function startStudioProcess(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-bench-studio-'));
  // PROFILE=1: a preloaded hook profiles the studio between two SIGUSR2 (one step, not its start-up).
  const profileFile = path.join(dataDir, 'step.cpuprofile');
  const hook = new URL('./support/profile-on-signal.cjs', import.meta.url).pathname;
  const flags = PROFILE ? ['--require', hook] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/studio/src/main.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', BENCH_PROFILE_FILE: profileFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the studio process stopped (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('studio ready')) resolve();
    });
  });
  return {
    pid: child.pid ?? 0,
    startProfile: () => {
      if (PROFILE) child.kill('SIGUSR2');
    },
    /** The studio's profile since startProfile (PROFILE=1 only). */
    stopProfile: async (): Promise<CpuProfile | undefined> => {
      if (!PROFILE) return undefined;
      child.kill('SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(profileFile); i++) await new Promise((r) => setTimeout(r, 100));
      if (!existsSync(profileFile)) return undefined;
      const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
      rmSync(profileFile);
      return profile;
    },
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type StepFigures = { reference: boolean; count: number; p99: number; pgPerRound: number; perRound: number };

/**
 * The platform beside the reference server: the latency-bound figure (the most players whose round
 * p99 stayed under the aim), the CPU-derived one (players per fully used core, from the CPU a round
 * cost at the largest step both ran: the cluster's fixed background work, the WAL writer's and
 * autovacuum's, weighs least per round there) and,
 * the headline for capacity planning, the primary's (PostgreSQL's) CPU per round: the tier that
 * does not scale out.
 */
function capacitySummary(figures: StepFigures[]): string[] {
  const of = (reference: boolean) => figures.filter((f) => f.reference === reference);
  const under = (list: StepFigures[]) => list.filter((f) => f.p99 <= AIM_MS).at(-1);
  const latency = (list: StepFigures[]) => {
    const last = under(list);
    const overAny = list.some((f) => f.p99 > AIM_MS);
    return last
      ? `${last.count}${overAny ? '' : ' or more (never over the aim in the steps run)'}`
      : `under ${list[0]?.count ?? 0}`;
  };
  const platform = of(false);
  const reference = of(true);
  const at = platform.at(-1);
  const ref = reference.find((f) => f.count === at?.count);
  if (!at || !ref) return ['no step to compare'];
  const perCore = (f: StepFigures) => PERIOD_MS / f.perRound;
  const perPrimaryCore = (f: StepFigures) => PERIOD_MS / f.pgPerRound;
  return [
    `\ncapacity at ${at.count} players, one round per ${PERIOD_MS / 1000} s each (the reference: Fastify and one UPDATE per call):`,
    `  headline, the primary's CPU per round: platform ${at.pgPerRound.toFixed(2)} ms, reference ${ref.pgPerRound.toFixed(2)} ms (${(at.pgPerRound / ref.pgPerRound).toFixed(2)}x): players per primary core ${perPrimaryCore(at).toFixed(0)} against ${perPrimaryCore(ref).toFixed(0)}`,
    `  CPU-derived (Node + PostgreSQL per round): platform ${at.perRound.toFixed(2)} ms, ${perCore(at).toFixed(0)} players per core; reference ${ref.perRound.toFixed(2)} ms, ${perCore(ref).toFixed(0)} (${(perCore(at) / perCore(ref)).toFixed(2)}x)`,
    `  latency-bound (round p99 under ${AIM_MS} ms on this machine at its load): platform ${latency(platform)} players, reference ${latency(reference)}`,
  ];
}

/**
 * The reference server: a bare Fastify answering the vendor's bet and win with one UPDATE of the
 * player's balance each (its own table, a pool the platform's size), what the least a seamless
 * wallet could do costs in the same harness.
 */
async function startReference(db: Db, url: string, members: number[], poolSize: number) {
  await sql`CREATE TABLE bench_reference_wallets (id bigint PRIMARY KEY, balance bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_reference_wallets SELECT unnest(${members}::bigint[]), 100000000`.execute(db);
  await sql`ANALYZE bench_reference_wallets`.execute(db);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const server = Fastify();
  const move = (sign: 1 | -1) => async (request: { body: unknown }) => {
    const body = request.body as { player: string; amount: number };
    const { rows } = await pool.query<{ balance: string }>(
      'UPDATE bench_reference_wallets SET balance = balance + $2 WHERE id = $1 RETURNING balance',
      [Number(body.player), sign * body.amount],
    );
    return { status: 'OK', balance: Number(rows[0]?.balance ?? 0) / 100 };
  };
  server.post('/vendor/wallet/bet', move(-1));
  server.post('/vendor/wallet/win', move(1));
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    stop: async () => {
      await server.close();
      await pool.end();
    },
  };
}

// ---- the platform and the players

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('DATABASE_URL is not set: bash scripts/pg-cluster.sh start /tmp/benchpg, then');
    console.log('  DATABASE_URL=<the printed URL> node --import tsx bench/players.ts');
    process.exitCode = 2;
    return;
  }
  console.log(`load average before: ${loadAverage()}`);
  const bench = await createBenchDatabase(adminUrl);
  const config = testConfig({ databaseUrl: bench.url, dbPoolSize: POOL, demo: false, catalogueSlots: 120 });
  const ctx = await bootstrap(config);
  // The studio's pool names itself, so that its backends' CPU can be told from the platform's.
  const studioUrl = new URL(bench.url);
  studioUrl.searchParams.set('application_name', STUDIO_APP);
  const app = await buildApp(ctx, {
    mount:
      STUDIO && !STUDIO_PROCESS
        ? (server) =>
            server.register(studioPlugin, {
              prefix: '/studio',
              platformUrl: () => loopbackUrl(server.server.address()),
              houseSecret: config.studioSecret,
              databaseUrl: studioUrl.toString(),
              dataDir: '',
            })
        : undefined,
  });
  let worker: Worker | undefined;
  let studioProcess: Awaited<ReturnType<typeof startStudioProcess>> | undefined;
  let referenceServer: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(ctx.db).catch(() => undefined);
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(ctx.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let studioAddress = address;
    if (STUDIO_PROCESS) {
      const port = await freePort();
      studioProcess = await startStudioProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        PLATFORM_URL: address,
        STUDIO_SECRET: config.studioSecret,
        STUDIO_DATABASE_URL: studioUrl.toString(),
      });
      studioAddress = `http://127.0.0.1:${port}`;
    }
    const studioGet = async (url: string, headers: Record<string, string> = {}) => {
      if (!STUDIO_PROCESS) return app.inject({ method: 'GET', url, headers });
      const res = await fetch(`${studioAddress}${url}`, { headers });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    };
    const most = LONG_SECONDS === undefined ? MAX : LONG_PLAYERS;
    const tag = randomBytes(3).toString('hex');
    const members = await fundedMembers(ctx.db, most, `p${tag}`);
    const game = await ctx.db
      .selectFrom('games')
      .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
      .select(['games.vendor_code', 'games.game_code', 'games.node_id', 'i.currency'])
      .where('games.game_type', '=', 'RNG')
      .where('games.status', '=', 'active')
      .$if(STUDIO, (qb) => qb.where('games.game_code', 'like', 'SLOT-%'))
      .orderBy('games.node_id')
      .executeTakeFirstOrThrow();
    const players: Player[] = [];
    let bet: unknown;
    if (STUDIO) {
      // Each player launches the game from the lobby and opens the studio page, as a browser does.
      for (const id of members) {
        const auth = await issueSession(ctx, ctx.db, {
          memberId: id,
          area: 'member',
          ip: '127.0.0.1',
          userAgent: null,
        });
        const res = await app.inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers: { authorization: auth },
          payload: { nodeId: Number(game.node_id), language: 'en', backUrl: '/rng' },
        });
        if (res.statusCode !== 200) throw new Error(`launch: ${res.body}`);
        const url = new URL(LaunchGameValue.parse(res.json().value).url, 'http://site.test');
        const page = await studioGet(`${url.pathname}${url.search}`);
        if (page.statusCode !== 200) throw new Error(`studio page: ${page.statusCode}`);
        const token = url.searchParams.get('token') ?? '';
        players.push({ id, token });
        if (bet === undefined)
          bet = (await studioGet('/studio/api/session', { 'x-game-token': token })).json().defaultBet;
      }
    } else {
      for (const id of members) {
        players.push({ id, token: await openGameSession(ctx.db, id, game, 24 * 3_600_000) });
      }
    }
    console.log(
      `PostgreSQL ${version.rows[0]?.v}; ${STUDIO ? 'house studio rounds' : `vendor ${game.vendor_code} bet + win`} over HTTP; one round per player every ${PERIOD_MS / 1000} s; ${LONG_SECONDS === undefined ? `${STEP_SECONDS} s per step, until round p99 > ${AIM_MS} ms` : `${LONG_PLAYERS} players for ${LONG_SECONDS} s`}`,
    );
    // Vendor mode: the reference server beside the platform (REFERENCE=0: without it).
    referenceServer =
      !STUDIO && process.env.REFERENCE !== '0' ? await startReference(ctx.db, bench.url, members, POOL) : undefined;
    const referenceAddress = referenceServer?.address ?? '';
    const job: Job = {
      address,
      referenceAddress,
      studioAddress,
      studio: STUDIO,
      vendor: game.vendor_code,
      secret: deriveVendorSecret(config.studioSecret, game.vendor_code),
      gameCode: game.game_code,
      currency: game.currency,
      bet,
      players,
    };
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const thread = new Worker(boot, { eval: true, workerData: job });
    worker = thread;
    const { tid: playersThread } = await new Promise<Ready>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
    const step = (order: StepOrder) =>
      new Promise<StepResult>((resolve, reject) => {
        thread.once('message', resolve);
        thread.once('error', reject);
        thread.postMessage(order);
      });
    const postmaster = await postmasterOf(ctx.db);
    const inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');

    // A warm-up (connections, plan caches, and V8 optimising the bet and win paths, which takes
    // hundreds of calls: with 50 rounds that compiling landed in the first steps' CPU), not measured.
    await step({ count: Math.min(players.length, WARMUP_PLAYERS), seconds: WARMUP_SECONDS, tag: `${tag}w` });

    console.log(
      '| server | players | rounds | rounds/s | round p50 ms | p99 ms | late | CPU per round, Node + PostgreSQL ms | busy cores | players per core | load |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |');
    const counts: number[] = [];
    if (LONG_SECONDS !== undefined) counts.push(LONG_PLAYERS);
    else for (let n = START; n <= MAX; n = Math.round(n * FACTOR)) counts.push(n);
    let lastUnder: { line: string; profile: string; studioProfile?: string; statements: string[] } | undefined;
    let over = false;
    /** One step of `count` players on the platform (or the reference server): its table line and figures. */
    const runStep = async (count: number, stepTag: string, reference: boolean) => {
      await sql`SELECT pg_stat_statements_reset()`.execute(ctx.db).catch(() => undefined);
      if (PROFILE) await inspector.post('Profiler.start');
      studioProcess?.startProfile();
      const cpu0 = process.cpuUsage();
      const pg0 = postgresCpu(postmaster);
      const players0 = procCpu(process.pid, playersThread);
      const studio0 = studioProcess ? procCpu(studioProcess.pid) : 0;
      const backends0 = await backendCpu(ctx.db);
      const wall0 = performance.now();
      const result = await step({ count, seconds: LONG_SECONDS ?? STEP_SECONDS, tag: stepTag, reference });
      const wall = (performance.now() - wall0) / 1000;
      const cpu1 = process.cpuUsage(cpu0);
      const pg1 = postgresCpu(postmaster);
      const playersCpu = procCpu(process.pid, playersThread) - players0;
      const studioCpu = studioProcess ? procCpu(studioProcess.pid) - studio0 : 0;
      const studioPg = studioBackendCpu(backends0, await backendCpu(ctx.db));
      const profile = PROFILE
        ? ((await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile }).profile
        : undefined;
      const studioProfile = await studioProcess?.stopProfile();
      const ownNode = (cpu1.user + cpu1.system) / 1e6;
      const node = ownNode + studioCpu;
      const pg = pg0 === undefined || pg1 === undefined ? 0 : pg1 - pg0;
      const n = result.rounds.length;
      const ms = (seconds: number) => ((seconds / Math.max(n, 1)) * 1000).toFixed(2);
      result.rounds.sort((a, b) => a - b);
      const p99 = percentile(result.rounds, 99);
      const busy = (node + pg) / wall;
      // A core serves PERIOD_MS of CPU per player period: players per core = period / CPU per round.
      const perRound = ((node + pg) / n) * 1000;
      const line = `| ${reference ? 'reference' : 'platform'} | ${count} | ${n} | ${(n / result.elapsed).toFixed(0)} | ${percentile(result.rounds, 50).toFixed(1)} | ${p99.toFixed(1)} | ${result.late} | ${((node / n) * 1000).toFixed(2)} + ${((pg / n) * 1000).toFixed(2)} | ${busy.toFixed(2)} | ${(PERIOD_MS / perRound).toFixed(0)} | ${loadAverage().split(' ')[0]} |`;
      console.log(line);
      console.log(
        `  CPU per round: players' thread ${ms(playersCpu)} ms; ${STUDIO_PROCESS ? `platform Node ${ms(ownNode - playersCpu)}, studio Node (own process) ${ms(studioCpu)}` : `${STUDIO ? 'platform and studio' : 'platform'} Node ${ms(ownNode - playersCpu)}`} ms; PostgreSQL ${STUDIO ? `studio backends ${ms(studioPg)}, the rest ${ms(pg - studioPg)}` : ms(pg)} ms`,
      );
      if (STUDIO) for (const line of await studioStatements(ctx.db, n)) console.log(`  ${line}`);
      if (result.failures.length > 0) console.log(`  failures: ${result.failures.join('; ')}`);
      // Taken before the reference step resets them.
      const statements = reference ? [] : await topStatements(ctx.db, 10, 90);
      return { line, p99, n, profile, studioProfile, statements, pgPerRound: (pg / Math.max(n, 1)) * 1000, perRound };
    };
    const figures: { reference: boolean; count: number; p99: number; pgPerRound: number; perRound: number }[] = [];
    for (const [index, count] of counts.entries()) {
      // The reference step runs right after the platform's, so the two see the same load.
      const { line, p99, profile, studioProfile, statements, pgPerRound, perRound } = await runStep(
        count,
        `${tag}${index}`,
        false,
      );
      figures.push({ reference: false, count, p99, pgPerRound, perRound });
      if (referenceAddress) {
        const ref = await runStep(count, `${tag}r${index}`, true);
        figures.push({ reference: true, count, p99: ref.p99, pgPerRound: ref.pgPerRound, perRound: ref.perRound });
      }
      if (p99 > AIM_MS && LONG_SECONDS === undefined) {
        over = true;
        if (lastUnder) {
          console.log(`\nlast step under ${AIM_MS} ms: ${lastUnder.line}`);
          console.log(`server thread CPU (self time, idle left out): ${lastUnder.profile}`);
          if (lastUnder.studioProfile) console.log(`studio process CPU: ${lastUnder.studioProfile}`);
          console.log('pg_stat_statements, top by total time:');
          for (const s of lastUnder.statements) console.log(`  ${s}`);
        }
        if (profile) console.log(`\nfirst step over: server thread CPU: ${profileSummary(profile)}`);
        break;
      }
      lastUnder = {
        line,
        profile: profile ? profileSummary(profile) : '(PROFILE=1 to profile)',
        ...(studioProfile ? { studioProfile: profileSummary(studioProfile, 16) } : {}),
        statements,
      };
    }
    if (!over && lastUnder) {
      console.log(`\nlast step: ${lastUnder.line}`);
      console.log(`server thread CPU (self time, idle left out): ${lastUnder.profile}`);
      if (lastUnder.studioProfile) console.log(`studio process CPU: ${lastUnder.studioProfile}`);
      console.log('pg_stat_statements, top by total time:');
      for (const s of lastUnder.statements) console.log(`  ${s}`);
    }
    inspector.disconnect();
    if (referenceAddress) for (const line of capacitySummary(figures)) console.log(line);

    const report = await verifyLedger(ctx.db);
    console.log(`ledger verify: ${report.ok ? 'OK' : report.violations.slice(0, 5).join('; ')}`);
    const day = new Date().toISOString().slice(0, 10);
    const rec = await reconciliation(ctx, game.vendor_code, day);
    console.log(
      `reconciliation ${game.vendor_code} ${day}: bets ${rec.bets.count} (${rec.bets.amount}), wins ${rec.wins.count} (${rec.wins.amount}), rollbacks ${rec.rollbacks.count}, net ${rec.net}, ledger net ${rec.ledger.net}: ${rec.matches ? 'matches' : 'MISMATCH'}`,
    );
    if (!report.ok || !rec.matches) process.exitCode = 1;
  } finally {
    worker?.postMessage('exit');
    await studioProcess?.stop();
    await referenceServer?.stop();
    await app.close();
    await ctx.database.close();
    await bench.drop();
  }
  console.log(`load average after: ${loadAverage()}`);
}

if (isMainThread) await main();
