// Contract settlement at scale ("settling a period for 10,000 contracts under 60 s"): on
// PostgreSQL, the agent team of bench/agent-data.ts (MEMBERS members on LEVELS levels, ROUNDS closed
// rounds over 60 days; an eighth of each level are sub-agents so the tree holds more than CONTRACTS
// agents), then CONTRACTS active daily-salary contracts held by the top agent (from the operator)
// and the first sub-agents by level, each from its own upline, with three tiers whose rates fall by
// level (a downline's headline rate never above its upline's, spec §4). The contracts are inserted
// straight (the invariants of contracts.service: one open contract per holder and kind, the upline
// is the holder's direct upline and holds one itself with a rate at least as high), accepted at the
// start of yesterday in the brand's zone, so the job owes exactly one window: yesterday.
//
// Then the job function the scheduler calls (dailySalaryJob.run; with KIND=dividend the same tree
// holds daily dividend contracts, settled by dividendJob on net gaming revenue) settles it: wall time, statements,
// lines and postings written, the ledger invariants (verifyLedger, what `npm run ledger:verify`
// runs) and the books of the commissions house account against the paid statements; then a rerun,
// which must write and pay nothing. Side by side: a primary-key lookup of a member in the same run.
//
//   bash scripts/pg-cluster.sh start /tmp/pg-server-bench      (prints the URL)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/agent-settlement.ts
//   MEMBERS=20000 ROUNDS=1000000 CONTRACTS=2000 ...            (smaller sizes; the output says which)
//
// The bench creates and drops its own database on that server.
import { sql } from 'kysely';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { refreshAgentDay } from '../apps/server/src/modules/agents/agent-stats.service';
import { dailySalaryJob, dividendJob } from '../apps/server/src/modules/agents/settlement.jobs';
import { branchFigures } from '../apps/server/src/modules/agents/settlement.queries';
import { HOUSE_ACCOUNT, windowDays, windowOf } from '../apps/server/src/modules/agents/settlement.service';
import { getBrand } from '../apps/server/src/modules/brand/brand.service';
import { houseBalance, verifyLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { generateAgentTeam } from './agent-data';
import { createBenchDatabase } from './support/database';
import { loadAverage, timeSerial } from './support/measure';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const LEVELS = Number(process.env.LEVELS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5_000_000);
const CONTRACTS = Number(process.env.CONTRACTS ?? 10_000);
const AGENT_SHARE = Number(process.env.AGENT_SHARE ?? 0.125);
const DAYS = 60;
/** daily_salary (valid bets) or dividend (daily; net gaming revenue, memberRevenueSql's ledger scan). */
const KIND = process.env.KIND === 'dividend' ? 'dividend' : 'daily_salary';
const job = KIND === 'dividend' ? dividendJob : dailySalaryJob;
/** The top agent's headline rate (the daily-salary limit of migration 0028); each level down gives less. */
const TOP_RATE_PPM = 20_000;
const RATE_STEP_PPM = 1_200;

function seconds(t0: number) {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

type Books = { statements: number; held: number; paid: number; paidAmount: number; lines: number; postings: number };

async function books(db: Parameters<typeof verifyLedger>[0]): Promise<Books> {
  const r = await sql<{
    statements: number;
    held: number;
    paid: number;
    paid_amount: string | null;
    lines: number;
    postings: number;
  }>`
    SELECT (SELECT count(*) FROM contract_statements)::int AS statements,
      (SELECT count(*) FROM contract_statements WHERE status = 'held')::int AS held,
      (SELECT count(*) FROM contract_statements WHERE status = 'paid' AND amount > 0)::int AS paid,
      (SELECT sum(amount) FROM contract_statements WHERE status = 'paid')::bigint AS paid_amount,
      (SELECT count(*) FROM contract_statement_lines)::int AS lines,
      (SELECT count(*) FROM ledger_postings WHERE type LIKE 'commission.%')::int AS postings`.execute(db);
  const b = r.rows[0];
  return {
    statements: Number(b?.statements ?? 0),
    held: Number(b?.held ?? 0),
    paid: Number(b?.paid ?? 0),
    paidAmount: Number(b?.paid_amount ?? 0),
    lines: Number(b?.lines ?? 0),
    postings: Number(b?.postings ?? 0),
  };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const bench = await createBenchDatabase(process.env.DATABASE_URL);
  const started = performance.now();
  try {
    const ctx = await bootstrap(testConfig({ databaseUrl: bench.url, dbPoolSize: 10 }));
    const brand = await getBrand(ctx.db);
    console.log(`load average before: ${loadAverage()}`);
    const top = await generateAgentTeam(ctx.db, {
      members: MEMBERS,
      levels: LEVELS,
      rounds: ROUNDS,
      days: DAYS,
      agentShare: AGENT_SHARE,
    });

    // Yesterday in the brand's zone: the one window the contracts owe.
    const today = windowOf('daily', ctx.now(), brand.timeZone);
    const w = windowOf('daily', new Date(today.start.getTime() - 1), brand.timeZone);
    const tiers = (rate: number) =>
      JSON.stringify([
        { minValidBet: 0, minActiveMembers: 1, ratePpm: Math.floor(rate / 2) },
        { minValidBet: 200_000, minActiveMembers: 3, ratePpm: Math.floor((rate * 3) / 4) },
        { minValidBet: 100_000_000, minActiveMembers: 100, ratePpm: rate },
      ]);
    const rates = Array.from({ length: LEVELS }, (_, depth) => ({ depth, rate: TOP_RATE_PPM - depth * RATE_STEP_PPM }));
    const t0 = performance.now();
    await sql`
      WITH holders AS (
        SELECT m.id, m.upline_id, t.depth FROM members m
          JOIN agent_tree t ON t.ancestor_id = ${top} AND t.member_id = m.id
         WHERE m.type IN (1, 2) ORDER BY m.id LIMIT ${CONTRACTS}
      ), r AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(
          rates.map((x) => ({ ...x, tiers: JSON.parse(tiers(x.rate)) })),
        )}::jsonb) AS r(depth int, rate int, tiers jsonb)
      )
      INSERT INTO contracts (kind, period, tiers, rate_ppm, upline_id, holder_id, status, created_at, accepted_at,
        updated_at)
      SELECT ${KIND}, 'daily', r.tiers, r.rate, CASE WHEN h.id = ${top} THEN NULL ELSE h.upline_id END, h.id,
        'active', ${w.start}, ${w.start}, ${w.start}
        FROM holders h JOIN r ON r.depth = h.depth`.execute(ctx.db);
    const check = (
      await sql<{ n: number; bad_upline: number; bad_rate: number; levels: number }>`
        SELECT count(*)::int AS n,
          count(*) FILTER (WHERE c.upline_id IS NOT NULL AND u.id IS NULL)::int AS bad_upline,
          count(*) FILTER (WHERE u.rate_ppm < c.rate_ppm)::int AS bad_rate,
          count(DISTINCT t.depth)::int AS levels
          FROM contracts c
          JOIN agent_tree t ON t.ancestor_id = ${top} AND t.member_id = c.holder_id
          LEFT JOIN contracts u ON u.holder_id = c.upline_id AND u.kind = c.kind AND u.status = 'active'`.execute(
        ctx.db,
      )
    ).rows[0];
    if (!check || check.n !== CONTRACTS || check.bad_upline > 0 || check.bad_rate > 0)
      throw new Error(`contracts not as meant: ${JSON.stringify(check)}`);
    const windowRounds = (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM vendor_rounds
         WHERE status = 'closed' AND closed_at >= ${w.start} AND closed_at < ${w.end}`.execute(ctx.db)
    ).rows[0]?.n;
    await sql`ANALYZE contracts`.execute(ctx.db);
    console.log(
      `contracts: ${CONTRACTS} ${KIND} contracts on ${check.levels} levels in ${seconds(t0)} s; ` +
        `window ${w.start.toISOString()} to ${w.end.toISOString()} with ${windowRounds} closed rounds`,
    );

    const reference = await timeSerial('reference: SELECT one member by primary key (SQL)', 200, async (i) => {
      await sql`SELECT id, username FROM members WHERE id = ${top + 1 + ((i * 7_654_321) % MEMBERS)}`.execute(ctx.db);
    });

    // Where the time goes: the set-based figures query alone (the job runs it once per window), and
    // the rest, which is per statement (its payout posting through wallet.post) and per batch.
    // A dividend reads its window's settled days: settle them first (as the job would), untimed.
    const days = windowDays(w, brand.timeZone);
    if (KIND === 'dividend')
      for (const d of days.list) await refreshAgentDay(ctx, d, brand.timeZone, { ngr: brand.agentNgr, settle: true });
    const tq = performance.now();
    const branches = await branchFigures(ctx.db, KIND, 'daily', w.start, w.end, days);
    const figuresMs = performance.now() - tq;

    const houseBefore = await houseBalance(ctx.db, HOUSE_ACCOUNT, brand.currency);
    const t1 = performance.now();
    const written = await job.run(ctx);
    const settleMs = performance.now() - t1;
    const after = await books(ctx.db);
    const houseAfter = await houseBalance(ctx.db, HOUSE_ACCOUNT, brand.currency);
    const t2 = performance.now();
    const ledger = await verifyLedger(ctx.db);
    const verifyMs = performance.now() - t2;

    const t3 = performance.now();
    const rewritten = await job.run(ctx);
    const rerunMs = performance.now() - t3;
    const again = await books(ctx.db);
    const houseAgain = await houseBalance(ctx.db, HOUSE_ACCOUNT, brand.currency);
    const unsettled = (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM contracts WHERE settled_until IS NULL OR settled_until < ${w.end}`.execute(
        ctx.db,
      )
    ).rows[0]?.n;

    const problems: string[] = [];
    if (!ledger.ok) problems.push(`ledger: ${ledger.violations.slice(0, 5).join('; ')}`);
    if (after.postings !== after.paid) problems.push(`${after.postings} postings for ${after.paid} paid statements`);
    if (houseBefore - houseAfter !== after.paidAmount)
      problems.push(`house account moved ${houseBefore - houseAfter}, paid statements sum to ${after.paidAmount}`);
    if (rewritten !== 0 || JSON.stringify(again) !== JSON.stringify(after) || houseAgain !== houseAfter)
      problems.push(`the rerun wrote ${rewritten} statements: ${JSON.stringify(again)}`);
    if (unsettled !== 0) problems.push(`${unsettled} contracts not settled for the window`);

    const counts = await sql<{ members: number; rounds: number; tree: number }>`
      SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM vendor_rounds)::int AS rounds,
        (SELECT count(*) FROM agent_tree)::int AS tree`.execute(ctx.db);
    const c = counts.rows[0];
    console.log(
      `\nPostgreSQL; team ${MEMBERS} members on ${LEVELS} levels (members table ${c?.members}, a share of ` +
        `${AGENT_SHARE} of each level sub-agents), rounds ${c?.rounds}, agent_tree ${c?.tree} rows; ` +
        `${CONTRACTS} ${KIND} contracts, one daily window (${windowRounds} rounds)`,
    );
    console.log('| measure | figure |');
    console.log('| --- | ---: |');
    console.log(
      `| reference: primary-key lookup of a member, p50 / p99 (200 calls) | ${reference.p50.toFixed(2)} / ${reference.p99.toFixed(2)} ms |`,
    );
    console.log(`| settlement of the window (${job.name} job), wall time | ${(settleMs / 1000).toFixed(2)} s |`);
    console.log(
      `| of which the branch figures query (run alone before, ${branches.length} rows) | ${(figuresMs / 1000).toFixed(2)} s |`,
    );
    console.log(`| statements written (returned by the job) | ${written} |`);
    console.log(`| statement lines | ${after.lines} |`);
    console.log(`| paid statements / postings | ${after.paid} / ${after.postings} |`);
    console.log(`| held statements (at or above the hold threshold) | ${after.held} |`);
    console.log(`| paid in total (minor units) | ${after.paidAmount} |`);
    console.log(`| commissions house account moved by (minor units) | ${houseBefore - houseAfter} |`);
    console.log(
      `| ledger verify (${ledger.counts.postings} postings, ${ledger.counts.entries} entries) | ${ledger.ok ? 'OK' : 'FAILED'} in ${(verifyMs / 1000).toFixed(2)} s |`,
    );
    console.log(
      `| rerun: wall time, statements written, postings after | ${(rerunMs / 1000).toFixed(2)} s, ${rewritten}, ${again.postings} |`,
    );
    console.log(`\nload average after: ${loadAverage()}; whole run ${seconds(started)} s`);
    if (problems.length > 0) {
      console.log(`PROBLEMS:\n- ${problems.join('\n- ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        'checks: ledger verifies, one posting per paid statement, house account = paid total, rerun pays nothing',
      );
    }
    await ctx.database.close();
  } finally {
    await bench.drop();
  }
}

await main();
