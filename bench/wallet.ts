// Ledger throughput: postings per second and p50/p99 latency of wallet.post in its own
// transaction, of wallet.postMany with ten postings a transaction (an op is then one posting; p50
// and p99 are per transaction) and of wallet.postAlone (the same posting as one statement in its own implicit
// transaction), a transfer between two of 1,000 funded member wallets per posting, at 1, 16 and
// 64 concurrent clients; side by side with a plain single-row UPDATE loop on the same server as
// the ceiling, the same UPDATE between BEGIN and COMMIT (what any unit of work in its own
// transaction pays before it does anything) and two UPDATEs between them (the least a transfer
// inside a transaction can do: both balances, no record). Also PGlite. The load average is printed before and after: the figures only mean
// something next to the ceiling of the same run.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/wallet.ts
//   (a throwaway cluster: bash scripts/pg-cluster.sh start /tmp/benchpg; stop it with ... stop /tmp/benchpg)
//
// The bench creates and drops its own database on that server. SECONDS (default 5) per run;
// CLIENTS (default 1,16,64) the concurrency levels; WALLETS (default 1,000) the funded wallets; PGLITE=0 skips PGlite. Each run also prints the
// CPU it cost per posting (this Node process, and the PostgreSQL server from /proc when it runs on
// this machine): on a shared machine rates move with the load, CPU per operation hardly does.
// PROFILE=1 prints pg_stat_statements' top statements of the 64-client wallet.post run (the server
// must preload it: shared_preload_libraries = 'pg_stat_statements', pg_stat_statements.track = all
// to see the statements inside ledger_post).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { testConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import {
  type Posting,
  post,
  postAlone,
  postMany,
  verifyLedger,
} from '../apps/server/src/modules/ledger/ledger.service';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage, printTable, type Result, runFor, summarise } from './support/measure';
import { postgresCpu, postmasterOf, topStatements } from './support/postgres-stats';

const WALLETS = Number(process.env.WALLETS ?? 1_000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CLIENTS = (process.env.CLIENTS ?? '1,16,64').split(',').map(Number);
const PROFILE = process.env.PROFILE === '1';
const notes: string[] = [];

let postmaster: number | undefined;

/** `postings` per call of `op`: the rate and the CPU are then per posting, p50 and p99 per call. */
async function run(
  label: string,
  clients: number,
  op: (worker: number, i: number) => Promise<void>,
  postings = 1,
): Promise<Result> {
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpu(postmaster);
  const { latencies, elapsed } = await runFor(SECONDS, clients, op);
  const cpu1 = process.cpuUsage(cpu0);
  const pg1 = postgresCpu(postmaster);
  const n = latencies.length * postings;
  const nodeMs = ((cpu1.user + cpu1.system) / 1000 / n).toFixed(3);
  const pgMs = pg0 === undefined || pg1 === undefined ? 'n/a' : (((pg1 - pg0) * 1000) / n).toFixed(3);
  notes.push(`${label}, ${clients} clients: CPU per op ${nodeMs} ms Node, ${pgMs} ms PostgreSQL`);
  const result = summarise(label, clients, latencies, elapsed);
  return { ...result, ops: n, perSecond: result.perSecond * postings };
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
  const transfer = (key: string): Posting => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return {
      idempotencyKey: key,
      type: 'transfer.bench',
      reference: 'bench',
      entries: [
        { account: { member: from, currency: 'PHP' }, amount: -1 },
        { account: { member: to, currency: 'PHP' }, amount: 1 },
      ],
    };
  };
  const randomCounter = () => 1 + Math.floor(Math.random() * WALLETS);
  const bump = (id = randomCounter()) => sql`UPDATE bench_counters SET n = n + 1 WHERE id = ${id}`;
  postmaster = database.kind === 'postgres' ? await postmasterOf(db) : undefined;
  for (const clients of levels) {
    results.push(
      await run(`${name} UPDATE ceiling`, clients, async () => {
        await bump().execute(db);
      }),
    );
    // The fixed cost of a unit of work in its own transaction: the same UPDATE between BEGIN and
    // COMMIT (three round trips), the best any posting inside a transaction could do.
    results.push(
      await run(`${name} BEGIN, UPDATE, COMMIT`, clients, async () => {
        await db.transaction().execute((trx) => bump().execute(trx));
      }),
    );
    // The least any transfer inside a transaction can do: both balances updated, nothing recorded.
    results.push(
      await run(`${name} BEGIN, two UPDATEs, COMMIT`, clients, async () => {
        // In id order, as the ledger locks its accounts, so two transfers cannot deadlock.
        const [low, high] = [randomCounter(), randomCounter()].sort((a, b) => a - b);
        await db.transaction().execute(async (trx) => {
          await bump(low).execute(trx);
          await bump(high).execute(trx);
        });
      }),
    );
    const profiling = PROFILE && clients === 64 && database.kind === 'postgres';
    if (profiling) {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
      await sql`SELECT pg_stat_statements_reset()`.execute(db);
    }
    results.push(
      await run(`${name} wallet.post transfer`, clients, async (worker, i) => {
        await db.transaction().execute((trx) => post(trx, transfer(`bench-${runTag}-${clients}-${worker}-${i}`)));
      }),
    );
    if (profiling)
      notes.push(`pg_stat_statements, ${name} wallet.post transfer at 64 clients:`, ...(await topStatements(db, 14)));
    // Postings inside a caller's transaction, ten at a time with postMany, as the agent settlement
    // pays its contracts: the rate counts postings, p50 and p99 are per transaction.
    results.push(
      await run(
        `${name} wallet.postMany transfer (10 a transaction)`,
        clients,
        async (worker, i) => {
          const postings = Array.from({ length: 10 }, (_, k) =>
            transfer(`bench-many-${runTag}-${clients}-${worker}-${i}-${k}`),
          );
          await db.transaction().execute((trx) => postMany(trx, postings));
        },
        10,
      ),
    );
    // The same transfer when the posting is the unit's only write (member transfers, vendor
    // wallet transfers): one statement in its own implicit transaction.
    results.push(
      await run(`${name} wallet.postAlone transfer`, clients, async (worker, i) => {
        await postAlone(db, transfer(`bench-alone-${runTag}-${clients}-${worker}-${i}`));
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
if (process.env.PGLITE !== '0') {
  const lite = await openDatabase(testConfig({}));
  try {
    all.push(...(await measure('PGlite (in memory)', lite, [1, 16])));
  } finally {
    await lite.close();
  }
}
printTable(all);
for (const note of notes) console.log(note);
console.log(`load average after: ${loadAverage()}`);
