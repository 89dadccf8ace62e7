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
import { sql } from 'kysely';
import { testConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { post, postAlone, verifyLedger } from '../apps/server/src/modules/wallet/wallet.service';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage, printTable, type Result, runFor, summarise } from './support/measure';

const WALLETS = 1_000;
const SECONDS = Number(process.env.SECONDS ?? 5);
const CLIENTS = [1, 16, 64];

async function run(label: string, clients: number, op: (worker: number, i: number) => Promise<void>): Promise<Result> {
  const { latencies, elapsed } = await runFor(SECONDS, clients, op);
  return summarise(label, clients, latencies, elapsed);
}

async function prepare(database: DatabaseHandle): Promise<number[]> {
  const db = database.db;
  await migrateToLatest(db);
  const ids = await fundedMembers(db, WALLETS, randomBytes(3).toString('hex'));
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

console.log(`load average before: ${loadAverage()}`);
const all: Result[] = [];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const bench = await createBenchDatabase(adminUrl);
  const database = await openDatabase(testConfig({ databaseUrl: bench.url, dbPoolSize: 70 }));
  try {
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db);
    console.log(`PostgreSQL ${version.rows[0]?.v}, ${WALLETS} wallets, ${SECONDS} s per run`);
    all.push(...(await measure('PostgreSQL', database, CLIENTS)));
  } finally {
    await database.close();
    await bench.drop();
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
printTable(all);
console.log(`load average after: ${loadAverage()}`);
