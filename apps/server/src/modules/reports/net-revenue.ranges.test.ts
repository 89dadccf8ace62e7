import { NGR_REPORT_SORTS } from '@gamehall/shared/api/reports';
import { addDays } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { call } from '../cashier/cashier.fixtures';
import { post, postAdjustment } from '../ledger/ledger.service';
import { dayOf } from './reports.queries';
import { keepNgrRanges, ngrRanges, refreshDay, refreshRollups } from './reports.service';

// The ranges of the net revenue report summed ahead (net-revenue.queries.ts buildRange and the
// day refresh's rangeDeltas) must answer exactly what summing the days answers: every grouping
// that reads them, every sort both ways, paging, and the totals, on a hand-built fixture, then
// after a late round on a day already rolled up, a vendor's corrected result, a rolled-back round
// and a balance correction. "The days" is the same report with the ranges dropped.

let t: TestApp;
let admin: string;
let today: string;
let tz: string;
let currency: string;
let nodes: number[];
let seq = 0;
/** Members of the fixture: one who played 10 days ago only, one who played 3 days ago. */
let tenDaysOnly: number;
let threeDays: number;
const dayMs = 24 * 3600_000;

type Row = { key: string } & Record<string, unknown>;
type Report = { list: Row[]; total: number; totals: Record<string, number>; notByGame: unknown };

function ago(days: number, minutes = 0) {
  return new Date(t.ctx.now().getTime() - days * dayMs - minutes * 60_000);
}

async function rebate(memberId: number, amount: number) {
  seq++;
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      type: 'bonus.rebate',
      idempotencyKey: `ngr-ranges-${seq}`,
      reference: `NGRG${seq}`,
      entries: [
        { account: { house: 'promotions-expense', currency }, amount: -amount },
        { account: { member: memberId, currency }, amount },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  tz = brand.timeZone;
  currency = brand.currency;
  today = await dayOf(t.ctx.db, t.ctx.now(), tz);
  // Games of two vendors and two game types where the catalogue has them.
  const games = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code', 'game_type'])
    .where('status', '=', 'active')
    .orderBy('node_id')
    .execute();
  const picked: typeof games = [];
  for (const g of games)
    if (!picked.some((p) => p.vendor_code === g.vendor_code && p.game_type === g.game_type)) picked.push(g);
  nodes = picked.slice(0, 4).map((g) => Number(g.node_id));
  expect(nodes.length).toBeGreaterThanOrEqual(2);
  const node = (i: number) => nodes[i % nodes.length] as number;
  // Members over today, yesterday, 3 and 10 days ago (the last 7 and 30 days differ), equal GGRs
  // (the key breaks ties), winners, a member with a rebate and no rounds, one whose rebate exceeds
  // the GGR.
  const plays: { bet: number; win: number; days: number; node: number }[][] = [
    [{ bet: 5_000, win: 0, days: 0, node: 0 }],
    [{ bet: 5_000, win: 0, days: 1, node: 1 }],
    [
      { bet: 1_000, win: 3_000, days: 0, node: 2 },
      { bet: 800, win: 0, days: 10, node: 3 },
    ],
    [{ bet: 2_000, win: 1_000, days: 3, node: 1 }],
    [],
    [
      { bet: 700, win: 0, days: 1, node: 0 },
      { bet: 900, win: 100, days: 0, node: 3 },
      { bet: 300, win: 0, days: 10, node: 2 },
    ],
    [{ bet: 2_500, win: 0, days: 3, node: 2 }],
    [{ bet: 600, win: 0, days: 10, node: 1 }],
  ];
  const rebates = [0, 100, 0, 3_000, 250, 0, 0, 0];
  for (const [i, rounds] of plays.entries()) {
    const m = await createMember(t.ctx);
    if (i === 6) threeDays = m.id;
    if (i === 7) tenDaysOnly = m.id;
    for (const r of rounds)
      await insertRound(t.ctx, { memberId: m.id, nodeId: node(r.node), bet: r.bet, win: r.win, at: ago(r.days) });
    if ((rebates[i] ?? 0) > 0) await rebate(m.id, rebates[i] as number);
  }
  await refreshRollups(t.ctx);
  // The job fills in the older days a few at a time; the fixture's days all count from here.
  for (const d of [3, 10]) await refreshDay(t.ctx, addDays(today, -d), tz);
});
afterAll(() => t.close());

async function report(query: string): Promise<Report> {
  const res = await call(t, 'GET', `/admin/reports/ngr?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Report;
}

/**
 * The report of a grouping under `sorts` (each both ways, one page of 200), and page by page
 * (pages of 3) under the first sort ascending and the second descending, equal to the whole.
 */
async function everyWay(range: string, groupBy: string, filter: string, sorts: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const [i, sort] of sorts.entries())
    for (const order of ['asc', 'desc']) {
      const q = `${range}&groupBy=${groupBy}${filter}&sort=${sort}&order=${order}`;
      const whole = await report(`${q}&pageSize=200`);
      if ((i === 0 && order === 'asc') || (i === 1 && order === 'desc')) {
        const pages: Row[] = [];
        for (let n = 1; n <= Math.ceil(whole.total / 3) + 1; n++) {
          const p = await report(`${q}&pageSize=3&pageNo=${n}`);
          expect(p.total).toBe(whole.total);
          pages.push(...p.list);
        }
        expect(pages, `${groupBy}${filter} ${sort} ${order} by pages`).toEqual(whole.list);
      }
      out[`${sort} ${order}`] = whole;
    }
  return out;
}

const GAME_GROUPINGS = ['game', 'gameType', 'vendor'];

/**
 * Each maintained range's reports read from the ranges, then with the ranges dropped (the days):
 * over the last 30 days, players under every sort and `extra` (filtered game groupings); over the
 * others, players and the game groupings by key and GGR.
 */
async function compareAll(extra: [string, string][] = []) {
  const ranges = ngrRanges(today);
  const summedAhead = await t.ctx.db.selectFrom('report_ngr_ranges').select(['from_day', 'to_day']).execute();
  expect(summedAhead.length).toBe(ranges.length);
  const last30 = `from=${addDays(today, -29)}&to=${today}`;
  const few = ['key', 'ggr'];
  const all = async () => {
    const out: Record<string, unknown> = {};
    out['30 days player'] = await everyWay(last30, 'player', '', NGR_REPORT_SORTS);
    for (const r of ranges) {
      const range = `from=${r.from}&to=${r.to}`;
      if (range !== last30) out[`${range} player`] = await everyWay(range, 'player', '', few);
      for (const g of GAME_GROUPINGS) out[`${range} ${g}`] = await everyWay(range, g, '', few);
    }
    for (const [g, f] of extra) out[`30 days ${g}${f}`] = await everyWay(last30, g, f, few);
    return out;
  };
  const fast = await all();
  await expectRangesAreSums();
  await t.ctx.db.deleteFrom('report_ngr_ranges').execute();
  const days = await all();
  expect(fast).toEqual(days);
  await keepNgrRanges(t.ctx, today);
}

/** Every range row equals the sum of its days' rows, and each range counts its members. */
async function expectRangesAreSums() {
  const members = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT r.id, m.member_id, count(*)::int AS days, sum(m.bet_amount)::bigint AS bet, sum(m.win_amount)::bigint AS win,
          sum(m.rebate)::bigint AS rebate, sum(m.provider_fee)::bigint AS fee, sum(m.manual)::bigint AS manual
        FROM report_ngr_ranges r JOIN report_daily_ngr_members m ON m.day BETWEEN r.from_day AND r.to_day
        GROUP BY r.id, m.member_id
       EXCEPT
       SELECT range_id, member_id, days, bet_amount, win_amount, rebate, provider_fee, manual FROM report_ngr_range_members)
      UNION ALL
      (SELECT range_id, member_id, days, bet_amount, win_amount, rebate, provider_fee, manual FROM report_ngr_range_members
       EXCEPT
       SELECT r.id, m.member_id, count(*)::int, sum(m.bet_amount)::bigint, sum(m.win_amount)::bigint,
          sum(m.rebate)::bigint, sum(m.provider_fee)::bigint, sum(m.manual)::bigint
        FROM report_ngr_ranges r JOIN report_daily_ngr_members m ON m.day BETWEEN r.from_day AND r.to_day
        GROUP BY r.id, m.member_id)
    ) x`.execute(t.ctx.db);
  expect(members.rows[0]?.n).toBe(0);
  const games = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT r.id, g.vendor_code, g.game_type, g.game_code, count(*)::int, sum(g.bet_amount)::bigint, sum(g.win_amount)::bigint
        FROM report_ngr_ranges r JOIN report_daily_ngr_games g ON g.day BETWEEN r.from_day AND r.to_day
        GROUP BY 1, 2, 3, 4
       EXCEPT SELECT range_id, vendor_code, game_type, game_code, days, bet_amount, win_amount FROM report_ngr_range_games)
      UNION ALL
      (SELECT range_id, vendor_code, game_type, game_code, days, bet_amount, win_amount FROM report_ngr_range_games
       EXCEPT
       SELECT r.id, g.vendor_code, g.game_type, g.game_code, count(*)::int, sum(g.bet_amount)::bigint, sum(g.win_amount)::bigint
        FROM report_ngr_ranges r JOIN report_daily_ngr_games g ON g.day BETWEEN r.from_day AND r.to_day
        GROUP BY 1, 2, 3, 4)
    ) x`.execute(t.ctx.db);
  expect(games.rows[0]?.n).toBe(0);
  const counts = await sql<{ members: number; n: number }>`
    SELECT r.members, (SELECT count(*)::int FROM report_ngr_range_members m WHERE m.range_id = r.id) AS n
    FROM report_ngr_ranges r`.execute(t.ctx.db);
  for (const c of counts.rows) expect(c.members).toBe(c.n);
}

describe('the net revenue report over a range summed ahead', () => {
  it('keeps today, yesterday, the last 7 and 30 days and the month so far', async () => {
    const rows = await t.ctx.db
      .selectFrom('report_ngr_ranges')
      .select([sql<string>`from_day::text`.as('from'), sql<string>`to_day::text`.as('to')])
      .orderBy('from_day')
      .orderBy('to_day')
      .execute();
    const month = `${today.slice(0, 8)}01`;
    const expected = [
      { from: today, to: today },
      { from: addDays(today, -1), to: addDays(today, -1) },
      { from: addDays(today, -6), to: today },
      { from: addDays(today, -29), to: today },
      { from: month, to: today },
    ];
    const unique = expected.filter((r, i) => expected.findIndex((o) => o.from === r.from && o.to === r.to) === i);
    expect(rows).toEqual(unique.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)));
    // The 30 days hold every member of the fixture, the 7 days not the plays of 10 days ago alone.
    const last30 = await report(`from=${addDays(today, -29)}&to=${today}&groupBy=player&pageSize=200`);
    expect(last30.total).toBeGreaterThanOrEqual(7);
  });

  it('answers every grouping, sort and page as summing the days does', async () => {
    const vendor = (await report(`from=${addDays(today, -29)}&to=${today}&groupBy=vendor`)).list[0]?.key as string;
    const gameType = (await report(`from=${addDays(today, -29)}&to=${today}&groupBy=gameType`)).list[0]?.key as string;
    await compareAll([
      ['vendor', `&gameType=${gameType}`],
      ['game', `&vendor=${vendor}`],
      ['gameType', `&vendor=${vendor}&gameType=${gameType}`],
    ]);
  });

  it('follows a late round on a day already rolled up, a corrected result, a rollback and a correction', async () => {
    const before = await report(`from=${addDays(today, -29)}&to=${today}&groupBy=player&sort=key&pageSize=200`);
    // A new member whose only round, opened yesterday, closes now, after yesterday was computed
    // (the games report counts it yesterday, when it opened; the net revenue today, when it closed).
    const late = await createMember(t.ctx);
    const roundId = `late-${late.id}`;
    await insertRound(t.ctx, {
      memberId: late.id,
      nodeId: nodes[0] as number,
      bet: 1_200,
      win: 200,
      at: ago(1, 5),
      roundId,
    });
    await t.ctx.db
      .updateTable('vendor_rounds')
      .set({ closed_at: t.ctx.now() })
      .where('round_id', '=', roundId)
      .execute();
    // A vendor corrects a result of 3 days ago; the only round of a member, 10 days ago, is rolled
    // back (the member leaves the 30 days); an operator corrects a member's balance today.
    await t.ctx.db.updateTable('vendor_rounds').set({ win_amount: 4_000 }).where('member_id', '=', threeDays).execute();
    await t.ctx.db
      .updateTable('vendor_rounds')
      .set({ status: 'rolled_back' })
      .where('member_id', '=', tenDaysOnly)
      .execute();
    seq++;
    await t.ctx.db.transaction().execute((trx) =>
      postAdjustment(trx, {
        memberId: threeDays,
        currency,
        amount: 150,
        idempotencyKey: `ngr-ranges-adj-${seq}`,
        reference: `ADJ-R${seq}`,
      }),
    );
    await refreshRollups(t.ctx); // today and yesterday
    for (const d of [3, 10]) await refreshDay(t.ctx, addDays(today, -d), tz); // as an operator's recompute
    await compareAll();
    const last30 = await report(`from=${addDays(today, -29)}&to=${today}&groupBy=player&sort=key&pageSize=200`);
    // One member came (the late round), one went (the rollback).
    expect(last30.total).toBe(before.total);
    expect(last30.list.find((r) => r.memberId === late.id)).toMatchObject({ ggr: 10 });
    expect(last30.list.find((r) => r.memberId === tenDaysOnly)).toBeUndefined();
    expect(last30.list.find((r) => r.memberId === threeDays)).toMatchObject({ ggr: -15, manual: 1.5 });
  });
});
