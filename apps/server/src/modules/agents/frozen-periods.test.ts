import { randomUUID } from 'node:crypto';
import { brandDay, dayStart } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { brandDefaults, getBrand, setBrandSetting } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { refreshDay } from '../reports/reports.service';
import { refreshAgentStats } from './agent-stats.service';
import { settleContracts } from './settlement.service';

// Settled periods are frozen (docs/agents.md "Settled periods are frozen"): once a dividend settled
// a brand day, no setting changed later and no late data rewrites what the statement, the user
// loss statements, the statement's base, the agent centre's figures and the operator's net revenue
// report say of that day; late data is counted in the open day it is found in, and so reaches the
// next dividend.

let t: TestApp;
let currency: string;
let tz: string;
let seq = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  tz = brand.timeZone;
  await setBrandSetting(t.ctx.db, 'adjustmentApprovalThreshold', 100_000_000);
});
afterAll(() => t.close());

async function account(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.ctx, input);
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

const get = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

function pay(type: string, memberId: number, amount: number) {
  seq++;
  return t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      type,
      idempotencyKey: `frozen-${seq}`,
      reference: `FRZ${seq}`,
      entries: [
        { account: { house: 'promotions-expense', currency }, amount: -amount },
        { account: { member: memberId, currency }, amount },
      ],
    }),
  );
}

async function adjust(operator: string, memberId: number, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/members/${memberId}/adjustments`,
    headers: { authorization: operator },
    payload: { requestId: randomUUID(), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function dividendFor(holderId: number, acceptedAt: Date) {
  return t.ctx.db
    .insertInto('contracts')
    .values({
      kind: 'dividend',
      period: 'daily',
      tiers: JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm: 300_000 }]) as never,
      rate_ppm: 300_000,
      upline_id: null,
      holder_id: holderId,
      status: 'active',
      termination_requested_by: null,
      termination_requested_at: null,
      termination_reason: null,
      offered_by_operator: null,
      created_at: acceptedAt,
      accepted_at: acceptedAt,
      ended_at: null,
      ended_by: null,
      end_reason: null,
      settled_until: null,
      updated_at: acceptedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Moves the test clock to 5 minutes into the brand day after `day`. */
function moveAfter(day: string) {
  const next = dayStart(day, tz).getTime() + DAY + 5 * 60_000;
  t.advance(next - t.ctx.now().getTime());
}

describe('a settled period is frozen', () => {
  it('keeps every report of a settled day as the statement says when every deduction setting changes, and carries late data into the next period', async () => {
    const g = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'vendor_code'])
      .where('status', '=', 'active')
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const node = Number(g.node_id);
    const operator = await adminToken(t.app);
    // Provider fee 5% and payment fee 1% while the day plays and settles.
    await setBrandSetting(t.ctx.db, 'agentNgr', {
      ...brandDefaults.agentNgr,
      providerFeePpm: { [g.vendor_code]: 50_000 },
      paymentFeePpm: 10_000,
    });
    const a = await account({ type: 1 });
    const m1 = await account({ uplineId: a.id });
    const m2 = await account({ uplineId: a.id });
    const played = t.ctx.now();
    const day = brandDay(played, tz);
    const contract = await dividendFor(a.id, new Date(dayStart(day, tz).getTime() - 3_600_000));
    // m1 loses 100.00 (fee 5.00), gets a 3.00 rebate and a 200.00 manual deposit (payment fee
    // 2.00); m2 loses 50.00 (fee 2.50), gets a 2.00 mission reward and a 1.00 correction.
    const lost = await insertRound(t.ctx, { memberId: m1.id, nodeId: node, bet: 10_000, win: 0, at: played });
    await insertRound(t.ctx, { memberId: m2.id, nodeId: node, bet: 6_000, win: 1_000, at: played });
    await pay('bonus.rebate', m1.id, 300);
    await pay('bonus.mission', m2.id, 200);
    await adjust(operator, m1.id, { type: 'manual_deposit', direction: 'credit', amount: 200, reason: 'bank slip 1' });
    await adjust(operator, m2.id, { type: 'correction', direction: 'credit', amount: 1, reason: 'missed win' });

    moveAfter(day);
    // The agent signs in again: up to a day has passed, more than a session stays idle.
    a.token = await issueSession(t.ctx, t.ctx.db, { memberId: a.id, area: 'member', ip: '127.0.0.1', userAgent: null });
    expect(await settleContracts(t.ctx)).toBe(1);
    const statements = await get(`/wps/agent/statements?kind=dividend&from=${day}&to=${day}`, a.token);
    const first = statements.content.find((s: { contractId: number }) => s.contractId === Number(contract.id));
    // GGR 150.00 - rebate 3.00 - mission 2.00 - manual 1.00 - provider fee 7.50 - payment fee 2.00.
    const settledDeductions = {
      bonus: 0,
      rebate: 3,
      mission: 2,
      ticket: 0,
      referral: 0,
      vip: 0,
      points: 0,
      manual: 1,
      goodwill: 0,
      providerFee: 7.5,
      paymentFee: 2,
    };
    expect(first).toMatchObject({ netLoss: 134.5, amount: 40.35 });
    const detail = await get(`/wps/agent/statements/${first.id}`, a.token);
    expect(detail.breakdown.totals).toEqual({
      validBets: 160,
      wins: 10,
      ggr: 150,
      deductions: settledDeductions,
      ngr: 134.5,
    });
    const loss = `/wps/agent/team/loss?from=${day}&to=${day}`;
    expect((await get(loss, a.token)).totals).toMatchObject({ ggr: 150, deductions: settledDeductions, ngr: 134.5 });
    await refreshDay(t.ctx, day);
    const ngrReport = `/admin/reports/ngr?from=${day}&to=${day}&groupBy=player&agentId=${a.id}`;
    const before = (await get(ngrReport, await adminToken(t.app))).totals;
    expect(before).toMatchObject({ betAmount: 160, winAmount: 10, rebate: 3, mission: 2, manual: 1, providerFee: 7.5 });
    const overview = `/wps/agent/team/overview?from=${day}&to=${day}`;
    const figures = (await get(overview, a.token)).current;
    const revenue = (await get(`/wps/agent/revenue?from=${day}&to=${day}`, a.token)).totals;

    // Every deduction setting changes: nothing deducted, provider fee 10%, payment fee 5%.
    await setBrandSetting(t.ctx.db, 'agentNgr', {
      bonus: false,
      rebate: false,
      mission: false,
      ticket: false,
      referral: false,
      vip: false,
      points: false,
      manual: false,
      manualCorrection: false,
      manualGoodwill: true,
      providerFeePpm: { [g.vendor_code]: 100_000 },
      paymentFeePpm: 50_000,
    });
    await refreshAgentStats(t.ctx);
    await refreshDay(t.ctx, day);
    const again = await get(`/wps/agent/statements/${first.id}`, a.token);
    expect(again.breakdown.totals).toEqual(detail.breakdown.totals);
    expect(again.breakdown.branches).toEqual(detail.breakdown.branches);
    expect((await get(loss, a.token)).totals).toMatchObject({ deductions: settledDeductions, ngr: 134.5 });
    expect((await get(ngrReport, await adminToken(t.app))).totals).toEqual(before);
    expect((await get(overview, a.token)).current).toEqual(figures);
    expect((await get(`/wps/agent/revenue?from=${day}&to=${day}`, a.token)).totals).toEqual(revenue);

    // Late data of the settled day: m1's round is rolled back, and m2 wins 50.00 on a 20.00 bet
    // closed in the settled day. The day stays as settled; the change is counted today, with the
    // day's own settings (fee 5%): m1 -100.00 valid bets and -5.00 fee, m2 +20.00 bets, +50.00
    // wins and a fee of 1.00 instead of 2.50: NGR -95.00 - 28.50 = -123.50.
    await t.ctx.db.updateTable('vendor_rounds').set({ status: 'rolled_back' }).where('round_id', '=', lost).execute();
    await insertRound(t.ctx, { memberId: m2.id, nodeId: node, bet: 2_000, win: 5_000, at: played });
    await refreshAgentStats(t.ctx);
    // A second run carries nothing twice.
    await refreshAgentStats(t.ctx);
    expect((await get(loss, a.token)).totals).toMatchObject({ validBets: 160, ngr: 134.5 });
    const next = brandDay(t.ctx.now(), tz);
    const nextLoss = await get(`/wps/agent/team/loss?from=${next}&to=${next}`, a.token);
    expect(nextLoss.totals).toMatchObject({
      validBets: -80,
      wins: 50,
      ggr: -130,
      deductions: { ...settledDeductions, rebate: 0, mission: 0, manual: 0, paymentFee: 0, providerFee: -6.5 },
      ngr: -123.5,
    });
    // The next day's dividend counts it with the next day's own play, under today's settings (m1
    // loses 100.00, provider fee 10%, nothing else deducted): NGR 90.00 - 123.50 = -33.50, 30% of
    // it carried.
    await insertRound(t.ctx, { memberId: m1.id, nodeId: node, bet: 10_000, win: 0, at: t.ctx.now() });
    moveAfter(next);
    expect(await settleContracts(t.ctx)).toBe(1);
    // Two days on, the agent signs in again.
    const again2 = await issueSession(t.ctx, t.ctx.db, {
      memberId: a.id,
      area: 'member',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const after = (await get(`/wps/agent/statements?kind=dividend&from=${day}&to=${next}`, again2)).content.filter(
      (s: { contractId: number }) => s.contractId === Number(contract.id),
    );
    expect(
      after.map((s: { netLoss: number; amount: number; carryOut: number }) => [s.netLoss, s.amount, s.carryOut]),
    ).toEqual([
      [-33.5, 0, -10.05],
      [134.5, 40.35, 0],
    ]);
  });

  describe('manual adjustments in the agent base', () => {
    it('counts a correction and not goodwill by default, says so to the adjust dialog, and a change applies to days not settled', async () => {
      await setBrandSetting(t.ctx.db, 'agentNgr', brandDefaults.agentNgr);
      // The operator signs in now: the test clock has moved on by days in the cases before, beyond
      // an operator session's idle limit (operatorIdleMinutes).
      const operator = await adminToken(t.app);
      const rules = await get('/admin/adjustments/rules', operator);
      expect(rules.agentBase).toEqual({ correction: true, goodwill: false, manual_deposit: false, bonus: true });
      const a = await account({ type: 1 });
      const m = await account({ uplineId: a.id });
      const day = brandDay(t.ctx.now(), tz);
      await dividendFor(a.id, new Date(dayStart(day, tz).getTime() - 3_600_000));
      // A 5,500.00 goodwill credit, a 12.00 correction credit and a 2.00 correction debit.
      await adjust(operator, m.id, { type: 'goodwill', direction: 'credit', amount: 5_500, reason: 'outage' });
      await adjust(operator, m.id, { type: 'correction', direction: 'credit', amount: 12, reason: 'missed win' });
      await adjust(operator, m.id, { type: 'correction', direction: 'debit', amount: 2, reason: 'double credit' });
      await refreshAgentStats(t.ctx);
      const loss = `/wps/agent/team/loss?from=${day}&to=${day}`;
      expect((await get(loss, a.token)).totals).toMatchObject({ ggr: 0, ngr: -10 });
      expect((await get(loss, a.token)).totals.deductions).toMatchObject({ manual: 10, goodwill: 0 });

      // Goodwill switched on before the day settles: the day's dividend base counts it.
      await setBrandSetting(t.ctx.db, 'agentNgr', { ...brandDefaults.agentNgr, manualGoodwill: true });
      expect((await get('/admin/adjustments/rules', operator)).agentBase.goodwill).toBe(true);
      moveAfter(day);
      expect(await settleContracts(t.ctx)).toBe(1);
      const token = await issueSession(t.ctx, t.ctx.db, {
        memberId: a.id,
        area: 'member',
        ip: '127.0.0.1',
        userAgent: null,
      });
      const [st] = (await get(`/wps/agent/statements?kind=dividend&from=${day}&to=${day}`, token)).content;
      // The statement names each type it charged: the corrections and the goodwill credit apart.
      expect(st).toMatchObject({ netLoss: -5_510, amount: 0, deductions: { manual: 10, goodwill: 5_500 } });
      // Switched off again after the settlement: the settled day keeps it.
      await setBrandSetting(t.ctx.db, 'agentNgr', brandDefaults.agentNgr);
      await refreshAgentStats(t.ctx);
      expect((await get(loss, token)).totals).toMatchObject({ ngr: -5_510 });
      const breakdown = (await get(`/wps/agent/statements/${st.id}`, token)).breakdown.totals.deductions;
      expect(breakdown).toMatchObject({ manual: 10, goodwill: 5_500 });
    });
  });
});
