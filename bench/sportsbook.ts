// The sportsbook's benchmark: the house studio mounted in the platform as `npm start` runs it (the
// studio under /studio, its bets' money through the platform's signed vendor wallet API over
// loopback HTTP), each figure beside a reference measured in the same run, alternated so that the
// machine's drift shows as a range. PARTS picks the parts (default all):
//
//   fanout  Odds fan-out: CLIENTS (10,000) WebSocket clients on /studio/ws/sb, in CLIENT_PROCESSES (4)
//           child processes, each watching the event; MESSAGES (50) odds changes a phase at RATE (5)
//           a second, each applied through the book's feed sink (book.apply: the market upsert, then
//           the hub's fan-out). Latency per delivery, from the start of apply to the client's receipt.
//           Reference: a bare `ws` server in its own process (bench/support/sb-ws-reference.ts),
//           holding a second socket of every client, sending the studio's own text of each message.
//           Phases: a warm-up on each, then PAIRS (2) times reference, studio (REF_FRAME=1: and a
//           second reference that writes one prebuilt frame to every socket, below `ws`'s send).
//           CLIENT=ws: the clients use the `ws` package instead of the minimal raw client. The server
//           process holds 10,000 sockets and the machine's file limit is 20,000 a process: the
//           reference runs in its own process, the clients are split over several.
//   place   Bet placement: PLAYERS (64) members launched from the lobby (GCS_gameLaunchFB), each with
//           a studio session; CONCURRENCY (16) of them place one slip after another for SECONDS (10):
//           pre-match singles, and trebles (three legs of three events), over HTTP from a worker
//           thread. Reference: the vendor wallet's bet call alone at the same concurrency (the floor
//           every bet pays). PAIRS (2) times wallet, single, multiple; STORES (postgres,pglite).
//   settle  Settlement: BETS (100,000) open bets with a leg on one event (85% singles on its markets,
//           15% doubles and trebles with their other legs already graded), from SETTLE_PLAYERS (1,000)
//           players, written straight into the studio's tables, each with its stake taken on the
//           platform by a real vendor bet call (setup, not timed). Timed: the result recorded
//           (recordResult: markets and legs graded) and the bets settled (settleEventBets: payouts and
//           their wallet moves written). Reference: the same bets updated by one bulk UPDATE. PAIRS (2)
//           times reference, settlement (the bets put back to open in between, then VACUUM ANALYZE).
//           Then the last settlement's wallet moves are delivered to the platform (deliverDueMoves),
//           timed apart: DELIVER (all) of them.
//
//   bash scripts/pg-cluster.sh start /tmp/pg-sbbench 56107
//   ulimit -n 20000   # the hard limit here; each process needs about 10,000 + 100
//   DATABASE_URL=postgres://postgres@127.0.0.1:56107/postgres node --import tsx bench/sportsbook.ts
//
// Clocks: every process reads CLOCK_MONOTONIC (process.hrtime), which all processes of the machine
// share, so a receipt time in a client process and an apply time in the server's compare directly.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LaunchGameValue } from '@gamehall/shared/api/games';
import { type Insertable, sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { deriveVendorSecret } from '../apps/server/src/modules/vendor-gateway/vendor-signature';
import type { StudioDatabase } from '../apps/studio/src/kit/db/schema';
import { hashToken } from '../apps/studio/src/kit/sessions';
import { loopbackUrl, type StudioRuntime, studioPlugin } from '../apps/studio/src/plugin';
import { deliverDueMoves } from '../apps/studio/src/sportsbook/book/moves';
import { writeSettings } from '../apps/studio/src/sportsbook/book/settings';
import { recordResult, settleEventBets } from '../apps/studio/src/sportsbook/book/settlement';
import { marketQuote } from '../apps/studio/src/sportsbook/book/test-fixture';
import { selectionId } from '../apps/studio/src/sportsbook/book/views';
import {
  type EventResult,
  type FeedMessage,
  type FeedMessageInput,
  FeedMessage as FeedMessageSchema,
  type MarketQuote,
  marketKey,
} from '../apps/studio/src/sportsbook/types';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage, percentile } from './support/measure';
import { postgresCpu, postmasterOf, topStatements } from './support/postgres-stats';
import type { HttpJob, HttpOrder, HttpResult } from './support/sb-http-clients';
import type { ClientJob, ClientOrder, ClientReport } from './support/sb-ws-clients';
import type { ReferenceOrder, ReferenceReport } from './support/sb-ws-reference';

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const PARTS = env('PARTS', 'fanout,place,settle').split(',');
const PAIRS = Number(env('PAIRS', '2'));
// The house studio's vendor code (without the demo, the only vendor; its SPORTS-000 is the sportsbook's lobby).
const VENDOR = 'GH';
const GAME = 'SPORTS-000';
const STUDIO_APP = 'gamehall-studio';
/** PROFILE=1: the server thread's CPU profile of each timed studio fan-out phase (it costs some CPU). */
const PROFILE = process.env.PROFILE === '1';
/** STATEMENTS=1: pg_stat_statements' top statements of each timed run (the server must preload it). */
const STATEMENTS = process.env.STATEMENTS === '1';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const load1 = () => loadAverage().split(' ')[0] ?? '';

// ---- the platform with the studio mounted, on PostgreSQL or PGlite

type Platform = {
  ctx: AppContext;
  address: string;
  runtime: StudioRuntime;
  studioSecret: string;
  postmaster: number | undefined;
  pgCpu: () => number;
  close: () => Promise<void>;
};

async function startPlatform(
  store: 'postgres' | 'pglite',
  options: { bookLoop: boolean; pool?: number },
): Promise<Platform> {
  const adminUrl = process.env.DATABASE_URL;
  let bench: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  let dataDir = '';
  let databaseUrl: string | undefined;
  let studioUrl: string | undefined;
  if (store === 'postgres') {
    if (!adminUrl) throw new Error('DATABASE_URL is not set (bash scripts/pg-cluster.sh start /tmp/pg-sbbench 56107)');
    bench = await createBenchDatabase(adminUrl);
    databaseUrl = bench.url;
    const u = new URL(bench.url);
    u.searchParams.set('application_name', STUDIO_APP);
    studioUrl = u.toString();
  } else {
    // As `npm start` without DATABASE_URL: the platform's PGlite and the studio's own, on disk.
    dataDir = mkdtempSync(path.join(tmpdir(), 'gh-sbbench-'));
  }
  const config = testConfig({
    databaseUrl,
    dataDir,
    dbPoolSize: options.pool ?? 10,
    demo: false,
    catalogueSlots: 120,
  });
  const ctx = await bootstrap(config);
  let runtime: StudioRuntime | undefined;
  const app = await buildApp(ctx, {
    mount: (server) =>
      server.register(studioPlugin, {
        prefix: '/studio',
        platformUrl: () => loopbackUrl(server.server.address()),
        houseSecret: config.studioSecret,
        databaseUrl: studioUrl,
        dataDir,
        // Off: the recovery loop and the book's loop (the settlement part drives them itself).
        ...(options.bookLoop ? {} : { retryIntervalMs: 0 }),
        onStart: (r) => {
          runtime = r;
        },
      }),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!runtime) throw new Error('the studio did not start');
  const postmaster = store === 'postgres' ? await postmasterOf(ctx.db) : undefined;
  if (STATEMENTS && store === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(ctx.db).catch(() => undefined);
  }
  return {
    ctx,
    address,
    runtime,
    studioSecret: config.studioSecret,
    postmaster,
    pgCpu: () => postgresCpu(postmaster) ?? 0,
    close: async () => {
      await app.close();
      await ctx.database.close();
      await bench?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function resetStatements(p: Platform): Promise<void> {
  if (STATEMENTS && p.postmaster !== undefined) {
    await sql`SELECT pg_stat_statements_reset()`.execute(p.ctx.db).catch(() => undefined);
  }
}
async function printStatements(p: Platform, label: string, per?: number): Promise<void> {
  if (!STATEMENTS || p.postmaster === undefined) return;
  console.log(`  pg_stat_statements, ${label}:`);
  if (per) {
    // Top-level statements only (a function's own statements are inside its call's time).
    const { rows } = await sql<{ studio: boolean; calls: string; ms: number }>`
      SELECT query ~ 'studio_' AS studio, sum(calls)::text AS calls, sum(total_exec_time) AS ms
        FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND toplevel
         AND query !~ 'pg_stat_statements'
       GROUP BY 1`.execute(p.ctx.db);
    const part = (studio: boolean) => rows.find((r) => r.studio === studio);
    const line = (name: string, r: (typeof rows)[number] | undefined) =>
      `${name} ${f1(Number(r?.calls ?? 0) / per)} statements (${f2(Number(r?.ms ?? 0) / per)} ms executing)`;
    console.log(
      `    per request: ${line('studio tables', part(true))}; ${line('the rest (platform, BEGIN, COMMIT)', part(false))}`,
    );
  }
  for (const line of await topStatements(p.ctx.db, 14, 110)) console.log(`    ${line}`);
}

// ---- the feed: fixtures and quotes written as a source sends them

let seq = 0;
async function feed(p: Platform, message: FeedMessageInput): Promise<void> {
  await p.runtime.book.apply('bench', FeedMessageSchema.parse(message) as FeedMessage);
}
const parsed = (message: FeedMessageInput) => FeedMessageSchema.parse(message) as FeedMessage;

function quotes(first: number): MarketQuote[] {
  const q = marketQuote;
  return [
    q('1x2', [
      ['home', first],
      ['draw', 3400],
      ['away', 3500],
    ]),
    q(
      'handicap',
      [
        ['home', first],
        ['away', 1900],
      ],
      { line4: -1 },
    ),
    q(
      'total',
      [
        ['over', first],
        ['under', 1950],
      ],
      { line4: 10 },
    ),
  ];
}

/** The rest of a football event's markets (the settlement's bets spread over them). */
function moreQuotes(): MarketQuote[] {
  const q = marketQuote;
  return [
    q('double_chance', [
      ['home_draw', 1300],
      ['home_away', 1350],
      ['draw_away', 1700],
    ]),
    q(
      'handicap',
      [
        ['home', 2050],
        ['away', 1800],
      ],
      { line4: -3 },
    ),
    q(
      'total',
      [
        ['over', 2300],
        ['under', 1600],
      ],
      { line4: 11 },
    ),
    q('correct_score', [
      ['1-0', 7000],
      ['2-1', 9000],
      ['0-0', 9500],
      ['other', 4000],
    ]),
    q('btts', [
      ['yes', 1800],
      ['no', 2000],
    ]),
    q(
      '1x2',
      [
        ['home', 2800],
        ['draw', 2100],
        ['away', 4200],
      ],
      { period: 'h1' },
    ),
  ];
}

async function newEvent(p: Platform, id: string, startsInMs: number, markets: MarketQuote[]): Promise<void> {
  await feed(p, {
    kind: 'fixture',
    seq: ++seq,
    at: new Date().toISOString(),
    fixture: {
      id,
      sport: 'football',
      league: { id: 'bench-league', name: 'Bench League', region: 'Benchland' },
      home: { id: `${id}-h`, name: `Home ${id}` },
      away: { id: `${id}-a`, name: `Away ${id}` },
      startsAt: new Date(Date.now() + startsInMs).toISOString(),
    },
  });
  await feed(p, { kind: 'markets', seq: ++seq, at: new Date().toISOString(), eventId: id, markets });
}

const selections = (eventId: string, markets: MarketQuote[]): [string, number][] =>
  markets.flatMap((m) =>
    m.selections.map(
      (s) =>
        [selectionId(eventId, marketKey({ type: m.type, period: m.period, line4: m.line4 }), s.key), s.odds1000] as [
          string,
          number,
        ],
    ),
  );

// ---- helpers for child processes and workers

function forkTs(file: string): ChildProcess {
  return fork(new URL(file, import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function nextMessage<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { kind?: string }) => {
      if (m.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) waiting for ${kind}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function startWorker(file: string, data: unknown) {
  const url = new URL(file, import.meta.url).href;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const ask = <R>(order: unknown) =>
    new Promise<R>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(order);
    });
  return { worker, ready, ask };
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Where a thread's CPU went: the top functions by self time (idle left out), as lines. */
function profileLines(profile: CpuProfile, top = 12): string[] {
  const nameOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const { url, functionName, lineNumber } = n.callFrame;
    const file = url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, '')}:${lineNumber + 1}` : '';
    nameOf.set(n.id, `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`);
  }
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const name = nameOf.get(id) ?? '?';
    if (name.startsWith('(idle)') || name.startsWith('(program)')) return;
    const us = profile.timeDeltas[i] ?? 0;
    busy += us;
    time.set(name, (time.get(name) ?? 0) + us);
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${((100 * us) / busy).toFixed(1)}% ${name}`);
}

type Stats = { n: number; p50: number; p99: number; max: number };
function stats(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted as unknown as number[], 50),
    p99: percentile(sorted as unknown as number[], 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

// ---- part 1: odds fan-out

async function fanout(): Promise<void> {
  const CLIENTS = Number(env('CLIENTS', '10000'));
  const PROCESSES = Number(env('CLIENT_PROCESSES', '4'));
  const MESSAGES = Number(env('MESSAGES', '50'));
  const RATE = Number(env('RATE', '5'));
  const SETTLE_MS = Number(env('SETTLE_MS', '2000'));
  const BASE = 1500;
  const intervalMs = 1000 / RATE;
  console.log(
    `\n## odds fan-out: ${CLIENTS} clients, ${MESSAGES} messages a phase at ${RATE}/s (load ${loadAverage()})`,
  );
  const p = await startPlatform('postgres', { bookLoop: true });
  const children: ChildProcess[] = [];
  try {
    const eventId = `sbb-${randomBytes(3).toString('hex')}`;
    await newEvent(p, eventId, 3 * 3_600_000, quotes(BASE + MESSAGES));
    const messages = Array.from({ length: MESSAGES }, (_, k) =>
      parsed({ kind: 'markets', seq: 0, at: new Date().toISOString(), eventId, markets: quotes(BASE + k) }),
    );
    // The sockets' sessions, written as GET /studio/play writes them (one real-money session each).
    const tokens = Array.from({ length: CLIENTS }, () => randomBytes(24).toString('base64url'));
    for (let i = 0; i < CLIENTS; i += 1000) {
      await p.runtime.db
        .insertInto('studio_sessions')
        .values(
          tokens.slice(i, i + 1000).map((token, j) => ({
            token_hash: hashToken(token),
            mode: 'real',
            vendor: VENDOR,
            game_code: GAME,
            player: String(900_000 + i + j),
            currency: 'PHP',
            language: 'EN',
            lobby_url: null,
            demo_balance: 0,
            last_seen_at: new Date(),
          })),
        )
        .execute();
    }
    const reference = forkTs('./support/sb-ws-reference.ts');
    children.push(reference);
    const { url: referenceUrl } = await nextMessage<Extract<ReferenceReport, { kind: 'listening' }>>(
      reference,
      'listening',
    );
    const studioUrl = `${p.address.replace('http://', 'ws://')}/studio/ws/sb`;
    const clients: ChildProcess[] = [];
    const t0 = nowMs();
    for (let c = 0; c < PROCESSES; c++) {
      const child = forkTs('./support/sb-ws-clients.ts');
      children.push(child);
      clients.push(child);
      const mine = tokens.filter((_, i) => i % PROCESSES === c);
      child.send({
        clients: mine.map((token) => ({ token, events: [eventId] })),
        studioUrl,
        referenceUrl,
        base: BASE,
        messages: MESSAGES,
        connectBatch: 50,
        client: env('CLIENT', 'raw') === 'ws' ? 'ws' : 'raw',
      } satisfies ClientJob);
    }
    const connected = await Promise.all(
      clients.map((c) => nextMessage<Extract<ClientReport, { kind: 'connected' }>>(c, 'connected')),
    );
    const studioSockets = connected.reduce((t, c) => t + c.studio, 0);
    const referenceSockets = connected.reduce((t, c) => t + c.reference, 0);
    console.log(
      `connected in ${f1((nowMs() - t0) / 1000)} s: studio ${studioSockets}, reference ${referenceSockets}${connected.some((c) => c.failed.length) ? `; failures: ${connected.flatMap((c) => c.failed).join('; ')}` : ''}`,
    );
    await sleep(2000);
    reference.send({ kind: 'count' } satisfies ReferenceOrder);
    const counted = await nextMessage<Extract<ReferenceReport, { kind: 'count' }>>(reference, 'count');
    console.log(
      `watching: studio hub ${p.runtime.book.hub.size} pages, reference ${counted.watching} of ${counted.sockets}`,
    );

    const collect = async () => {
      const reports = await Promise.all(
        clients.map((c) => {
          const got = nextMessage<Extract<ClientReport, { kind: 'collected' }>>(c, 'collected');
          c.send({ kind: 'collect' } satisfies ClientOrder);
          return got;
        }),
      );
      return reports;
    };
    const setPhase = async (target: 'studio' | 'reference') => {
      for (const c of clients) c.send({ kind: 'phase', target } satisfies ClientOrder);
      await sleep(300);
    };
    let texts: string[] = [];
    const rows: string[] = [];
    const phase = async (label: string, target: 'studio' | 'reference', mode: 'text' | 'frame' = 'text') => {
      const load = loadAverage();
      await setPhase(target);
      let starts: number[];
      let sendMs: number[];
      let serverCpu: number;
      let pgCpu = 0;
      const profiler = PROFILE && target === 'studio' && label !== 'warm-up' ? new Session() : undefined;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      if (target === 'studio') {
        starts = [];
        sendMs = [];
        const cpuAt = process.cpuUsage();
        const pgAt = p.pgCpu();
        const began = nowMs();
        for (const [k, m] of messages.entries()) {
          await sleep(began + k * intervalMs - nowMs());
          const t = nowMs();
          starts.push(t);
          await p.runtime.book.apply('bench', { ...m, seq: ++seq } as FeedMessage);
          sendMs.push(nowMs() - t);
        }
        const cpu = process.cpuUsage(cpuAt);
        serverCpu = (cpu.user + cpu.system) / 1000;
        pgCpu = (p.pgCpu() - pgAt) * 1000;
      } else {
        const done = nextMessage<Extract<ReferenceReport, { kind: 'broadcast' }>>(reference, 'broadcast');
        reference.send({
          kind: 'broadcast',
          texts,
          events: texts.map(() => eventId),
          intervalMs,
          mode,
        } satisfies ReferenceOrder);
        const r = await done;
        starts = r.starts;
        sendMs = r.loopMs;
        serverCpu = r.cpuMs;
      }
      if (profiler) {
        const { profile } = (await profiler.post('Profiler.stop')) as { profile: CpuProfile };
        profiler.disconnect();
        console.log(`  server thread CPU in phase ${label} (self time): ${profileLines(profile).join('; ')}`);
      }
      await sleep(SETTLE_MS);
      const reports = await collect();
      const latencies: number[] = [];
      let missing = 0;
      let strays = 0;
      let clientCpu = 0;
      const captured: (string | null)[] = new Array(MESSAGES).fill(null);
      for (const r of reports) {
        strays += r.strays;
        clientCpu += r.cpuMs;
        r.texts.forEach((t, k) => {
          if (t !== null && captured[k] === null) captured[k] = t;
        });
        for (let i = 0; i < r.arrivals.length; i++) {
          const at = r.arrivals[i] ?? Number.NaN;
          if (Number.isNaN(at)) missing++;
          else latencies.push(at - (starts[i % MESSAGES] ?? 0));
        }
      }
      if (target === 'studio' && texts.length === 0) {
        if (captured.some((t) => t === null)) throw new Error('a message was received by no first socket');
        texts = captured as string[];
      }
      const s = stats(latencies);
      const send = stats(sendMs);
      const row = `| ${label} | ${target === 'studio' ? 'studio' : mode === 'frame' ? 'reference, one frame' : 'reference'} | ${target === 'studio' ? studioSockets : referenceSockets} | ${MESSAGES} | ${s.n} | ${missing} | ${f1(s.p50)} | ${f1(s.p99)} | ${f1(s.max)} | ${f1(send.p50)} / ${f1(send.max)} | ${f1(serverCpu / MESSAGES)} | ${target === 'studio' ? f1(pgCpu / MESSAGES) : '-'} | ${f1(clientCpu / MESSAGES)} | ${load} |`;
      console.log(row + (strays ? ` (strays ${strays})` : ''));
      rows.push(row);
    };
    console.log(
      '| phase | server | sockets | messages | deliveries | missing | p50 ms | p99 ms | max ms | apply (or send loop) p50 / max ms | server CPU ms/msg | PostgreSQL CPU ms/msg | clients CPU ms/msg | load (1/5/15) |',
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |');
    await phase('warm-up', 'studio');
    await phase('warm-up', 'reference');
    const frames = env('REF_FRAME', '0') === '1';
    if (frames) await phase('warm-up', 'reference', 'frame');
    for (let pair = 1; pair <= PAIRS; pair++) {
      await phase(`${pair}`, 'reference');
      if (frames) await phase(`${pair}`, 'reference', 'frame');
      await phase(`${pair}`, 'studio');
    }
    console.log(`message size: ${Buffer.byteLength(texts[0] ?? '')} bytes`);
  } finally {
    for (const c of children) c.send?.({ kind: 'exit' });
    await sleep(500);
    for (const c of children) if (c.exitCode === null) c.kill();
    await p.close();
  }
}

// ---- part 2: bet placement

async function launchPlayers(p: Platform, count: number, tag: string) {
  const members = await fundedMembers(p.ctx.db, count, tag);
  const app = p.runtime; // for the studio session's player
  const players: { token: string; player: string }[] = [];
  for (const memberId of members) {
    const auth = await issueSession(p.ctx, p.ctx.db, { memberId, area: 'member', ip: '127.0.0.1', userAgent: null });
    const res = await fetch(`${p.address}/wps/relay/GCS_gameLaunchFB`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ vassalage: VENDOR, gameType: 'SPORTS', backUrl: '/sports' }),
    });
    const body = (await res.json()) as { value?: unknown; code?: string };
    if (res.status !== 200 || body.value === undefined)
      throw new Error(`launch: ${res.status} ${JSON.stringify(body)}`);
    const url = new URL(LaunchGameValue.parse(body.value).url, p.address);
    const page = await fetch(`${p.address}${url.pathname}${url.search}`);
    if (page.status !== 200) throw new Error(`studio page: ${page.status}`);
    await page.text();
    const token = url.searchParams.get('token') ?? '';
    const session = await app.db
      .selectFrom('studio_sessions')
      .select('player')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    players.push({ token, player: session.player });
  }
  return players;
}

async function placement(store: 'postgres' | 'pglite'): Promise<void> {
  const PLAYERS = Number(env('PLAYERS', '64'));
  const CONCURRENCY = Number(env('CONCURRENCY', '16'));
  const SECONDS = Number(env('SECONDS', '10'));
  const EVENTS = Number(env('PLACE_EVENTS', '20'));
  console.log(`\n## bet placement on ${store}: ${CONCURRENCY} at once, ${SECONDS} s a run (load ${loadAverage()})`);
  const p = await startPlatform(store, { bookLoop: true });
  let clients: ReturnType<typeof startWorker> | undefined;
  try {
    // The trader's liability limit raised: the bench's bets pile onto a few markets.
    await writeSettings(p.runtime.db, { maxLiabilityPerMarket: 1_000_000_000_000 });
    const tag = randomBytes(3).toString('hex');
    const events: [string, number][][] = [];
    for (let e = 0; e < EVENTS; e++) {
      const id = `sbp-${tag}-${e}`;
      const markets = [...quotes(1950 + e * 10), ...moreQuotes()];
      await newEvent(p, id, 3 * 3_600_000 + e * 60_000, markets);
      events.push(selections(id, markets));
    }
    const t0 = nowMs();
    const players = await launchPlayers(p, PLAYERS, `sbp${tag}`);
    console.log(`${PLAYERS} players funded and launched in ${f1((nowMs() - t0) / 1000)} s`);
    const currency =
      (
        await p.ctx.db
          .selectFrom('vendor_integrations')
          .select('currency')
          .where('vendor_code', '=', VENDOR)
          .executeTakeFirst()
      )?.currency ?? 'PHP';
    clients = startWorker('./support/sb-http-clients.ts', {
      address: p.address,
      vendor: VENDOR,
      vendorSecret: deriveVendorSecret(p.studioSecret, VENDOR),
      gameCode: GAME,
      currency,
      players,
      events,
    } satisfies HttpJob);
    await clients.ready;
    const ask = clients.ask;
    const run = async (kind: 'single' | 'multiple' | 'wallet', seconds: number, label: string) => {
      const load = loadAverage();
      if (label) await resetStatements(p);
      const cpuAt = process.cpuUsage();
      const pgAt = p.pgCpu();
      const r = await ask<HttpResult>({ kind, concurrency: CONCURRENCY, seconds } satisfies HttpOrder);
      const cpu = process.cpuUsage(cpuAt);
      const pg = (p.pgCpu() - pgAt) * 1000;
      const s = stats(r.latencies);
      const name =
        kind === 'wallet' ? 'vendor wallet bet alone (reference)' : `${kind === 'single' ? 'single' : 'treble'}`;
      if (label) {
        console.log(
          `| ${store} | ${label} | ${name} | ${CONCURRENCY} | ${s.n} | ${f1(s.n / r.elapsed)} | ${f1(s.p50)} | ${f1(s.p99)} | ${f1(s.max)} | ${f2((cpu.user + cpu.system) / 1000 / Math.max(s.n, 1))} | ${store === 'postgres' ? f2(pg / Math.max(s.n, 1)) : '-'} | ${load} |${r.failed ? ` failed ${r.failed}: ${r.failures.join('; ')} ${JSON.stringify(r.refused)}` : ''}`,
        );
        if (label === '1') await printStatements(p, `${name}, ${s.n} requests`, s.n);
      }
    };
    // Warm-up, not reported: each path compiled before it is timed.
    await run('wallet', 3, '');
    await run('single', 3, '');
    await run('multiple', 3, '');
    console.log(
      '| store | pair | request | concurrency | requests | per s | p50 ms | p99 ms | max ms | Node CPU ms/req (server, studio, platform) | PostgreSQL CPU ms/req | load (1/5/15) |',
    );
    console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (let pair = 1; pair <= PAIRS; pair++) {
      await run('wallet', SECONDS, String(pair));
      await run('single', SECONDS, String(pair));
      await run('multiple', SECONDS, String(pair));
    }
    const report = await verifyLedger(p.ctx.db);
    console.log(`ledger verify: ${report.ok ? 'OK' : report.violations.slice(0, 5).join('; ')}`);
  } finally {
    clients?.worker.postMessage('exit');
    await p.close();
  }
}

// ---- part 3: settlement

async function settlement(): Promise<void> {
  const BETS = Number(env('BETS', '100000'));
  const PLAYERS = Number(env('SETTLE_PLAYERS', '1000'));
  const DELIVER = env('DELIVER', 'all') === 'all' ? BETS : Number(env('DELIVER', 'all'));
  const STAKE_CONCURRENCY = Number(env('STAKE_CONCURRENCY', '64'));
  console.log(`\n## settlement: ${BETS} bets on one event, ${PLAYERS} players (load ${loadAverage()})`);
  const p = await startPlatform('postgres', { bookLoop: false, pool: 10 });
  const db = p.runtime.db;
  let clients: ReturnType<typeof startWorker> | undefined;
  try {
    const tag = randomBytes(3).toString('hex');
    const main = `sbs-${tag}-main`;
    const others = [1, 2, 3].map((i) => `sbs-${tag}-${i}`);
    const mainMarkets = [...quotes(1950), ...moreQuotes()];
    await newEvent(p, main, 3 * 3_600_000, mainMarkets);
    for (const id of others) await newEvent(p, id, 2 * 3_600_000, quotes(1900));
    const marketRows = await db
      .selectFrom('studio_sb_markets')
      .select(['id', 'event_id', 'key', 'odds'])
      .where('event_id', 'in', [main, ...others])
      .orderBy('id')
      .execute();
    type Sel = { marketId: number; eventId: string; key: string; odds1000: number };
    const selsOf = (eventId: string): Sel[] =>
      marketRows
        .filter((m) => m.event_id === eventId)
        .flatMap((m) =>
          (m.odds as { key: string; odds1000: number }[]).map((s) => ({
            marketId: m.id,
            eventId,
            key: s.key,
            odds1000: s.odds1000,
          })),
        );
    const mainSels = selsOf(main);
    const otherSels = others.map(selsOf);

    // Players: members funded on the platform, a live game session each (the vendor's bet needs
    // it), and their studio sessions.
    let t = nowMs();
    const members = await fundedMembers(p.ctx.db, PLAYERS, `sbs${tag}`);
    const game = await p.ctx.db
      .selectFrom('games')
      .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
      .select(['games.node_id', 'i.currency'])
      .where('games.vendor_code', '=', VENDOR)
      .where('games.game_code', '=', GAME)
      .executeTakeFirstOrThrow();
    const tokens = members.map(() => randomBytes(24).toString('base64url'));
    for (let i = 0; i < members.length; i += 500) {
      await p.ctx.db
        .insertInto('game_sessions')
        .values(
          members.slice(i, i + 500).map((member_id, j) => ({
            token_hash: createHash('sha256')
              .update(tokens[i + j] ?? '')
              .digest('hex'),
            member_id,
            vendor_code: VENDOR,
            node_id: game.node_id,
            game_code: GAME,
            currency: game.currency,
            expires_at: new Date(Date.now() + 24 * 3_600_000),
          })),
        )
        .execute();
      await db
        .insertInto('studio_sessions')
        .values(
          members.slice(i, i + 500).map((member_id, j) => ({
            token_hash: hashToken(tokens[i + j] ?? ''),
            mode: 'real',
            vendor: VENDOR,
            game_code: GAME,
            player: String(member_id),
            currency: game.currency,
            language: 'EN',
            lobby_url: null,
            demo_balance: 0,
            last_seen_at: new Date(),
          })),
        )
        .returning('id')
        .execute();
    }
    const sessionRows = await db
      .selectFrom('studio_sessions')
      .select(['id', 'player'])
      .where(
        'player',
        'in',
        members.map((m) => String(m)),
      )
      .execute();
    const sessionOf = new Map(sessionRows.map((r) => [r.player, r.id]));
    console.log(`players funded, sessions open: ${f1((nowMs() - t) / 1000)} s`);

    // The bets, as placing leaves a pre-match bet whose stake the wallet took ('open').
    t = nowMs();
    type Stake = { token: string; player: string; roundId: string; transactionId: string; amount: number };
    const stakes: Stake[] = [];
    const CHUNK = 1000;
    for (let i = 0; i < BETS; i += CHUNK) {
      const bets: Insertable<StudioDatabase['studio_sb_bets']>[] = [];
      const legsOf: Sel[][] = [];
      for (let j = i; j < Math.min(BETS, i + CHUNK); j++) {
        const m = j % members.length;
        const player = String(members[m]);
        const stake = 100 + ((j * 37) % 900);
        const legs: Sel[] = [mainSels[(j * 7) % mainSels.length] as Sel];
        // 15% multiples: a double or a treble with legs on the other events.
        if (j % 20 < 3) {
          const extra = 1 + (j % 2);
          for (let x = 0; x < extra; x++) {
            const list = otherSels[(j + x) % otherSels.length] as Sel[];
            legs.push(list[(j * 3 + x) % list.length] as Sel);
          }
        }
        const odds = legs.reduce((o, l) => (o * l.odds1000) / 1000, 1000);
        const betId = randomUUID();
        bets.push({
          bet_id: betId,
          request_id: randomUUID(),
          slip_index: 0,
          session_id: sessionOf.get(player) ?? 0,
          mode: 'real',
          vendor: VENDOR,
          player,
          game_code: GAME,
          currency: game.currency,
          kind: legs.length === 1 ? 'single' : 'multiple',
          size: null,
          combinations: 1,
          stake,
          open_stake: stake,
          odds1000: Math.floor(odds),
          potential_payout: Math.floor((stake * odds) / 1000),
          odds_change: 'none',
          in_play: false,
          accept_at: null,
          status: 'open',
          refusal: null,
          payout: 0,
          cashed_out: 0,
          cash_count: 0,
          fix_count: 0,
          bet_tx: `sb:${betId}:bet`,
          attempts: 0,
          next_attempt_at: new Date(),
          last_error: null,
          settled_at: null,
        });
        legsOf.push(legs);
        if (j < DELIVER) {
          stakes.push({
            token: tokens[m] ?? '',
            player,
            roundId: betId,
            transactionId: `sb:${betId}:bet`,
            amount: stake,
          });
        }
      }
      const ids = await db.insertInto('studio_sb_bets').values(bets).returning('id').execute();
      await db
        .insertInto('studio_sb_legs')
        .values(
          ids.flatMap((row, b) =>
            (legsOf[b] ?? []).map((l, legNo) => ({
              bet_id: row.id,
              leg_no: legNo,
              owner: `${VENDOR}:${bets[b]?.player}:real`,
              event_id: l.eventId,
              market_id: l.marketId,
              selection: l.key,
              odds1000: l.odds1000,
              outcome: null,
            })),
          ),
        )
        .execute();
    }
    console.log(`${BETS} bets written: ${f1((nowMs() - t) / 1000)} s`);

    // Their stakes on the platform: a signed vendor bet call each (the round the win closes).
    clients = startWorker('./support/sb-http-clients.ts', {
      address: p.address,
      vendor: VENDOR,
      vendorSecret: deriveVendorSecret(p.studioSecret, VENDOR),
      gameCode: GAME,
      currency: game.currency,
      players: [],
      events: [],
    } satisfies HttpJob);
    await clients.ready;
    t = nowMs();
    const staked = await clients.ask<HttpResult>({
      kind: 'stakes',
      concurrency: STAKE_CONCURRENCY,
      seconds: 0,
      stakes,
    } satisfies HttpOrder);
    const stakeSeconds = (nowMs() - t) / 1000;
    console.log(
      `${staked.latencies.length} stakes taken by the vendor API at ${STAKE_CONCURRENCY} at once: ${f1(stakeSeconds)} s, ${f1(staked.latencies.length / stakeSeconds)}/s (load ${loadAverage()})${staked.failed ? `; ${staked.failed} failed: ${staked.failures.join('; ')}` : ''}`,
    );

    // The other events' results first: the multiples' other legs are graded.
    const score = (h: number, a: number) => ({ decided: { home: h, away: a }, counted: { home: h, away: a } });
    for (const id of others) {
      await recordResult(db, id, { ft: score(1, 0) }, { correction: false, reason: 'bench' }, new Date());
    }
    const result: EventResult = { ft: score(2, 1), h1: score(1, 0) };
    const betsOfMain = sql`SELECT bet_id FROM studio_sb_legs WHERE event_id = ${main}`;
    const reset = async () => {
      await sql`DELETE FROM studio_sb_moves WHERE bet_id IN (${betsOfMain})`.execute(db);
      await sql`UPDATE studio_sb_bets SET status = 'open', payout = 0, settled_at = NULL, fix_count = 0
        WHERE id IN (${betsOfMain})`.execute(db);
      await sql`UPDATE studio_sb_legs SET outcome = NULL WHERE event_id = ${main}`.execute(db);
      await sql`UPDATE studio_sb_markets SET status = 'open', outcomes = NULL WHERE event_id = ${main}`.execute(db);
      await sql`UPDATE studio_sb_events SET status = 'scheduled', result = NULL, settling = false,
        settle_reason = NULL, corrections = 0 WHERE id = ${main}`.execute(db);
      await sql`VACUUM ANALYZE studio_sb_bets, studio_sb_legs, studio_sb_moves, studio_sb_markets, studio_sb_events`.execute(
        db,
      );
    };
    console.log(
      '| pair | run | bets | graded (recordResult) s | settled (settleEventBets) s | total s | Node CPU s | PostgreSQL CPU s | load (1/5/15) |',
    );
    console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (let pair = 1; pair <= PAIRS; pair++) {
      await reset();
      const load = loadAverage();
      const cpuAt = process.cpuUsage();
      const pgAt = p.pgCpu();
      t = nowMs();
      const updated = await sql`UPDATE studio_sb_bets SET status = 'settled',
          payout = CASE WHEN id % 2 = 0 THEN potential_payout ELSE 0 END, settled_at = now()
        WHERE id IN (${betsOfMain})`.execute(db);
      const total = (nowMs() - t) / 1000;
      const cpu = process.cpuUsage(cpuAt);
      console.log(
        `| ${pair} | one bulk UPDATE (reference) | ${updated.numAffectedRows} | - | - | ${f2(total)} | ${f2((cpu.user + cpu.system) / 1e6)} | ${f2(p.pgCpu() - pgAt)} | ${load} |`,
      );
      {
        await reset();
        await resetStatements(p);
        const load = loadAverage();
        const cpuAt = process.cpuUsage();
        const pgAt = p.pgCpu();
        t = nowMs();
        await recordResult(db, main, result, { correction: false, reason: 'result' }, new Date());
        const graded = (nowMs() - t) / 1000;
        const counts = await settleEventBets(db, main, 'result', () => new Date());
        const total = (nowMs() - t) / 1000;
        const cpu = process.cpuUsage(cpuAt);
        console.log(
          `| ${pair} | settlement | ${counts.settled} | ${f2(graded)} | ${f2(total - graded)} | ${f2(total)} | ${f2((cpu.user + cpu.system) / 1e6)} | ${f2(p.pgCpu() - pgAt)} | ${load} |`,
        );
        await printStatements(p, `settlement ${pair}`);
      }
    }
    const moves = await db
      .selectFrom('studio_sb_moves')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('paid')])
      .executeTakeFirstOrThrow();
    console.log(`moves written: ${moves.n}, paying ${moves.paid} in all`);

    // The wallet deliveries of the last settlement, as the book's loop makes them.
    if (DELIVER < BETS) {
      await sql`UPDATE studio_sb_moves SET status = 'done', done_at = now(), last_error = 'bench: not delivered'
        WHERE bet_id IN (SELECT id FROM studio_sb_bets WHERE bet_id NOT IN (SELECT round_id FROM unnest(${stakes.map((s) => s.roundId)}::text[]) AS x(round_id)))`.execute(
        db,
      );
    }
    {
      const load = loadAverage();
      await resetStatements(p);
      const cpuAt = process.cpuUsage();
      const pgAt = p.pgCpu();
      t = nowMs();
      const delivered = await deliverDueMoves(p.runtime.deps, () => undefined);
      const seconds = (nowMs() - t) / 1000;
      const cpu = process.cpuUsage(cpuAt);
      console.log(
        `deliveries: ${delivered.delivered} delivered, ${delivered.failed} failed, in ${f1(seconds)} s (${f1(delivered.delivered / seconds)}/s); Node CPU ${f2((cpu.user + cpu.system) / 1000 / Math.max(delivered.delivered, 1))} ms a move, PostgreSQL ${f2(((p.pgCpu() - pgAt) * 1000) / Math.max(delivered.delivered, 1))} ms; load ${load} -> ${loadAverage()}`,
      );
    }
    await printStatements(p, 'deliveries');
    const report = await verifyLedger(p.ctx.db);
    console.log(`ledger verify: ${report.ok ? 'OK' : report.violations.slice(0, 5).join('; ')}`);
    // What the platform recorded of the wins against what the studio says it delivered.
    const platform = await sql<{ n: number; amount: string }>`
      SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM vendor_transactions
       WHERE vendor_code = ${VENDOR} AND transaction_id LIKE 'sb:%:win'`.execute(p.ctx.db);
    const studio = await sql<{ n: number; amount: string }>`
      SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM studio_sb_moves
       WHERE kind = 'win' AND status = 'done' AND last_error IS NULL`.execute(db);
    console.log(
      `wins: the platform recorded ${platform.rows[0]?.n} (${platform.rows[0]?.amount}), the studio delivered ${studio.rows[0]?.n} (${studio.rows[0]?.amount})`,
    );
  } finally {
    clients?.worker.postMessage('exit');
    await p.close();
  }
}

async function main() {
  console.log(`load average before: ${loadAverage()}; parts ${PARTS.join(', ')}`);
  if (PARTS.includes('fanout')) await fanout();
  if (PARTS.includes('place')) {
    for (const store of env('STORES', 'postgres,pglite').split(',') as ('postgres' | 'pglite')[]) {
      await placement(store);
    }
  }
  if (PARTS.includes('settle')) await settlement();
  console.log(`load average after: ${loadAverage()} (${load1()})`);
}

await main();
