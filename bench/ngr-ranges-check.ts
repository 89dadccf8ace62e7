// The worst case of keeping the NGR ranges summed ahead, on a database bench/console.ts kept
// (BENCH_DATABASE): yesterday recomputed when every member-day row of it changed (each row and the
// ranges holding it are first moved by one minor unit, consistently, so the recompute takes it back
// from every member: about 300,000 rows into four ranges), timed; then the last 30 days' range
// checked against the sums of its days, row by row.
//
//   DATABASE_URL=<server> BENCH_DATABASE=<kept database> node --import tsx bench/ngr-ranges-check.ts

import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { getBrand } from '../apps/server/src/modules/brand/brand.service';
import { dayOf } from '../apps/server/src/modules/reports/reports.queries';
import { refreshDay } from '../apps/server/src/modules/reports/reports.service';
import { loadAverage } from './support/measure';

const url = process.env.BENCH_DATABASE;
if (!url) throw new Error('BENCH_DATABASE (a database bench/console.ts kept) is required');
const ctx = await bootstrap(testConfig({ databaseUrl: url, catalogueSlots: 10_400, dbPoolSize: 4 }));
const tz = (await getBrand(ctx.db)).timeZone;
const today = await dayOf(ctx.db, ctx.now(), tz);
const day = addDays(today, -1);
console.log(`load average before: ${loadAverage()}`);

await ctx.db.transaction().execute(async (trx) => {
  await sql`
    UPDATE report_ngr_range_members rm SET bet_amount = rm.bet_amount + 1
    FROM report_ngr_ranges r, report_daily_ngr_members m
    WHERE rm.range_id = r.id AND r.from_day <= ${day}::date AND r.to_day >= ${day}::date
      AND m.day = ${day}::date AND m.member_id = rm.member_id`.execute(trx);
  const moved =
    await sql`UPDATE report_daily_ngr_members SET bet_amount = bet_amount + 1 WHERE day = ${day}::date`.execute(trx);
  console.log(`${day}: ${moved.numAffectedRows} member rows moved by one unit`);
});
let t0 = performance.now();
await refreshDay(ctx, day, tz);
console.log(`recompute of ${day}, every member row changed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

t0 = performance.now();
const diff = await sql<{ n: number }>`
  WITH r AS (SELECT id FROM report_ngr_ranges WHERE from_day = ${addDays(today, -29)}::date AND to_day = ${today}::date),
  days AS (
    SELECT member_id, count(*)::int AS days, sum(bet_amount)::bigint AS bet, sum(win_amount)::bigint AS win,
      sum(bonus + rebate + mission + ticket + referral + vip + points + manual + commission + provider_fee + payment_fee)::bigint AS d
    FROM report_daily_ngr_members WHERE day >= ${addDays(today, -29)}::date AND day <= ${today}::date GROUP BY member_id
  ),
  kept AS (SELECT member_id, days, bet_amount AS bet, win_amount AS win, deductions AS d FROM report_ngr_range_members
    WHERE range_id = (SELECT id FROM r))
  SELECT count(*)::int AS n FROM ((SELECT * FROM days EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM days)) x`.execute(
  ctx.db,
);
const members = await sql<{ members: number; rows: number }>`
  SELECT r.members, (SELECT count(*)::int FROM report_ngr_range_members m WHERE m.range_id = r.id) AS rows
  FROM report_ngr_ranges r WHERE from_day = ${addDays(today, -29)}::date AND to_day = ${today}::date`.execute(ctx.db);
console.log(
  `last 30 days' range against its days: ${diff.rows[0]?.n} differing rows; members ${members.rows[0]?.members}, ` +
    `rows ${members.rows[0]?.rows} (checked in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);
console.log(`load average after: ${loadAverage()}`);
await ctx.database.close();
