// The member inbox at volume (an inbox of 10,000 messages pages in under
// 20 ms). One member with MESSAGES own messages (a tenth unread) plus BROADCASTS broadcasts to
// everyone, on PGlite in memory and, with DATABASE_URL, on PostgreSQL: the time of one page of the
// inbox (the service call GET /wps/messages makes: the merged, newest-first page, its total and
// unread count, each message rendered in the reader's language), first, middle and last page, and
// of the badge's unread count.
//
//   node --import tsx bench/inbox.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/inbox.ts
//   (a throwaway cluster: bash scripts/pg-cluster.sh start /tmp/benchpg)
//
// MESSAGES (default 10,000), BROADCASTS (default 50), RUNS (default 200 per measure).
import { sql } from 'kysely';
import { testConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { inbox, unreadCount } from '../apps/server/src/modules/messages/messages.service';
import { createBenchDatabase, fundedMembers } from './support/database';
import { loadAverage, type SerialRow, timeSerial } from './support/measure';

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const BROADCASTS = Number(process.env.BROADCASTS ?? 50);
const RUNS = Number(process.env.RUNS ?? 200);
const PAGE_SIZE = 20;

async function measure(name: string, database: DatabaseHandle): Promise<SerialRow[]> {
  const db = database.db;
  await migrateToLatest(db);
  const [memberId] = await fundedMembers(db, 1, `inbox${Date.now().toString(36)}`);
  if (memberId === undefined) throw new Error('no member');
  // The member joined before every message and broadcast (the audience rule skips later members).
  await sql`UPDATE members SET created_at = now() - interval '400 days' WHERE id = ${memberId}`.execute(db);
  await sql`
    INSERT INTO member_messages (member_id, kind, params, title, content, read_at, created_at)
    SELECT ${memberId}, 'deposit_credited', jsonb_build_object('amount', g * 100), 'Deposit credited', '',
           CASE WHEN g % 10 = 0 THEN NULL ELSE now() END, now() - (g || ' minutes')::interval
      FROM generate_series(1, ${MESSAGES}) g`.execute(db);
  await sql`
    INSERT INTO broadcasts (audience, texts, fallback_language, status, send_at, sent_at, reach, created_by)
    SELECT 'everyone', '{"EN":{"title":"News","content":"Hello from {site}"}}'::jsonb, 'EN', 'sent',
           now() - (g * 7 || ' minutes')::interval, now() - (g * 7 || ' minutes')::interval, 1, ${memberId}
      FROM generate_series(1, ${BROADCASTS}) g`.execute(db);
  await sql`ANALYZE`.execute(db);
  const ctx = { db, now: () => new Date() } as unknown as AppContext;
  const total = MESSAGES + BROADCASTS;
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const page = async (pageNo: number) => {
    const value = await inbox(ctx, memberId, { pageNo, pageSize: PAGE_SIZE, language: 'EN' });
    if (value.total !== total || value.items.length === 0) throw new Error(`unexpected page: ${value.total}`);
  };
  // Warm-up: the plans and the brand cache.
  for (let i = 0; i < 10; i++) await page(1);
  return [
    await timeSerial(`${name} inbox page 1 of ${lastPage}`, RUNS, () => page(1)),
    await timeSerial(`${name} inbox page ${Math.floor(lastPage / 2)}`, RUNS, () => page(Math.floor(lastPage / 2))),
    await timeSerial(`${name} inbox page ${lastPage} (last)`, RUNS, () => page(lastPage)),
    await timeSerial(`${name} unread count (badge)`, RUNS, async () => {
      await unreadCount(ctx, memberId);
    }),
  ];
}

function print(rows: SerialRow[]) {
  console.log('| measure | runs | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.label} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`);
}

console.log(`inbox of ${MESSAGES} messages + ${BROADCASTS} broadcasts, ${PAGE_SIZE} a page; load ${loadAverage()}`);
const rows: SerialRow[] = [];
const lite = await openDatabase(testConfig({}));
try {
  rows.push(...(await measure('PGlite', lite)));
} finally {
  await lite.close();
}
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const bench = await createBenchDatabase(adminUrl);
  const database = await openDatabase(testConfig({ databaseUrl: bench.url }));
  try {
    rows.push(...(await measure('PostgreSQL', database)));
  } finally {
    await database.close();
    await bench.drop();
  }
}
print(rows);
console.log(`load ${loadAverage()}`);
