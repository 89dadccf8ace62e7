// Back office at scale: on PostgreSQL with MEMBERS members (default 1,000,000) and ROUNDS
// rounds (default 10,000,000) spread over 30 days, plus deposits, withdrawals and live sessions,
// all generated with generate_series: the p50/p99 of member search (username prefix and partial,
// id, email: GET /admin/members), the member page's summary (GET /admin/members/:id/summary), a
// 30-day games report by vendor and by game type, the game grid, the 30-day net revenue (NGR)
// report by vendor, by day and by player, and the dashboard, each through the application
// (app.inject: auth, validation, presenter), side by side in the same run with a single
// primary-key lookup of a member (plain SQL) as the reference.
// Also the time the rollup job and the agents' daily figures job take for one day. One client:
// these are operator screens, and the question is how long one operator waits.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg     (prints the URL)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/console.ts
//   MEMBERS=100000 ROUNDS=1000000 ...                  (smaller sizes; the figures say which were used)
//   PASSES=1 with BENCH_DATABASE: only the two jobs' passes (the agents' figures, the rollups)
//   ITERATIONS=100 SLOW_ITERATIONS=3 ...               (calls of each; SLOW: the NGR report by player
//                                                       over a custom range or by an unindexed column)
//
// The bench creates and drops its own database on that server; KEEP_DATABASE=1 keeps it (its URL is
// printed), and BENCH_DATABASE=<that URL> runs again on it without generating (the new code's
// migrations, the rollup jobs and the calls), to compare code on the same data; SKIP_JOBS=1 with
// it leaves the rollups as that run computed them and makes the calls alone. Loading drops the secondary indexes
// of the bulk-loaded tables and builds them again after (as any bulk load would), with foreign-key
// triggers off for the load (session_replication_role = replica; the data is made consistent).

import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/database';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { refreshAgentDay, refreshOpenDay } from '../apps/server/src/modules/agents/agent-stats.service';
import { agentNgrSettings } from '../apps/server/src/modules/agents/member-revenue.sql';
import { getBrand } from '../apps/server/src/modules/brand/brand.service';
import { dayOf } from '../apps/server/src/modules/reports/reports.queries';
import {
  keepNgrRanges,
  passOverDay,
  refreshDay,
  refreshRollups,
} from '../apps/server/src/modules/reports/reports.service';
import { createMember } from '../apps/server/src/test/factories';
import { createBenchDatabase } from './support/database';
import { loadAverage, percentile } from './support/measure';

const MEMBERS = Number(process.env.MEMBERS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 10_000_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
/** Calls of the NGR report by player that sum the days (a custom range) or scan a range (an unindexed sort). */
const SLOW_ITERATIONS = Number(process.env.SLOW_ITERATIONS ?? Math.min(ITERATIONS, 20));
const BATCH = 1_000_000;

function seconds(t0: number) {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

/** Drops the secondary indexes of `tables` (not those behind constraints); returns their definitions. */
async function dropIndexes(db: Db, tables: string[]): Promise<string[]> {
  const r = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(tables)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const row of r.rows) await sql.raw(`DROP INDEX ${row.name}`).execute(db);
  return r.rows.map((row) => row.def);
}

async function generate(db: Db) {
  await sql`SET session_replication_role = replica`.execute(db);
  const base = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::bigint AS id FROM members`.execute(db);
  const first = (base.rows[0]?.id ?? 0) + 1;
  const defs = await dropIndexes(db, ['members', 'vendor_rounds', 'deposit_orders', 'withdrawal_orders', 'sessions']);

  let t0 = performance.now();
  // Members registered over the last 60 days; every tenth has an e-mail, every one a mobile number.
  for (let from = 0; from < MEMBERS; from += BATCH) {
    const to = Math.min(MEMBERS, from + BATCH);
    await sql`
      INSERT INTO members (id, username, password_hash, referral_code, password_changed_at, permissions, email,
        mobile_num, country_dialing_code, register_ip, created_at, updated_at)
      SELECT ${first}::bigint + g, 'player' || g, 'x', 'R' || g, now(), '[]',
        CASE WHEN g % 10 = 0 THEN 'player' || g || '@mail.test' END,
        (9000000000 + g)::text, '63', '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 7),
        now() - (g % 86400) * interval '1 minute', now()
      FROM generate_series(${from}::int, ${to - 1}::bigint) g`.execute(db);
  }
  await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`.execute(db);
  console.log(`members: ${MEMBERS} in ${seconds(t0)} s`);

  // Rounds over the catalogue's games, every member, the last 30 days; RTP about 95%.
  t0 = performance.now();
  await sql`CREATE TEMP TABLE bench_games AS
    SELECT row_number() OVER (ORDER BY node_id) - 1 AS i, node_id, vendor_code, game_code, game_type FROM games`.execute(
    db,
  );
  const games = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM bench_games`.execute(db)).rows[0]?.n);
  // In the order of their time, as a live table holds them (rows appended as rounds open): in a
  // random order a day's rounds lie all over the table, and a pass over a day reads a page per round.
  for (let from = 0; from < ROUNDS; from += BATCH) {
    const to = Math.min(ROUNDS, from + BATCH);
    await sql`
      INSERT INTO vendor_rounds (vendor_code, round_id, member_id, node_id, game_code, game_type, currency,
        bet_amount, win_amount, status, created_at, closed_at)
      SELECT bg.vendor_code, 'B' || r.g, ${first}::bigint + (r.g * 7919) % ${MEMBERS}, bg.node_id, bg.game_code, bg.game_type,
        'PHP', r.bet, CASE WHEN random() < 0.4 THEN round(r.bet * random() * 4.75) ELSE 0 END, 'closed', r.at, r.at
      FROM (
        SELECT g, (100 + (g * 31) % 9900)::bigint AS bet,
          now() - interval '30 days' * (1 - (g + random()) / ${ROUNDS}::float8) AS at,
          (g * 104729) % ${games} AS gi
        FROM generate_series(${from}::int, ${to - 1}::bigint) g
      ) r JOIN bench_games bg ON bg.i = r.gi
      ORDER BY r.at`.execute(db);
    console.log(`  rounds ${to} (${seconds(t0)} s)`);
  }
  console.log(`rounds: ${ROUNDS} over ${games} games in ${seconds(t0)} s`);

  // Deposits (a tenth of the members, some twice), withdrawals, pending work and live sessions.
  t0 = performance.now();
  const depositors = Math.floor(MEMBERS / 10);
  await sql`
    INSERT INTO deposit_orders (reference, member_id, request_id, method_code, method_kind, amount, currency, status,
      first_deposit, decided_at, created_at)
    SELECT 'BD' || g, ${first}::bigint + (g % ${depositors}) * 10, 'b' || g,
      CASE WHEN g % 3 = 0 THEN 'SANDBOX_PAY' ELSE 'BANK_TRANSFER' END,
      CASE WHEN g % 3 = 0 THEN 'gateway' ELSE 'bank_transfer' END,
      10000 + (g % 50) * 1000, 'PHP', CASE WHEN g % 100 = 0 THEN 'pending' ELSE 'approved' END,
      g < ${depositors} AND g % 100 <> 0, CASE WHEN g % 100 = 0 THEN NULL ELSE now() - random() * interval '30 days' END,
      now() - interval '31 days'
    FROM generate_series(0::bigint, ${Math.floor(depositors * 1.5) - 1}::bigint) g`.execute(db);
  await sql`
    INSERT INTO withdrawal_orders (reference, member_id, request_id, bank_account_id, amount, currency, status, hold_id,
      approved_at, created_at)
    SELECT 'BW' || g, ${first}::bigint + (g % ${depositors}) * 10, 'b' || g, 1, 5000 + (g % 20) * 1000, 'PHP',
      CASE WHEN g % 50 = 0 THEN 'pending' ELSE 'paid' END, g,
      CASE WHEN g % 50 = 0 THEN NULL ELSE now() - random() * interval '30 days' END, now() - interval '31 days'
    FROM generate_series(0::bigint, ${Math.floor(depositors / 2) - 1}::bigint) g`.execute(db);
  await sql`
    INSERT INTO sessions (token_hash, member_id, area, created_at, last_seen_at, expires_at)
    SELECT 'bench' || g, ${first}::bigint + (g * 13) % ${MEMBERS}, 'member', now() - interval '1 hour',
      now() - random() * interval '20 minutes', now() + interval '1 day'
    FROM generate_series(0::bigint, ${Math.floor(MEMBERS / 50) - 1}::bigint) g`.execute(db);
  console.log(`cashier and sessions in ${seconds(t0)} s`);

  t0 = performance.now();
  for (const def of defs) await sql.raw(def).execute(db);
  await sql`SET session_replication_role = origin`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(`indexes rebuilt and analysed in ${seconds(t0)} s`);
}

type Row = { label: string; n: number; p50: number; p99: number; max: number };

async function timeIt(label: string, n: number, op: (i: number) => Promise<void>): Promise<Row> {
  for (let i = 0; i < Math.min(5, n); i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, n, p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] ?? 0 };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const reuse = process.env.BENCH_DATABASE;
  const bench = reuse ? { url: reuse, drop: async () => {} } : await createBenchDatabase(process.env.DATABASE_URL);
  if (process.env.KEEP_DATABASE === '1' && !reuse) console.log(`database (kept): ${bench.url}`);
  const started = performance.now();
  try {
    const ctx = await bootstrap(testConfig({ databaseUrl: bench.url, catalogueSlots: 10_400, dbPoolSize: 10 }));
    const app = await buildApp(ctx);
    const tz = (await getBrand(ctx.db)).timeZone;
    console.log(`load average before: ${loadAverage()}`);
    // One pinned connection: session_replication_role is a session setting.
    if (!reuse) await ctx.db.connection().execute((conn) => generate(conn));

    // The rollups the job keeps: every day of the range once (what the backfill does on a new database).
    const today = await dayOf(ctx.db, ctx.now(), tz);
    const from = addDays(today, -30);
    let t0 = performance.now();
    if (reuse && process.env.PASSES === '1') {
      await agentPasses();
      await rollupPasses();
      return;
    }
    // SKIP_JOBS=1 (with BENCH_DATABASE, whose rollups an earlier run computed): the calls alone.
    if (!(reuse && process.env.SKIP_JOBS === '1')) await jobs();
    async function jobs() {
      const dayTimes: number[] = [];
      for (let day = from; day <= today; day = addDays(day, 1)) {
        const d0 = performance.now();
        await refreshDay(ctx, day, tz);
        dayTimes.push(performance.now() - d0);
      }
      dayTimes.sort((a, b) => a - b);
      console.log(
        `rollups: 31 days in ${seconds(t0)} s (one day: median ${(percentile(dayTimes, 50) / 1000).toFixed(2)} s, ` +
          `max ${((dayTimes[dayTimes.length - 1] ?? 0) / 1000).toFixed(2)} s)`,
      );
      // The job's usual pass: a day computed before, recomputed with nothing changed.
      const again: number[] = [];
      for (const day of [addDays(today, -1), addDays(today, -2), addDays(today, -3)]) {
        const d0 = performance.now();
        await refreshDay(ctx, day, tz);
        again.push(performance.now() - d0);
      }
      console.log(
        `rollups again, a computed day with no change: ${again.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s`,
      );
      // The agents' daily member figures (agent_member_days), which the member summary reads.
      t0 = performance.now();
      const agentDayTimes: number[] = [];
      for (let day = from; day <= today; day = addDays(day, 1)) {
        const d0 = performance.now();
        await refreshAgentDay(ctx, day, tz);
        agentDayTimes.push(performance.now() - d0);
      }
      agentDayTimes.sort((a, b) => a - b);
      console.log(
        `agents' daily figures: 31 days in ${seconds(t0)} s (one day: median ${(percentile(agentDayTimes, 50) / 1000).toFixed(2)} s, ` +
          `max ${((agentDayTimes[agentDayTimes.length - 1] ?? 0) / 1000).toFixed(2)} s)`,
      );
      await agentPasses();
    }
    // The agents' job's passes over today (refreshOpenDay): right after the day was computed whole
    // (the rounds of its last two minutes looked at again), with nothing new, then after 1,000 and
    // 10,000 rounds of as many members closed since the last pass; and the day computed whole.
    async function agentPasses() {
      const ngrSettings = agentNgrSettings(await getBrand(ctx.db));
      const timed = async (label: string) => {
        const d0 = performance.now();
        const whole = await refreshOpenDay(ctx, today, tz, ngrSettings);
        console.log(
          `agents' job, ${label}: ${((performance.now() - d0) / 1000).toFixed(3)} s${whole ? ' (whole)' : ''}`,
        );
      };
      await timed('a pass after the day was computed whole');
      await timed('a pass with nothing new');
      for (const n of [1_000, 10_000]) {
        await sql`
          INSERT INTO vendor_rounds (vendor_code, round_id, member_id, node_id, game_code, game_type, currency,
            bet_amount, win_amount, status, created_at, closed_at)
          SELECT g.vendor_code, 'P' || ${`${Date.now()}-${n}`} || '-' || s, m.id, g.node_id, g.game_code, g.game_type, 'PHP', 500, 0,
            'closed', now(), now()
          FROM generate_series(1, ${n}) s
          JOIN LATERAL (SELECT id FROM members ORDER BY id OFFSET s * 7 LIMIT 1) m ON true
          JOIN LATERAL (SELECT node_id, vendor_code, game_code, game_type FROM games ORDER BY node_id LIMIT 1) g ON true`.execute(
          ctx.db,
        );
        await timed(`a pass after ${n.toLocaleString('en')} new rounds`);
        await timed('the next pass, nothing new');
      }
      const d0 = performance.now();
      await refreshAgentDay(ctx, today, tz);
      console.log(`agents' job, today computed whole: ${((performance.now() - d0) / 1000).toFixed(3)} s`);
    }
    // The rollup job's passes over one day (passOverDay): after 1,000 new rounds today, today
    // (recomputed) and yesterday (nothing new: left as it was); then, with the clock moved on, today
    // three minutes later (the margin looks at the last two minutes again) and six, nothing new.
    async function rollupPasses() {
      const yesterday = addDays(today, -1);
      await refreshRollups(ctx);
      await sql`
        INSERT INTO vendor_rounds (vendor_code, round_id, member_id, node_id, game_code, game_type, currency,
          bet_amount, win_amount, status, created_at, closed_at)
        SELECT g.vendor_code, 'Q' || ${String(Date.now())} || '-' || s, m.id, g.node_id, g.game_code, g.game_type, 'PHP', 500, 0, 'closed', now(), now()
        FROM generate_series(1, 1000) s
        JOIN LATERAL (SELECT id FROM members ORDER BY id OFFSET s * 11 LIMIT 1) m ON true
        JOIN LATERAL (SELECT node_id, vendor_code, game_code, game_type FROM games ORDER BY node_id LIMIT 1) g ON true`.execute(
        ctx.db,
      );
      const timed = async (label: string, day: string, at: typeof ctx) => {
        const d0 = performance.now();
        const computed = await passOverDay(at, day);
        const s = ((performance.now() - d0) / 1000).toFixed(3);
        console.log(`rollup job, ${label}: ${s} s (${computed ? 'recomputed' : 'left as it was'})`);
      };
      await timed('today after 1,000 new rounds', today, ctx);
      await timed('yesterday, nothing new', yesterday, ctx);
      const on = (minutes: number) => ({ ...ctx, now: () => new Date(Date.now() + minutes * 60_000) });
      await timed('today three minutes on (the margin looks at those rounds again)', today, on(3));
      await timed('today six minutes on, nothing new', today, on(6));
    }
    // The net revenue report's ranges summed ahead (the job builds them after its days), then the
    // job's usual pass with them: today and yesterday recomputed, each adding its changes to them.
    t0 = performance.now();
    await keepNgrRanges(ctx, today);
    console.log(`NGR ranges summed ahead (today, yesterday, 7 and 30 days, month so far) built in ${seconds(t0)} s`);
    for (const day of [today, addDays(today, -1)]) {
      t0 = performance.now();
      await refreshDay(ctx, day, tz);
      console.log(`rollups of ${day} again, with the ranges kept up: ${seconds(t0)} s`);
    }
    await sql`ANALYZE`.execute(ctx.db);

    const op = await createMember(ctx, { type: 90, permissions: ['*'] });
    const token = await issueSession(ctx, ctx.db, { memberId: op.id, area: 'admin', ip: '127.0.0.1', userAgent: null });
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const firstId = Number(
      (
        await sql<{ id: number }>`SELECT min(id)::bigint AS id FROM members WHERE username LIKE 'player%'`.execute(
          ctx.db,
        )
      ).rows[0]?.id,
    );
    const pick = (i: number) => (i * 7_654_321 + 12_345) % MEMBERS;
    const range = `from=${addDays(today, -29)}&to=${today}`;

    // Exactness check of the sketches: distinct players of the 30 days, estimated and counted.
    t0 = performance.now();
    const exact = Number(
      (
        await sql<{ n: number }>`SELECT count(DISTINCT member_id)::int AS n FROM vendor_rounds
          WHERE created_at >= (${addDays(today, -29)}::date::timestamp AT TIME ZONE ${tz})`.execute(ctx.db)
      ).rows[0]?.n,
    );
    const exactMs = performance.now() - t0;
    const dash = (await get('/admin/dashboard')).json().value;
    console.log(
      `30-day active players: dashboard ${dash.last30Days.activePlayers}, exact ${exact} ` +
        `(${(((dash.last30Days.activePlayers - exact) / exact) * 100).toFixed(2)}%; the exact count took ${exactMs.toFixed(0)} ms)`,
    );

    const results: Row[] = [];
    results.push(
      await timeIt('reference: SELECT one member by primary key (SQL)', ITERATIONS, async (i) => {
        await sql`SELECT id, username FROM members WHERE id = ${firstId + pick(i)}`.execute(ctx.db);
      }),
    );
    results.push(
      await timeIt("member search: username prefix 'player12345' (API)", ITERATIONS, async (i) => {
        await get(`/admin/members?q=player${String(pick(i)).slice(0, 5)}&field=username&pageSize=20`);
      }),
    );
    results.push(
      await timeIt("member search: username partial 'ayer3141' (API)", ITERATIONS, async (i) => {
        await get(`/admin/members?q=ayer${String(pick(i)).slice(0, 4)}&field=username&pageSize=20`);
      }),
    );
    results.push(
      await timeIt('member search: by id (API)', ITERATIONS, async (i) => {
        await get(`/admin/members?q=${firstId + pick(i)}&field=id&pageSize=20`);
      }),
    );
    results.push(
      await timeIt('member search: by e-mail (API)', ITERATIONS, async (i) => {
        await get(`/admin/members?q=player${pick(i) - (pick(i) % 10)}@mail&field=email&pageSize=20`);
      }),
    );
    results.push(
      await timeIt('member search: any field (API)', ITERATIONS, async (i) => {
        await get(`/admin/members?q=player${String(pick(i)).slice(0, 6)}&pageSize=20`);
      }),
    );
    // Every tenth member deposits (generate): the summary of one with deposits, withdrawals and rounds.
    const depositor = (i: number) => firstId + (pick(i) % Math.floor(MEMBERS / 10)) * 10;
    results.push(
      await timeIt('member summary of a depositing player (API)', ITERATIONS, async (i) => {
        await get(`/admin/members/${depositor(i)}/summary`);
      }),
    );
    results.push(
      await timeIt('30-day games report by vendor (API)', ITERATIONS, async () => {
        await get(`/admin/reports/games?${range}&groupBy=vendor&sort=ggr&order=desc`);
      }),
    );
    results.push(
      await timeIt('30-day games report by game type (API)', ITERATIONS, async () => {
        await get(`/admin/reports/games?${range}&groupBy=gameType&sort=betAmount&order=desc`);
      }),
    );
    results.push(
      await timeIt('30-day games report by game, top 50 by GGR (API)', Math.min(ITERATIONS, 100), async () => {
        await get(`/admin/reports/games?${range}&groupBy=game&sort=ggr&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by vendor (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=vendor&sort=ggr&order=desc`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by day (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=day`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by player, top 50 by GGR (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=player&sort=ggr&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by player, top 50 by NGR (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=player&sort=ngr&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by player, page 100 by member (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=player&sort=key&order=asc&pageSize=50&pageNo=100`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by player, top 50 by payment fee (API, no index)', SLOW_ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=player&sort=paymentFee&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('7-day NGR report by player, top 50 by GGR (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?from=${addDays(today, -6)}&to=${today}&groupBy=player&sort=ggr&order=desc`);
      }),
    );
    results.push(
      await timeIt('29-day NGR report by player, top 50 by GGR (API, a custom range)', SLOW_ITERATIONS, async () => {
        await get(
          `/admin/reports/ngr?from=${addDays(today, -29)}&to=${addDays(today, -1)}&groupBy=player&sort=ggr&order=desc`,
        );
      }),
    );
    results.push(
      await timeIt('30-day NGR report by agent (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=agent&sort=ggr&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by game, top 50 by GGR (API)', Math.min(ITERATIONS, 100), async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=game&sort=ggr&order=desc&pageSize=50`);
      }),
    );
    results.push(
      await timeIt('30-day NGR report by game type (API)', ITERATIONS, async () => {
        await get(`/admin/reports/ngr?${range}&groupBy=gameType&sort=ggr&order=desc`);
      }),
    );
    results.push(
      await timeIt(
        '29-day NGR report by game, top 50 by GGR (API, a custom range)',
        Math.min(ITERATIONS, 100),
        async () => {
          await get(
            `/admin/reports/ngr?from=${addDays(today, -29)}&to=${addDays(today, -1)}&groupBy=game&sort=ggr&order=desc`,
          );
        },
      ),
    );
    results.push(
      await timeIt('30-day cashier report by method (API)', ITERATIONS, async () => {
        await get(`/admin/reports/cashier?${range}&groupBy=method`);
      }),
    );
    results.push(
      await timeIt('dashboard (API)', ITERATIONS, async () => {
        await get('/admin/dashboard');
      }),
    );

    const counts = await sql<{ members: number; rounds: number; games: number; rollup_rows: number }>`
      SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM vendor_rounds)::int AS rounds,
        (SELECT count(DISTINCT node_id) FROM vendor_rounds)::int AS games,
        (SELECT count(*) FROM report_daily_games)::int AS rollup_rows`.execute(ctx.db);
    const c = counts.rows[0];
    console.log(
      `\nPostgreSQL; members ${c?.members}, rounds ${c?.rounds} over ${c?.games} games, ` +
        `${c?.rollup_rows} per-game rollup rows; ${ITERATIONS} calls each after 5 warm-up calls, one client`,
    );
    console.log('| call | calls | p50 ms | p99 ms | max ms |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const r of results)
      console.log(`| ${r.label} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`);
    console.log(`\nload average after: ${loadAverage()}; whole run ${seconds(started)} s`);
    await app.close();
    await ctx.database.close();
  } finally {
    if (process.env.KEEP_DATABASE !== '1') await bench.drop();
  }
}

await main();
