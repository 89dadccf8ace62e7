import { NGR_FIGURES } from '@gamehall/shared/api/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { refreshAgentStats } from '../agents/agent-stats.service';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { actors, call } from '../cashier/cashier.fixtures';
import { type Posting, post, postAdjustment } from '../ledger/ledger.service';
import { postPoints } from '../ledger/points-ledger.service';
import { dayOf } from './reports.queries';
import { refreshRollups } from './reports.service';

// The operator's net revenue (docs/back-office.md "Net revenue") against a hand-computed day: every
// deduction, the provider fee per vendor and the payment fee from the brand's agentNgr setting, a
// manual adjustment both ways, and an agent commission; reconciled with the games report, the
// agents' dividend base, the cashier report and the dashboard, and each figure with its rows.

let t: TestApp;
let admin: string;
let today: string;
let currency: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  today = await dayOf(t.ctx.db, t.ctx.now(), brand.timeZone);
});
afterAll(() => t.close());

const { member: account, operator } = actors(() => t, createMember);

function get(url: string, token = admin) {
  return call(t, 'GET', url, token);
}

function postNow(p: Omit<Posting, 'idempotencyKey' | 'reference'>) {
  seq++;
  return t.ctx.db
    .transaction()
    .execute((trx) => post(trx, { ...p, idempotencyKey: `ngr-report-${seq}`, reference: `NGRR${seq}` }));
}

/** House money to a member's cash (or bonus balance), as the promotion and agent services post it. */
function pay(type: string, memberId: number, amount: number, kind: 'cash' | 'bonus' = 'cash') {
  return postNow({
    type,
    entries: [
      { account: { house: 'promotions-expense', currency }, amount: -amount },
      { account: { member: memberId, currency, kind }, amount },
    ],
  });
}

function adjust(memberId: number, amount: number) {
  seq++;
  return t.ctx.db.transaction().execute((trx) =>
    postAdjustment(trx, {
      memberId,
      currency,
      amount,
      idempotencyKey: `ngr-report-adj-${seq}`,
      reference: `ADJ-${seq}`,
    }),
  );
}

async function approvedDeposit(token: string, amount: number) {
  const res = await call(t, 'POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount,
    requestId: `ngr-dep-${++seq}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const ref = res.json().value.reference as string;
  expect((await call(t, 'POST', `/admin/cashier/deposits/${ref}/approve`, admin)).statusCode).toBe(200);
}

const ZERO = {
  bonus: 0,
  rebate: 0,
  mission: 0,
  ticket: 0,
  referral: 0,
  vip: 0,
  points: 0,
  manual: 0,
  commission: 0,
  providerFee: 0,
  paymentFee: 0,
};

/**
 * Agent A (top agent) with member M1; M2 under no agent. Provider fees: vendor A 5%, vendor B 2.5%;
 * payment fee 1%. In major units:
 *   M1: 100.00 lost at vendor A (fee 5.00), 0.33 lost at vendor B (fee 0.00825, rounded down: 0),
 *       a 3.00 rebate, a manual credit of 1.00 and a debit of 0.40 (manual: 0.60).
 *   M2: 50.00 lost at vendor B (fee 1.25), 20.00 won at vendor A (negative GGR: no fee), a 2.00
 *       mission reward, a 500.00 deposit (payment fee 5.00), a 7.00 bonus not yet wagered (not a
 *       cost: a liability), 1,500 points not yet redeemed.
 *   A:  a 4.00 dividend commission.
 * GGR 130.33; deductions 3 + 2 + 0.60 + 4 + 6.25 + 5 = 20.85; NGR 109.48.
 */
async function day() {
  const [ga, gb] = await twoVendorGames(t.ctx);
  await setBrandSetting(t.ctx.db, 'agentNgr', {
    ...(await getBrand(t.ctx.db)).agentNgr,
    providerFeePpm: { [ga.vendor_code]: 50_000, [gb.vendor_code]: 25_000 },
    paymentFeePpm: 10_000,
  });
  const a = await account({ type: 1 });
  const m1 = await account({ uplineId: a.id });
  const m2 = await account();
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(ga.node_id), bet: 10_000, win: 0 });
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(gb.node_id), bet: 33, win: 0 });
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(gb.node_id), bet: 6_000, win: 1_000 });
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(ga.node_id), bet: 1_000, win: 3_000 });
  // Neither counts: an open round (its bet is not valid yet) and a rolled-back one.
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(ga.node_id), bet: 900, status: 'open' });
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(ga.node_id), bet: 800, status: 'rolled_back' });
  await pay('bonus.rebate', m1.id, 300);
  await adjust(m1.id, 100);
  await adjust(m1.id, -40);
  await pay('bonus.mission', m2.id, 200);
  await pay('bonus', m2.id, 700, 'bonus');
  await approvedDeposit(m2.token, 500);
  await t.ctx.db.transaction().execute((trx) =>
    postPoints(trx, {
      idempotencyKey: `ngr-points-${++seq}`,
      type: 'points.earn',
      reference: 'NGR',
      remark: 'ngr',
      entries: [
        { account: { member: m2.id }, amount: 1_500 },
        { account: { house: 'earned' }, amount: -1_500 },
      ],
    }),
  );
  await pay('commission.dividend', a.id, 400);
  await refreshRollups(t.ctx);
  return { a, m1, m2, ga, gb };
}

let fixture: Awaited<ReturnType<typeof day>>;

const range = () => `from=${today}&to=${today}`;

describe('the net revenue report', () => {
  it('by day: GGR minus each deduction, as computed by hand', async () => {
    fixture = await day();
    const res = await get(`/admin/reports/ngr?${range()}&groupBy=day`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    const expected = {
      betAmount: 170.33,
      winAmount: 40,
      ggr: 130.33,
      ...ZERO,
      rebate: 3,
      mission: 2,
      manual: 0.6,
      commission: 4,
      providerFee: 6.25,
      paymentFee: 5,
      deductions: 20.85,
      ngr: 109.48,
    };
    expect(v.list).toEqual([expect.objectContaining({ key: today, ...expected })]);
    expect(v.totals).toEqual(expected);
    expect(v.notByGame).toBeNull();
  });

  it('by vendor and by game: the rows and what belongs to no game add up to the totals', async () => {
    const { ga, gb } = fixture;
    const byVendor = (await get(`/admin/reports/ngr?${range()}&groupBy=vendor&sort=key&order=asc`)).json().value;
    const rowOf = (list: { key: string }[], key: string) => list.find((r) => r.key === key);
    expect(rowOf(byVendor.list, ga.vendor_code)).toMatchObject({ ggr: 80, providerFee: 5, ngr: 75, rebate: 0 });
    expect(rowOf(byVendor.list, gb.vendor_code)).toMatchObject({ ggr: 50.33, providerFee: 1.25, ngr: 49.08 });
    expect(byVendor.notByGame).toMatchObject({
      ggr: 0,
      providerFee: 0,
      rebate: 3,
      mission: 2,
      manual: 0.6,
      commission: 4,
      paymentFee: 5,
      ngr: -14.6,
    });
    expect(byVendor.totals.ngr).toBe(109.48);

    // By game the provider fee, charged per member and vendor, is not split between games.
    const byGame = (await get(`/admin/reports/ngr?${range()}&groupBy=game`)).json().value;
    expect(byGame.list.map((r: { providerFee: number }) => r.providerFee)).toEqual(byGame.list.map(() => 0));
    expect(byGame.notByGame).toMatchObject({ providerFee: 6.25, ngr: -20.85 });
    const gameGgr = byGame.list.reduce((s: number, r: { ggr: number }) => s + Math.round(r.ggr * 100), 0);
    expect(gameGgr).toBe(13_033);

    // One vendor: its GGR and fee, nothing else.
    const one = (await get(`/admin/reports/ngr?${range()}&groupBy=vendor&vendor=${ga.vendor_code}`)).json().value;
    expect(one.totals).toMatchObject({ ggr: 80, providerFee: 5, deductions: 5, ngr: 75 });
    expect(one.notByGame).toBeNull();
  });

  it('reconciles with the games report per vendor (every round closed the day it began)', async () => {
    const games = (await get(`/admin/reports/games?${range()}&groupBy=vendor`)).json().value;
    const ngr = (await get(`/admin/reports/ngr?${range()}&groupBy=vendor`)).json().value;
    const ggrOf = (list: { key: string; ggr: number }[]) =>
      Object.fromEntries(list.map((r) => [r.key, r.ggr]).filter(([, g]) => g !== 0));
    // The games report counts the open round with its win so far (none): its bet is GGR there.
    const open = { [fixture.ga.vendor_code]: 9 };
    const gamesGgr = ggrOf(games.list);
    for (const [k, g] of Object.entries(open)) gamesGgr[k] = Math.round(((gamesGgr[k] ?? 0) - g) * 100) / 100;
    expect(ggrOf(ngr.list)).toEqual(gamesGgr);
  });

  it('by agent and player: each member as the agents’ dividend base counts it, plus commissions', async () => {
    const { a, m1, m2 } = fixture;
    const byAgent = (await get(`/admin/reports/ngr?${range()}&groupBy=agent&sort=key&order=asc`)).json().value;
    expect(byAgent.list).toEqual([
      expect.objectContaining({
        key: '0',
        memberId: 0,
        ggr: 30,
        mission: 2,
        providerFee: 1.25,
        paymentFee: 5,
        ngr: 21.75,
      }),
      expect.objectContaining({
        key: String(a.id),
        label: a.username,
        ggr: 100.33,
        rebate: 3,
        manual: 0.6,
        commission: 4,
        providerFee: 5,
        ngr: 87.73,
      }),
    ]);

    // The agent's own view of M1 (the user loss statement): the same GGR, deductions and NGR.
    await refreshAgentStats(t.ctx);
    const loss = (await get(`/wps/agent/team/loss?from=${today}&to=${today}`, a.token)).json().value;
    const agentM1 = loss.content.find((r: { memberId: number }) => r.memberId === m1.id);
    const players = (await get(`/admin/reports/ngr?${range()}&groupBy=player&agentId=${a.id}`)).json().value;
    const opM1 = players.list.find((r: { memberId: number }) => r.memberId === m1.id);
    expect(opM1).toMatchObject({ ggr: agentM1.ggr, ngr: agentM1.ngr, commission: 0 });
    // The report has one column for manual adjustments: the agents' corrections and goodwill together.
    const { manual, goodwill, ...others } = agentM1.deductions;
    for (const [k, v] of Object.entries(others)) expect(opM1[k], k).toBe(v);
    expect(opM1.manual).toBe(manual + goodwill);
    expect(opM1).toMatchObject({ ggr: 100.33, rebate: 3, manual: 0.6, providerFee: 5, ngr: 91.73 });

    const solo = (await get(`/admin/reports/ngr?${range()}&groupBy=player&memberId=${m2.id}`)).json().value;
    expect(solo.totals).toMatchObject({ ggr: 30, mission: 2, providerFee: 1.25, paymentFee: 5, ngr: 21.75 });
  });

  it('every figure drills down to rows that add up to it, to the cent', async () => {
    const totals = (await get(`/admin/reports/ngr?${range()}&groupBy=day`)).json().value.totals;
    for (const figure of NGR_FIGURES) {
      const res = await get(`/admin/reports/ngr/rows?${range()}&figure=${figure}&pageSize=200`);
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      const sum = v.list.reduce((s: number, r: { amount: number }) => s + Math.round(r.amount * 100), 0);
      expect(sum, figure).toBe(Math.round(totals[figure] * 100));
    }
    const manual = (await get(`/admin/reports/ngr/rows?${range()}&figure=manual`)).json().value;
    expect(manual.kind).toBe('postings');
    expect(manual.list.map((r: { what: string; amount: number }) => [r.what, r.amount]).sort()).toEqual([
      ['adjustment.credit', 1],
      ['adjustment.debit', -0.4],
    ]);
    const fees = (
      await get(`/admin/reports/ngr/rows?${range()}&figure=providerFee&vendor=${fixture.ga.vendor_code}`)
    ).json().value;
    expect(fees.list).toEqual([
      expect.objectContaining({ memberId: fixture.m1.id, base: 100, ratePpm: 50_000, amount: 5 }),
    ]);
    const pay = (await get(`/admin/reports/ngr/rows?${range()}&figure=paymentFee`)).json().value;
    expect(pay.list).toEqual([
      expect.objectContaining({ memberId: fixture.m2.id, base: 500, ratePpm: 10_000, amount: 5 }),
    ]);
    // The rows behind one agent's rebate are its member's.
    const mine = (await get(`/admin/reports/ngr/rows?${range()}&figure=rebate&agentId=${fixture.a.id}`)).json().value;
    expect(mine.list).toEqual([expect.objectContaining({ memberId: fixture.m1.id, amount: 3 })]);
    const none = (await get(`/admin/reports/ngr/rows?${range()}&figure=rebate&agentId=0`)).json().value;
    expect(none.list).toEqual([]);
  });

  it('the cashier report shows the manual adjustments; the dashboard NGR beside GGR and the liabilities', async () => {
    const cashier = (await get(`/admin/reports/cashier?${range()}&groupBy=day`)).json().value;
    expect(cashier.totals).toMatchObject({ adjustmentCount: 2, adjustmentCredits: 1, adjustmentDebits: 0.4 });
    expect(cashier.list).toEqual([
      expect.objectContaining({ key: today, adjustmentCount: 2, adjustmentCredits: 1, adjustmentDebits: 0.4 }),
    ]);
    const byMethod = (await get(`/admin/reports/cashier?${range()}&groupBy=method`)).json().value;
    expect(byMethod.list[0]).toMatchObject({ adjustmentCount: null });

    const d = (await get('/admin/dashboard')).json().value;
    // The games' GGR counts the open round's 9.00 bet; NGR starts from valid rounds.
    expect(d.todayFigures).toMatchObject({ ggr: 139.33, ngrGgr: 130.33, deductions: 20.85, ngr: 109.48 });
    expect(d.last30Days).toMatchObject({ ngrGgr: 130.33, ngr: 109.48 });
    const points = (await get('/admin/points/config')).json().value;
    expect(d.liabilities).toMatchObject({
      bonus: 7,
      bonusMembers: 1,
      points: 1_500,
      pointsValue: Math.floor((1_500 * Math.round(points.exchangeAmount * 100)) / points.exchangePoints) / 100,
      pointsMembers: 1,
    });
  });

  it('needs reports.read, and refuses a filter that does not fit the grouping', async () => {
    const cashierOnly = await operator(['cashier.read']);
    expect((await get(`/admin/reports/ngr?${range()}`, cashierOnly.token)).statusCode).toBe(403);
    expect((await get(`/admin/reports/ngr/rows?${range()}&figure=ggr`, cashierOnly.token)).statusCode).toBe(403);
    const reader = await operator(['reports.read']);
    expect((await get(`/admin/reports/ngr?${range()}`, reader.token)).statusCode).toBe(200);
    const bad = await get(`/admin/reports/ngr?${range()}&groupBy=vendor&agentId=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await get(`/admin/reports/ngr/rows?${range()}&figure=nothing`)).statusCode).toBe(400);
  });

  it("counts every deduction when the agents' dividend base switches one off (the house still paid it)", async () => {
    const brand = await getBrand(t.ctx.db);
    await setBrandSetting(t.ctx.db, 'agentNgr', { ...brand.agentNgr, rebate: false });
    await refreshRollups(t.ctx);
    await refreshAgentStats(t.ctx);
    const { a, m1 } = fixture;
    const loss = (await get(`/wps/agent/team/loss?from=${today}&to=${today}`, a.token)).json().value;
    const agentM1 = loss.content.find((r: { memberId: number }) => r.memberId === m1.id);
    expect(agentM1.deductions.rebate).toBe(0);
    expect(agentM1.ngr).toBe(94.73);
    const players = (await get(`/admin/reports/ngr?${range()}&groupBy=player&memberId=${m1.id}`)).json().value;
    expect(players.totals).toMatchObject({ rebate: 3, ngr: 91.73 });
  });
});
