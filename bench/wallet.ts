// Ledger throughput (issue 4): postings per second and p50/p99 latency of wallet.post in its own
// transaction and of wallet.postAlone (the same posting as one statement in its own implicit
// transaction), a transfer between two of 1,000 funded member wallets per posting, at 1, 16 and
// 64 concurrent clients; side by side with a plain single-row UPDATE loop on the same server as
// the ceiling. Also PGlite. The load average is printed before and after: the figures only mean
// something next to the ceiling of the same run.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/wallet.ts
//   (a throwaway cluster: bash scripts/pg-cluster.sh start /tmp/benchpg; stop it with ... stop /tmp/benchpg)
//
// The bench creates and drops its own database on that server. SECONDS (default 5) per run.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { post, postAlone, verifyLedger } from '../apps/server/src/modules/wallet/wallet.service';

const WALLETS = 1_000;
const SECONDS = Number(process.env.SECONDS ?? 5);
const CLIENTS = [1, 16, 64];

type Result = { label: string; clients: number; ops: number; perSecond: number; p50: number; p99: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(label: string, clients: number, op: (worker: number, i: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await op(worker, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label,
    clients,
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function prepare(database: DatabaseHandle): Promise<number[]> {
  const db = database.db;
  await migrateToLatest(db);
  const tag = randomBytes(3).toString('hex');
  const ids: number[] = [];
  for (let i = 0; i < WALLETS; i += 250) {
    const rows = await db
      .insertInto('members')
      .values(
        Array.from({ length: Math.min(250, WALLETS - i) }, (_, j) => ({
          username: `bench${tag}${i + j}`,
          password_hash: 'x',
          referral_code: `B${tag}${i + j}`,
          password_changed_at: new Date(),
          permissions: '[]',
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  for (const id of ids)
    await db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: `bench-fund-${id}`,
        type: 'deposit',
        reference: 'bench',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -100_000_000 },
          { account: { member: id, currency: 'PHP' }, amount: 100_000_000 },
        ],
      }),
    );
  await sql`CREATE TABLE IF NOT EXISTS bench_counters (id int PRIMARY KEY, n bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`INSERT INTO bench_counters (id) SELECT g FROM generate_series(1, ${WALLETS}) g ON CONFLICT DO NOTHING`.execute(
    db,
  );
  return ids;
}

async function measure(name: string, database: DatabaseHandle, levels: number[]): Promise<Result[]> {
  const ids = await prepare(database);
  const db = database.db;
  const pick = () => ids[Math.floor(Math.random() * ids.length)] as number;
  const results: Result[] = [];
  const runTag = randomBytes(3).toString('hex');
  for (const clients of levels) {
    results.push(
      await run(`${name} UPDATE ceiling`, clients, async () => {
        await sql`UPDATE bench_counters SET n = n + 1 WHERE id = ${1 + Math.floor(Math.random() * WALLETS)}`.execute(
          db,
        );
      }),
    );
    results.push(
      await run(`${name} wallet.post transfer`, clients, async (worker, i) => {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        await db.transaction().execute((trx) =>
          post(trx, {
            idempotencyKey: `bench-${runTag}-${clients}-${worker}-${i}`,
            type: 'transfer.bench',
            reference: 'bench',
            entries: [
              { account: { member: from, currency: 'PHP' }, amount: -1 },
              { account: { member: to, currency: 'PHP' }, amount: 1 },
            ],
          }),
        );
      }),
    );
    // The same transfer when the posting is the unit's only write (member transfers, vendor
    // wallet transfers): one statement in its own implicit transaction.
    results.push(
      await run(`${name} wallet.postAlone transfer`, clients, async (worker, i) => {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        await postAlone(db, {
          idempotencyKey: `bench-alone-${runTag}-${clients}-${worker}-${i}`,
          type: 'transfer.bench',
          reference: 'bench',
          entries: [
            { account: { member: from, currency: 'PHP' }, amount: -1 },
            { account: { member: to, currency: 'PHP' }, amount: 1 },
          ],
        });
      }),
    );
  }
  const report = await verifyLedger(db);
  console.log(`${name}: ledger verify after the runs: ${report.ok ? 'OK' : report.violations.slice(0, 5).join('; ')}`);
  return results;
}

function table(results: Result[]) {
  console.log('| run | clients | ops | ops/s | p50 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.clients} | ${r.ops} | ${Math.round(r.perSecond)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
    );
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);
const all: Result[] = [];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const name = `gh_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase(testConfig({ databaseUrl: u.toString(), dbPoolSize: 70 }));
  try {
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db);
    console.log(`PostgreSQL ${version.rows[0]?.v}, ${WALLETS} wallets, ${SECONDS} s per run`);
    all.push(...(await measure('PostgreSQL', database, CLIENTS)));
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('DATABASE_URL is not set: PGlite only. For PostgreSQL figures:');
  console.log('  bash scripts/pg-cluster.sh start /tmp/benchpg   # prints the URL');
  console.log('  DATABASE_URL=<that URL> node --import tsx bench/wallet.ts');
}
const lite = await openDatabase(testConfig({}));
try {
  all.push(...(await measure('PGlite (in memory)', lite, [1, 16])));
} finally {
  await lite.close();
}
table(all);
console.log(`load average after: ${load()}`);
