import { NGR_REPORT_SORTS } from '@gamehall/shared/api/reports';
import { addDays } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { call } from '../cashier/cashier.fixtures';
import { post } from '../ledger/ledger.service';
import { dayOf } from './reports.queries';
import { refreshRollups } from './reports.service';

// The net revenue report by player ranks the members by the sort column alone and then sums the
// figures of the page's members (net-revenue.queries.ts playerPage): every sort, both orders and
// every page must give the rows of the whole list sorted by that figure, ties by the key as text.

let t: TestApp;
let admin: string;
let from: string;
let to: string;
let nodeId: number;

type Row = { key: string; memberId: number } & Record<string, number | string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  to = await dayOf(t.ctx.db, t.ctx.now(), brand.timeZone);
  from = addDays(to, -1);
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  nodeId = Number(game.node_id);
  const yesterday = new Date(t.ctx.now().getTime() - 24 * 3600_000);
  // Amounts in minor units: two members of equal GGR (the key breaks the tie), one who won, one
  // whose rebate exceeds the GGR, one with a rebate and no rounds, and GGR over two days.
  const plays = [
    [{ bet: 5_000, win: 0 }],
    [{ bet: 5_000, win: 0 }],
    [{ bet: 1_000, win: 3_000 }],
    [{ bet: 2_000, win: 1_000, at: yesterday }],
    [],
    [
      { bet: 700, win: 0, at: yesterday },
      { bet: 900, win: 100 },
    ],
  ];
  const rebates = [0, 100, 0, 3_000, 250, 0];
  let seq = 0;
  for (const [i, rounds] of plays.entries()) {
    const m = await createMember(t.ctx);
    for (const r of rounds) await insertRound(t.ctx, { memberId: m.id, nodeId, ...r });
    const rebate = rebates[i] ?? 0;
    if (rebate > 0)
      await t.ctx.db.transaction().execute((trx) =>
        post(trx, {
          type: 'bonus.rebate',
          idempotencyKey: `ngr-players-${++seq}`,
          reference: `NGRP${seq}`,
          entries: [
            { account: { house: 'promotions-expense', currency: brand.currency }, amount: -rebate },
            { account: { member: m.id, currency: brand.currency }, amount: rebate },
          ],
        }),
      );
  }
  await refreshRollups(t.ctx);
});
afterAll(() => t.close());

async function page(query: string) {
  const res = await call(t, 'GET', `/admin/reports/ngr?from=${from}&to=${to}&groupBy=player&${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { list: Row[]; total: number };
}

/** The figure a sort orders by (the key: the member id as text). */
function sortValue(row: Row, sort: string): number | string {
  return sort === 'key' ? row.key : (row[sort] as number);
}

describe('the net revenue report by player', () => {
  it('orders every page as the whole list sorted by the column, ties by the key as text', async () => {
    const all = (await page('sort=key&order=asc&pageSize=200')).list;
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const sort of NGR_REPORT_SORTS)
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const cmp = (a: number | string, b: number | string) => (a < b ? -sign : a > b ? sign : 0);
        const expected = [...all].sort((a, b) => cmp(sortValue(a, sort), sortValue(b, sort)) || cmp(a.key, b.key));
        const whole = await page(`sort=${sort}&order=${order}&pageSize=200`);
        expect(whole.list, `${sort} ${order}`).toEqual(expected);
        const pages: Row[] = [];
        for (let n = 1; n <= Math.ceil(all.length / 4); n++) {
          const p = await page(`sort=${sort}&order=${order}&pageSize=4&pageNo=${n}`);
          expect(p.total, `${sort} ${order} page ${n}`).toBe(all.length);
          pages.push(...p.list);
        }
        expect(pages, `${sort} ${order} by pages`).toEqual(expected);
      }
  });

  it('sums a member over the days of the range, and counts the groups past the last page', async () => {
    const all = (await page('sort=ggr&order=desc&pageSize=200')).list;
    const twoDays = all.find((r) => r.betAmount === 16 && r.winAmount === 1);
    expect(twoDays).toMatchObject({ ggr: 15, ngr: 15 });
    const past = await page('sort=ggr&order=desc&pageSize=200&pageNo=5');
    expect(past).toMatchObject({ list: [], total: all.length });
  });

  it('a recompute drops a member whose rounds no longer count and updates one whose figures changed', async () => {
    const gone = await createMember(t.ctx);
    const more = await createMember(t.ctx);
    await insertRound(t.ctx, { memberId: gone.id, nodeId, bet: 4_000 });
    await insertRound(t.ctx, { memberId: more.id, nodeId, bet: 1_000 });
    await refreshRollups(t.ctx);
    expect((await page(`memberId=${gone.id}`)).list).toMatchObject([{ ggr: 40 }]);
    expect((await page(`memberId=${more.id}`)).list).toMatchObject([{ ggr: 10 }]);

    await t.ctx.db
      .updateTable('vendor_rounds')
      .set({ status: 'rolled_back' })
      .where('member_id', '=', gone.id)
      .execute();
    await insertRound(t.ctx, { memberId: more.id, nodeId, bet: 500 });
    await refreshRollups(t.ctx);
    expect(await page(`memberId=${gone.id}`)).toMatchObject({ list: [], total: 0 });
    expect((await page(`memberId=${more.id}`)).list).toMatchObject([{ ggr: 15, providerFee: 0 }]);
    // The vendor rows (from the member-vendor rows) still add up to the day's GGR.
    const byVendor = await call(t, 'GET', `/admin/reports/ngr?from=${from}&to=${to}&groupBy=vendor`, admin);
    const byDay = await call(t, 'GET', `/admin/reports/ngr?from=${from}&to=${to}&groupBy=day`, admin);
    const ggr = (v: { list: { ggr: number }[] }) => Math.round(v.list.reduce((a, r) => a + r.ggr * 100, 0));
    expect(ggr(byVendor.json().value)).toBe(ggr(byDay.json().value));
  });
});
