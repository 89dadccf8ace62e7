// Agent centre at scale: on PostgreSQL, a team of MEMBERS members (default 100,000) on
// LEVELS levels (default 10) under one top agent with ROUNDS closed rounds (default 5,000,000) over
// the last 60 days (bench/agent-data.ts). Measures, through the application (app.inject: auth,
// validation, presenter), the p50/p99 of the top agent's 30-day team overview and of downline
// search (username prefix and partial, all levels), side by side in the same run with a primary-key
// lookup of a member (plain SQL) as the reference; the job's time to compute one day's figures; and,
// for comparison, the same overview answered by scanning the rounds per request (what the daily
// figures replace). One client: the question is how long one agent waits.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg     (prints the URL)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/agents.ts
//   MEMBERS=20000 ROUNDS=1000000 ...                   (smaller sizes; the output says which were used)
//   SEARCH_ONLY=1 ...                                  (downline search and lists only; see below)
//
// The bench creates and drops its own database on that server.

import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { dayOf } from '../apps/server/src/modules/agents/agent-stats.queries';
import { refreshAgentDay } from '../apps/server/src/modules/agents/agent-stats.service';
import { getBrand } from '../apps/server/src/modules/brand/brand.service';
import { generateAgentTeam, levelSizes } from './agent-data';
import { createBenchDatabase } from './support/database';
import { loadAverage, percentile, type SerialRow, timeSerial } from './support/measure';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const LEVELS = Number(process.env.LEVELS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5_000_000);
const DAYS = 60;
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const SLOW_ITERATIONS = Number(process.env.SLOW_ITERATIONS ?? 10);
// SEARCH_ONLY=1: the tree and member calls only (downline search and lists), without the job's 61
// days of figures and the calls that read them: a few minutes instead of a quarter of an hour, for
// measuring the search on a machine that is quiet only briefly.
const SEARCH_ONLY = process.env.SEARCH_ONLY === '1';

function seconds(t0: number) {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const bench = await createBenchDatabase(process.env.DATABASE_URL);
  const started = performance.now();
  try {
    const ctx = await bootstrap(testConfig({ databaseUrl: bench.url, dbPoolSize: 10 }));
    const app = await buildApp(ctx);
    const tz = (await getBrand(ctx.db)).timeZone;
    console.log(`load average before: ${loadAverage()}`);
    // The figures the job keeps: every day of the range once (what its backfill does on a new database).
    async function computeFigures(today: string): Promise<string> {
      const t0 = performance.now();
      const dayTimes: number[] = [];
      for (let day = addDays(today, -DAYS); day <= today; day = addDays(day, 1)) {
        const d0 = performance.now();
        await refreshAgentDay(ctx, day, tz);
        dayTimes.push(performance.now() - d0);
      }
      dayTimes.sort((a, b) => a - b);
      const line =
        `agent figures: ${DAYS + 1} days in ${seconds(t0)} s (one day: median ${(percentile(dayTimes, 50) / 1000).toFixed(2)} s, ` +
        `max ${((dayTimes[dayTimes.length - 1] ?? 0) / 1000).toFixed(2)} s)`;
      console.log(line);
      return line;
    }
    const top = await generateAgentTeam(ctx.db, { members: MEMBERS, levels: LEVELS, rounds: ROUNDS, days: DAYS });

    const today = await dayOf(ctx.db, ctx.now(), tz);
    let jobLine = 'agent figures: not computed (SEARCH_ONLY)';
    if (!SEARCH_ONLY) jobLine = await computeFigures(today);
    await sql`ANALYZE`.execute(ctx.db);

    const token = await issueSession(ctx, ctx.db, { memberId: top, area: 'agent', ip: '127.0.0.1', userAgent: null });
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const pick = (i: number) => (i * 7_654_321 + 12_345) % MEMBERS;
    const from = addDays(today, -29);
    const range = `from=${from}&to=${today}`;
    const start = sql`(${from}::date::timestamp AT TIME ZONE ${tz})`;

    if (!SEARCH_ONLY) {
      // The overview's 30-day figures against an exact count from the rounds.
      const overview = (await get(`/wps/agent/team/overview?${range}`)).json().value;
      const exact = (
        await sql<{ active: number; bets: string }>`
          SELECT count(DISTINCT vr.member_id)::int AS active, sum(vr.bet_amount)::bigint AS bets
          FROM agent_tree t JOIN vendor_rounds vr ON vr.member_id = t.member_id
          WHERE t.ancestor_id = ${top} AND t.depth >= 1 AND vr.status = 'closed' AND vr.closed_at >= ${start}`.execute(
          ctx.db,
        )
      ).rows[0];
      const exactActive = Number(exact?.active ?? 0);
      console.log(
        `30-day team: size ${overview.teamSize}, active members ${overview.current.activeMembers} (exact ${exactActive}, ` +
          `${(((overview.current.activeMembers - exactActive) / Math.max(1, exactActive)) * 100).toFixed(2)}%), ` +
          `valid bets ${overview.current.validBets} (exact ${Number(exact?.bets ?? 0) / 100})`,
      );
    }

    const firstId = top + 1;
    const levelFive =
      firstId +
      levelSizes(MEMBERS, LEVELS)
        .slice(0, 4)
        .reduce((a, b) => a + b, 0);
    const midToken = await issueSession(ctx, ctx.db, {
      memberId: levelFive,
      area: 'agent',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const midTeam = Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM agent_tree WHERE ancestor_id = ${levelFive} AND depth >= 1`.execute(ctx.db)
      ).rows[0]?.n,
    );

    const results: SerialRow[] = [];
    results.push(
      await timeSerial('reference: SELECT one member by primary key (SQL)', ITERATIONS, async (i) => {
        await sql`SELECT id, username FROM members WHERE id = ${firstId + pick(i)}`.execute(ctx.db);
      }),
    );
    if (!SEARCH_ONLY)
      results.push(
        await timeSerial('team overview of the top agent, 30 days and the previous 30 (API)', ITERATIONS, async () => {
          await get(`/wps/agent/team/overview?${range}`);
        }),
      );
    if (!SEARCH_ONLY)
      results.push(
        await timeSerial(
          `team overview of a level-5 sub-agent (team ${midTeam}), 30 days (API)`,
          ITERATIONS,
          async () => {
            const res = await app.inject({
              method: 'GET',
              url: `/wps/agent/team/overview?${range}`,
              headers: { authorization: midToken },
            });
            if (res.statusCode !== 200) throw new Error(res.body);
          },
        ),
      );
    results.push(
      await timeSerial("downline search, all levels: username prefix 'team12345' (API)", ITERATIONS, async (i) => {
        await get(`/wps/agent/downlines?scope=all&q=team${String(pick(i)).slice(0, 5)}&pageSize=20`);
      }),
    );
    results.push(
      await timeSerial("downline search, all levels: username partial 'eam3141' (API)", ITERATIONS, async (i) => {
        await get(`/wps/agent/downlines?scope=all&q=eam${String(pick(i)).slice(0, 4)}&pageSize=20`);
      }),
    );
    results.push(
      await timeSerial('downline list, direct, newest first (API)', ITERATIONS, async () => {
        await get('/wps/agent/downlines?scope=direct&pageSize=20');
      }),
    );
    results.push(
      await timeSerial('downline list, all levels, newest first (API)', Math.min(ITERATIONS, 50), async () => {
        await get('/wps/agent/downlines?scope=all&pageSize=20');
      }),
    );
    if (!SEARCH_ONLY) {
      results.push(
        await timeSerial('team betting by game type, 7 days, from the rounds (API)', SLOW_ITERATIONS, async () => {
          await get(`/wps/agent/team/bets?from=${addDays(today, -6)}&to=${today}&groupBy=gameType`);
        }),
      );
      results.push(
        await timeSerial('user loss statements, 30 days, from the daily figures (API)', SLOW_ITERATIONS, async () => {
          await get(`/wps/agent/team/loss?${range}`);
        }),
      );
      // Before: the overview's round figures scanned from the rounds per request (both periods).
      const prevStart = sql`(${addDays(from, -30)}::date::timestamp AT TIME ZONE ${tz})`;
      results.push(
        await timeSerial('before: 60 days of team rounds scanned per request (SQL)', SLOW_ITERATIONS, async () => {
          await sql`
            SELECT vr.closed_at >= ${start} AS current, count(*), sum(vr.bet_amount), sum(vr.win_amount),
              count(DISTINCT vr.member_id)
            FROM agent_tree t JOIN vendor_rounds vr ON vr.member_id = t.member_id
            WHERE t.ancestor_id = ${top} AND t.depth >= 1 AND vr.status = 'closed' AND vr.closed_at >= ${prevStart}
            GROUP BY 1`.execute(ctx.db);
        }),
      );
    }

    const counts = await sql<{ members: number; rounds: number; tree: number; member_days: number; team_days: number }>`
      SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM vendor_rounds)::int AS rounds,
        (SELECT count(*) FROM agent_tree)::int AS tree, (SELECT count(*) FROM agent_member_days)::int AS member_days,
        (SELECT count(*) FROM agent_team_days)::int AS team_days`.execute(ctx.db);
    const c = counts.rows[0];
    console.log(
      `\nPostgreSQL; team ${MEMBERS} members on ${LEVELS} levels (members table ${c?.members}), rounds ${c?.rounds}, ` +
        `agent_tree ${c?.tree} rows, ${c?.member_days} member-day and ${c?.team_days} team-day rows; ` +
        `${ITERATIONS} calls each (${SLOW_ITERATIONS} for the scans) after 5 warm-up calls, one client`,
    );
    console.log(jobLine);
    console.log('| call | calls | p50 ms | p99 ms | max ms |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const r of results)
      console.log(`| ${r.label} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`);
    console.log(`\nload average after: ${loadAverage()}; whole run ${seconds(started)} s`);
    await app.close();
    await ctx.database.close();
  } finally {
    await bench.drop();
  }
}

await main();
