// The posting functions without Node in the loop (docs/benchmarks.md "Balance events after commit"
// and "One round trip, and the least a posting writes"): pgbench runs BEGIN, a transfer between two
// of 1,000 funded members, COMMIT, through ledger_post (balance events sent with pg_notify inside
// the transaction), ledger_apply (events answered, as the wallet runs it) and ledger_apply followed
// by a notify-only transaction per posting (the after-commit sender's worst case: no two commits in
// one send); beside the single-row UPDATE, BEGIN/UPDATE/COMMIT, the bare balance updates and the
// least a double-entry posting writes, statement by statement and in one round trip. Run it
// against a cluster with the production settings to see what the notify lock costs when every
// commit waits for its WAL flush:
//
//   bash scripts/pg-cluster.sh start /tmp/pg-sync 55481
//   psql postgres://postgres@127.0.0.1:55481/postgres -c "ALTER SYSTEM SET fsync = on" \
//     -c "ALTER SYSTEM SET synchronous_commit = on"   # then restart it (pg_ctl restart as postgres)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55481/postgres node --import tsx bench/ledger-pgbench.ts
//
// CLIENTS (default 16,64) and SECONDS (default 5); ONLY (comma-separated parts of the runs' names)
// runs just those. BALANCE_INDEX=0 drops the back office's index of member cash by balance
// (migration 0023) first: no index then holds `balance`, so a posting's balance updates can be HOT
// updates (no index entries), as the ceiling's `held = held` is; what that would save is what this
// measures. pgbench must be on the PATH or in PostgreSQL's bin directory; as root it runs as the
// postgres user. The bench creates and drops its own database.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage } from './support/measure';

const CLIENTS = (process.env.CLIENTS ?? '16,64').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const BALANCE_INDEX = process.env.BALANCE_INDEX !== '0';
const ONLY = process.env.ONLY?.split(',');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (see the header)');

// Members 1..500 pay members 501..1,000; the random key makes every posting new.
const transfer = (
  fn: string,
  channel: boolean,
) => `SELECT status FROM ${fn}('pgb-' || :client_id || '-' || random()::text,
  'transfer.bench', 'bench', 'fp',
  ARRAY['member:' || (:ida + :first) || ':cash:PHP', 'member:' || (:idb + :first) || ':cash:PHP'],
  ARRAY[-1, 1]::bigint[], ARRAY[0, 0]::bigint[], ARRAY['cash', 'cash']::text[],
  ARRAY[:ida + :first, :idb + :first]::bigint[], ARRAY['PHP', 'PHP']::text[]${channel ? ", 'gamehall_events'" : ''});`;
const twoUpdates = (from: string, to: string) =>
  `UPDATE ledger_accounts SET ${from} WHERE member_id = :ida + :first;\nUPDATE ledger_accounts SET ${to} WHERE member_id = :idb + :first;\n`;
const pick = '\\set ida random(0, 499)\n\\set idb random(500, 999)\n';
const scripts: Record<string, string> = {
  'UPDATE ceiling': `${pick}UPDATE ledger_accounts SET held = held WHERE member_id = :ida + :first;\n`,
  'BEGIN, UPDATE, COMMIT': `${pick}BEGIN;\nUPDATE ledger_accounts SET held = held WHERE member_id = :ida + :first;\nCOMMIT;\n`,
  // The least any transfer can write: both balances, nothing else (no posting record, no entries,
  // no check). HOT like the ceiling's, then changing `balance` as a transfer does.
  'BEGIN, two UPDATEs (HOT), COMMIT': `${pick}BEGIN;\n${twoUpdates('held = held', 'held = held')}COMMIT;\n`,
  'BEGIN, two balance UPDATEs, COMMIT': `${pick}BEGIN;\n${twoUpdates('balance = balance - 1', 'balance = balance + 1')}COMMIT;\n`,
  // The same transactions sent as one compound statement (`\\;`): one round trip instead of four
  // or three, the least a caller's transaction can cost on the wire.
  'one round trip: BEGIN, two balance UPDATEs, COMMIT': `${pick}BEGIN \\;\n${twoUpdates('balance = balance - 1', 'balance = balance + 1').replaceAll(';\n', ' \\;\n')}COMMIT;\n`,
  'one round trip: BEGIN, ledger_apply, COMMIT': `${pick}BEGIN \\;\n${transfer('ledger_apply', false).replace(/;$/, ' \\;')}\nCOMMIT;\n`,
  // What a double-entry posting cannot do without, in one statement: its record (the unique key is
  // its idempotency check), two entries with the balances after, the two balances (the accounts'
  // CHECK is its balance check); no fingerprint comparison, activity event or balance events.
  'one round trip: BEGIN, the least posting, COMMIT': `${pick}BEGIN \\;
INSERT INTO ledger_postings (idempotency_key, type, reference, fingerprint)
  VALUES ('pgb-' || :client_id || '-' || random()::text, 'bench.least', 'bench', 'fp') \\;
${[
  [':ida', '-1'],
  [':idb', '1'],
]
  .map(
    ([id, amount]) => `WITH a AS (UPDATE ledger_accounts SET balance = balance + ${amount}
    WHERE member_id = ${id} + :first AND kind = 'cash' AND currency = 'PHP' RETURNING id, balance)
INSERT INTO ledger_entries (posting_id, account_id, amount, balance_after)
  SELECT currval('ledger_postings_id_seq'), a.id, ${amount}, a.balance FROM a \\;\n`,
  )
  .join('')}COMMIT;\n`,
  'ledger_post (notify inside)': `${pick}BEGIN;\n${transfer('ledger_post', true)}\nCOMMIT;\n`,
  ledger_apply: `${pick}BEGIN;\n${transfer('ledger_apply', false)}\nCOMMIT;\n`,
  'ledger_apply, then a notify': `${pick}BEGIN;\n${transfer('ledger_apply', false)}\nCOMMIT;\nSELECT pg_notify('gamehall_events', 'bench');\n`,
};

function pgbenchPath(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(path.join(dir, 'pgbench'))) return 'pgbench';
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  if (existsSync(debian)) return debian;
  throw new Error('pgbench not found');
}

const bench = await createBenchDatabase(adminUrl);
const dir = mkdtempSync(path.join(tmpdir(), 'gh-pgbench-'));
chmodSync(dir, 0o755);
try {
  const database = await openDatabase(testConfig({ databaseUrl: bench.url }));
  let first: number;
  try {
    await migrateToLatest(database.db);
    const ids = await fundedMembers(database.db, 1_000, 'pgb');
    first = ids[0] as number;
    if (ids.at(-1) !== first + 999) throw new Error('the funded members do not have consecutive ids');
    if (!BALANCE_INDEX) await sql`DROP INDEX ledger_accounts_member_cash_balance`.execute(database.db);
    const s = await sql<{ f: string; c: string }>`SELECT current_setting('fsync') AS f,
      current_setting('synchronous_commit') AS c`.execute(database.db);
    console.log(
      `fsync ${s.rows[0]?.f}, synchronous_commit ${s.rows[0]?.c}; balance index ${BALANCE_INDEX ? 'kept' : 'dropped'}; load average before: ${loadAverage()}`,
    );
  } finally {
    await database.close();
  }
  const url = new URL(bench.url);
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  console.log('| clients | run | tps |\n| ---: | --- | ---: |');
  for (const clients of CLIENTS) {
    for (const [label, body] of Object.entries(scripts).filter(([l]) => !ONLY || ONLY.some((o) => l.includes(o)))) {
      const file = path.join(dir, `${label.replace(/\W+/g, '-')}.sql`);
      writeFileSync(file, body);
      chmodSync(file, 0o644);
      const [cmd, ...args] = [
        ...asPostgres,
        pgbenchPath(),
        ...['-n', '-M', 'simple', '-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'],
        ...['-c', String(clients), '-j', '2', '-T', String(SECONDS), '-D', `first=${first}`, '-f', file],
        url.pathname.slice(1),
      ];
      const run = spawnSync(cmd as string, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
      // A client that meets an error (a deadlock, a refused balance) stops, and the rest carry on:
      // such a run's rate is not a figure.
      const aborted = run.status !== 0 || /aborted|ERROR/.test(run.stderr);
      const shown = tps && !aborted ? Math.round(Number(tps)).toLocaleString('en') : 'failed';
      console.log(`| ${clients} | ${label} | ${shown} |`);
      if (aborted) console.log(run.stderr.split('\n').slice(0, 3).join('\n'));
    }
  }
  // How many of the balance rows' updates were HOT (the statistics arrive within a second or so).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await openDatabase(testConfig({ databaseUrl: bench.url }));
  try {
    const hot = await sql<{ upd: string; hot: string }>`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot
      FROM pg_stat_user_tables WHERE relname = 'ledger_accounts'`.execute(after.db);
    const row = hot.rows[0];
    if (row) console.log(`ledger_accounts updates: ${row.upd}, of which HOT: ${row.hot}`);
  } finally {
    await after.close();
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await bench.drop();
}
