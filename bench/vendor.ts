// Vendor wallet API throughput (issue 6): rounds per second through the signed seamless API over
// real HTTP (one bet + one closing win per round, each a signed POST over a kept-alive connection
// per player), at 64 concurrent players on PostgreSQL, p50/p99 per round and per call; side by
// side, in the same run on the same database, the raw wallet posting rate (wallet.post, a transfer
// between two of 1,000 funded wallets, as bench/wallet.ts measures it) at the same 64 clients.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg        # prints the URL
//   DATABASE_URL=<that URL> node --import tsx bench/vendor.ts
//   bash scripts/pg-cluster.sh stop /tmp/benchpg
//
// The bench creates and drops its own database on that server. SECONDS (default 10) per run,
// PLAYERS (default 64) concurrent players.
//
// On a shared machine rates move with the load, so each run also reports the CPU it cost per
// operation: of this Node process (for the API rows: the server and the vendor's client thread
// together) and of the PostgreSQL server (the postmaster and its children, read from /proc, so only
// when the server runs on this Linux machine). CPU per operation hardly moves with the load.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/database';
import { reconciliation } from '../apps/server/src/modules/vendor-gateway/vendor-gateway.service';
import { deriveVendorSecret, signVendorBody } from '../apps/server/src/modules/vendor-gateway/vendor-signature';
import { post, verifyLedger } from '../apps/server/src/modules/wallet/wallet.service';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage, printTable, type Result, runFor, summarise } from './support/measure';

const SECONDS = Number(process.env.SECONDS ?? 10);
const PLAYERS = Number(process.env.PLAYERS ?? 64);
const WALLETS = 1_000;

const run = (clients: number, op: (worker: number, i: number) => Promise<void>) => runFor(SECONDS, clients, op);

type CpuSnapshot = { node: number; postgres: number | undefined };

/** CPU seconds of the PostgreSQL server whose postmaster is `postmaster` (undefined off /proc). */
function postgresCpu(postmaster: number | undefined): number | undefined {
  if (postmaster === undefined) return undefined;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid ... utime(14) stime(15): split after the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === postmaster || Number(fields[1]) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100; // USER_HZ
}

async function postmasterOf(db: Db): Promise<number | undefined> {
  try {
    const row = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    const stat = readFileSync(`/proc/${row.rows[0]?.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // not on this machine
  }
}

function cpuNow(postmaster: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  return { node: (usage.user + usage.system) / 1e6, postgres: postgresCpu(postmaster) };
}

/** CPU ms per operation between two snapshots, for the table's notes. */
function cpuPerOp(label: string, from: CpuSnapshot, to: CpuSnapshot, ops: number): string {
  const node = (((to.node - from.node) / ops) * 1000).toFixed(2);
  const pg =
    from.postgres === undefined || to.postgres === undefined
      ? 'n/a'
      : (((to.postgres - from.postgres) / ops) * 1000).toFixed(2);
  return `${label}: CPU per op ${node} ms Node, ${pg} ms PostgreSQL`;
}

type ClientJob = {
  address: string;
  vendor: string;
  secret: string;
  gameCode: string;
  currency: string;
  tag: string;
  seconds: number;
  players: { id: number; token: string }[];
};
type ClientResult = { rounds: number[]; calls: number[]; elapsed: number };

/** The vendor: each player plays rounds (a signed bet, then a signed closing win) back to back. */
async function playRounds(job: ClientJob): Promise<ClientResult> {
  const calls: number[] = [];
  // node:http with one kept-alive connection per player: the vendor's side of the wire costs a
  // fraction of what fetch costs, and on a shared two-core machine it takes that from the server.
  const agent = new Agent({ keepAlive: true, maxSockets: job.players.length });
  const url = new URL(job.address);
  const post = (path: string, raw: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/vendor/wallet/${path}`,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-signature': signVendorBody(job.secret, raw),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
  const call = async (path: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ vendor: job.vendor, requestId: randomBytes(8).toString('hex'), ...body });
    const t0 = performance.now();
    const answer = JSON.parse(await post(path, raw)) as { status: string };
    calls.push(performance.now() - t0);
    if (answer.status !== 'OK') throw new Error(`${path}: ${JSON.stringify(answer)}`);
  };
  // Warm-up: connections, JIT, caches.
  await Promise.all(
    job.players.map((p) => call('balance', { token: p.token }).then(() => call('balance', { player: String(p.id) }))),
  );
  calls.length = 0;
  parentPort?.postMessage({ started: true });
  const rounds: number[] = [];
  const end = performance.now() + job.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    job.players.map(async (p, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        const roundId = `br-${job.tag}-${worker}-${i}`;
        const betId = `bb-${job.tag}-${worker}-${i}`;
        const amount = 100 + ((worker * 7 + i) % 900);
        await call('bet', {
          token: p.token,
          player: String(p.id),
          gameCode: job.gameCode,
          roundId,
          transactionId: betId,
          amount,
          currency: job.currency,
        });
        await call('win', {
          player: String(p.id),
          gameCode: job.gameCode,
          roundId,
          transactionId: `bw-${job.tag}-${worker}-${i}`,
          betTransactionId: betId,
          amount: i % 3 === 0 ? amount * 2 : 0,
          currency: job.currency,
          roundClosed: true,
        });
        rounds.push(performance.now() - t0);
      }
    }),
  );
  return { rounds, calls, elapsed: (performance.now() - started) / 1000 };
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
  const config = testConfig({ databaseUrl: bench.url, dbPoolSize: 70, demo: false, catalogueSlots: 120 });
  const ctx = await bootstrap(config);
  const app = await buildApp(ctx);
  const results: Result[] = [];
  try {
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(ctx.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const game = await ctx.db
      .selectFrom('games')
      .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
      .select(['games.vendor_code', 'games.game_code', 'games.node_id', 'i.currency'])
      .orderBy('games.node_id')
      .executeTakeFirstOrThrow();
    const vendor = game.vendor_code;
    const secret = deriveVendorSecret(config.studioSecret, vendor);
    console.log(
      `PostgreSQL ${version.rows[0]?.v}; ${PLAYERS} players at vendor ${vendor} over HTTP (${address}); ${SECONDS} s per run`,
    );

    const tag = randomBytes(3).toString('hex');
    const players = await fundedMembers(ctx.db, PLAYERS, `v${tag}`);
    const tokens = new Map<number, string>();
    for (const id of players) {
      const token = randomBytes(24).toString('base64url');
      await ctx.db
        .insertInto('game_sessions')
        .values({
          token_hash: createHash('sha256').update(token).digest('hex'),
          member_id: id,
          vendor_code: vendor,
          node_id: game.node_id,
          game_code: game.game_code,
          currency: game.currency,
          expires_at: new Date(Date.now() + 3_600_000),
        })
        .execute();
      tokens.set(id, token);
    }

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
      players: players.map((id) => ({ id, token: tokens.get(id) as string })),
    };
    const postmaster = await postmasterOf(ctx.db);
    const notes: string[] = [];
    let apiFrom = cpuNow(postmaster);
    const client = await new Promise<ClientResult>((resolve, reject) => {
      // Loader hooks are per thread in Node 20: the worker registers tsx, then loads this file.
      const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
      const worker = new Worker(boot, { eval: true, workerData: job });
      worker.on('message', (message: ClientResult | { started: true }) => {
        if ('started' in message) apiFrom = cpuNow(postmaster);
        else resolve(message);
      });
      worker.once('error', reject);
    });
    const apiTo = cpuNow(postmaster);
    results.push(summarise('vendor API round (bet + win), HTTP', PLAYERS, client.rounds, client.elapsed));
    results.push(summarise('vendor API single call (bet or win)', PLAYERS, client.calls, client.elapsed));
    notes.push(cpuPerOp('vendor API single call', apiFrom, apiTo, client.calls.length));

    // The raw wallet posting rate on the same server, same database, same clients.
    const wallets = await fundedMembers(ctx.db, WALLETS, `w${tag}`);
    const pick = () => wallets[Math.floor(Math.random() * wallets.length)] as number;
    const rawFrom = cpuNow(postmaster);
    const raw = await run(PLAYERS, async (worker, i) => {
      const from = pick();
      let to = pick();
      while (to === from) to = pick();
      await ctx.db.transaction().execute((trx) =>
        post(trx, {
          idempotencyKey: `bench-${tag}-${worker}-${i}`,
          type: 'transfer.bench',
          reference: 'bench',
          entries: [
            { account: { member: from, currency: 'PHP' }, amount: -1 },
            { account: { member: to, currency: 'PHP' }, amount: 1 },
          ],
        }),
      );
    });
    results.push(summarise('wallet.post transfer (raw, in process)', PLAYERS, raw.latencies, raw.elapsed));
    notes.push(cpuPerOp('wallet.post transfer', rawFrom, cpuNow(postmaster), raw.latencies.length));

    // The same raw posting when every posting touches one shared house account, as every bet and
    // win of one vendor does (house account vendor:<code>): the ledger's own ceiling for one vendor.
    const hotFrom = cpuNow(postmaster);
    const hot = await run(PLAYERS, async (worker, i) => {
      await ctx.db.transaction().execute((trx) =>
        post(trx, {
          idempotencyKey: `bench-hot-${tag}-${worker}-${i}`,
          type: 'bet.bench',
          reference: 'bench',
          entries: [
            { account: { member: wallets[worker] as number, currency: 'PHP' }, amount: -1 },
            { account: { house: 'vendor:BENCH', currency: 'PHP' }, amount: 1 },
          ],
        }),
      );
    });
    results.push(summarise('wallet.post member -> one house account (raw)', PLAYERS, hot.latencies, hot.elapsed));
    notes.push(cpuPerOp('wallet.post member -> house', hotFrom, cpuNow(postmaster), hot.latencies.length));
    for (const note of notes) console.log(note);

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
