// Game list throughput: GCSGAME_gameList over the full catalogue (10,400 slots, the
// normal seed) at 50 concurrent keep-alive connections for (a) the first page of RNG, (b) one
// vendor, (c) a name search, side by side in the same run with /healthz of the same server as
// the ceiling. The server runs in this process; the load comes from a child process (this file
// with BENCH_ROLE=load) so the two do not share a thread.
//
//   node --import tsx bench/games.ts                     (embedded PGlite, as `npm start` by default)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/games.ts
//   (a throwaway cluster: bash scripts/pg-cluster.sh start /tmp/benchpg; the bench creates and
//   drops its own database on it)
//
// SECONDS (default 10) per scenario after a 2 s warm-up; CONNECTIONS (default 50).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { findLiveSession } from '../apps/server/src/modules/accounts/sessions.queries';
import { hashToken, resolveSession } from '../apps/server/src/modules/accounts/sessions.service';
import { catalogueVersion } from '../apps/server/src/modules/games/games.queries';
import { gameList } from '../apps/server/src/modules/games/games.service';
import { benchDatabaseFromEnv, signedInMember } from './support/database';
import { percentile } from './support/measure';

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SLOTS = 10_400;

type Scenario = { label: string; path: string; auth: boolean };
type Result = { label: string; requests: number; errors: number; perSecond: number; p50: number; p99: number };

const SCENARIOS: Scenario[] = [
  { label: 'ceiling: GET /healthz', path: '/healthz', auth: false },
  {
    label: '(a) RNG first page (30)',
    path: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=30&language=EN',
    auth: true,
  },
  {
    label: '(b) one vendor (PT, RNG, page 1)',
    path: '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PT&pageNo=1&pageSize=30&language=EN',
    auth: true,
  },
  {
    label: "(c) name search 'dragon'",
    path: '/wps/relay/GCSGAME_gameList?gameName=dragon&pageNo=1&pageSize=30&language=EN',
    auth: true,
  },
];

// ---- load generator (child process) ----

async function load(base: string, token: string): Promise<Result[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const request = (s: Scenario) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}${s.path}`, { agent, headers: s.auth ? { authorization: token } : {} }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
  const results: Result[] = [];
  for (const s of SCENARIOS) {
    if ((await request(s)) !== 200) throw new Error(`${s.path} does not answer 200`);
    for (const measure of [false, true]) {
      const latencies: number[] = [];
      let errors = 0;
      const seconds = measure ? SECONDS : 2;
      const started = performance.now();
      const end = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            const t0 = performance.now();
            const status = await request(s);
            latencies.push(performance.now() - t0);
            if (status !== 200) errors++;
          }
        }),
      );
      if (!measure) continue;
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        label: s.label,
        requests: latencies.length,
        errors,
        perSecond: latencies.length / elapsed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      });
    }
  }
  agent.destroy();
  return results;
}

// ---- server (this process) ----

async function main() {
  const { url: databaseUrl, drop } = await benchDatabaseFromEnv();
  const seeded = performance.now();
  const ctx = await bootstrap(testConfig({ databaseUrl, catalogueSlots: SLOTS, dbPoolSize: 10 }));
  const app = await buildApp(ctx);
  const games = await ctx.db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const token = await signedInMember(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; games: ${Number(games.n)}; ` +
      `seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s each`,
  );

  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ROLE: 'load', BENCH_URL: `http://127.0.0.1:${port}`, BENCH_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));

  // Where a call's time goes: one call at a time, in process (no HTTP client, no concurrency).
  const principal = await resolveSession(ctx, token);
  if (!principal) throw new Error('no session');
  const query = { pageNo: 1, pageSize: 30, language: 'EN' };
  const parts: [string, () => Promise<unknown>][] = [
    ['inject GET /healthz', () => app.inject({ url: '/healthz' })],
    ['resolveSession, cached (every T call, accounts module)', () => resolveSession(ctx, token)],
    ['findLiveSession: the database read of a cache miss', () => findLiveSession(ctx.db, hashToken(token), new Date())],
    ['catalogue_version read (now only after a catalogue notification)', () => catalogueVersion(ctx.db)],
    ['gameList service (a)', () => gameList(ctx, principal, { ...query, gameType: 'RNG' })],
    ['gameList service (b)', () => gameList(ctx, principal, { ...query, gameType: 'RNG', vassalage: 'PT' })],
    ['gameList service (c)', () => gameList(ctx, principal, { ...query, gameName: 'dragon' })],
    ...SCENARIOS.slice(1).map((s): [string, () => Promise<unknown>] => [
      `inject gameList ${s.label.slice(0, 3)}, whole call`,
      () => app.inject({ url: s.path, headers: { authorization: token } }),
    ]),
  ];
  const breakdown: string[] = [];
  for (const [label, f] of parts) {
    await f();
    const n = 200;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await f();
    breakdown.push(`| ${label} | ${((performance.now() - t0) / n).toFixed(2)} |`);
  }
  await app.close();
  await ctx.database.close();
  await drop();
  if (code !== 0) throw new Error(`load generator failed (${code})`);

  const results = JSON.parse(out) as Result[];
  const ceiling = results[0]!.perSecond;
  console.log('| scenario | req/s | % of ceiling | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.perSecond.toFixed(0)} | ${((100 * r.perSecond) / ceiling).toFixed(0)}% | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    );
  console.log('\n| one call at a time, in process | ms per call |');
  console.log('|---|---:|');
  for (const line of breakdown) console.log(line);
}

if (process.env.BENCH_ROLE === 'load') {
  load(process.env.BENCH_URL ?? '', process.env.BENCH_TOKEN ?? '').then(
    (r) => process.stdout.write(JSON.stringify(r)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
