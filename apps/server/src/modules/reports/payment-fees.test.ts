import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { approvedWithdrawal } from '../../test/withdrawals';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { actors, call, payingAccount } from '../cashier/cashier.fixtures';
import { refreshRollups } from './reports.service';

// The cashier report's payment fees (docs/back-office.md "Payment fees") against a hand-computed
// day: a 1% rate on three approved withdrawals and the bank fees recorded when they were marked
// paid from two paying accounts; by day and by account, the payouts behind them, and the NGR
// report's payment fee, equal to the cent.
//
//   withdrawal  amount   rate 1% (rounded down)  paid from  bank fee
//   A           500.00    5.00                    P1        15.25
//   B           333.33    3.33                    P2         7.50
//   C           200.00    2.00                    P1         2.00
//   rate 10.33 + bank fees 24.75 = payment fees 35.08; P1 17.25 (2 payouts), P2 7.50 (1 payout)

let t: TestApp;
let admin: string;
let operator: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  operator = (await operatorOf(['cashier.read', 'cashier.approve', 'cashier.settings'])).token;
  const brand = await getBrand(t.ctx.db);
  await setBrandSetting(t.ctx.db, 'agentNgr', { ...brand.agentNgr, paymentFeePpm: 10_000 });
  today = await brandToday(t.ctx);
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorOf } = actors(() => t, createMember);

async function paidWithdrawal(amount: number, accountId: number, fee: number) {
  const m = await memberWithSession({ payeeName: 'Lito Ramos' });
  const { reference } = await approvedWithdrawal(t, m, operator, amount);
  const paid = await call(t, 'POST', `/admin/cashier/withdrawals/${reference}/paid`, operator, {
    payoutReference: `FT-${reference}`,
    payingAccountId: accountId,
    fee,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { m, reference };
}

const get = (url: string, token = admin) => call(t, 'GET', url, token);
const range = () => `from=${today}&to=${today}`;

describe('payment fees in the cashier report', () => {
  let p1: number;
  let p2: number;
  let a: { reference: string };
  let c: { reference: string };

  beforeAll(async () => {
    p1 = await payingAccount(t);
    p2 = await payingAccount(t);
    a = await paidWithdrawal(500, p1, 15.25);
    await paidWithdrawal(333.33, p2, 7.5);
    c = await paidWithdrawal(200, p1, 2);
    await refreshRollups(t.ctx);
  });

  it('by day: the rate and the bank fees, equal to the NGR report to the cent', async () => {
    const res = await get(`/admin/reports/cashier/fees?${range()}&groupBy=day`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    const figures = { payouts: 3, payoutFees: 24.75, rateFees: 10.33, paymentFees: 35.08 };
    expect(v.list).toEqual([{ key: today, accountId: null, accountLabel: null, ...figures }]);
    expect(v.totals).toEqual(figures);

    const ngr = (await get(`/admin/reports/ngr?${range()}&groupBy=day`)).json().value;
    expect(ngr.totals.paymentFee).toBe(35.08);
    const rows = (await get(`/admin/reports/ngr/rows?${range()}&figure=paymentFee&pageSize=200`)).json().value.list as {
      reference: string | null;
      amount: number;
    }[];
    expect(rows).toHaveLength(6);
    expect(Math.round(rows.reduce((s, r) => s + r.amount * 100, 0))).toBe(3_508);
    expect(rows.find((r) => r.reference === a.reference)).toMatchObject({ amount: 15.25 });
  });

  it('by paying account, the rate on a row of its own; the totals do not change', async () => {
    const v = (await get(`/admin/reports/cashier/fees?${range()}&groupBy=account`)).json().value;
    const byKey = new Map((v.list as { key: string }[]).map((r) => [r.key, r]));
    expect(byKey.get(String(p1))).toMatchObject({ accountId: p1, payouts: 2, payoutFees: 17.25, rateFees: null });
    expect(byKey.get(String(p2))).toMatchObject({ accountId: p2, payouts: 1, payoutFees: 7.5, paymentFees: 7.5 });
    expect(byKey.get('rate')).toMatchObject({ payouts: 0, payoutFees: 0, rateFees: 10.33, paymentFees: 10.33 });
    expect(v.list).toHaveLength(3);
    expect(v.totals).toEqual({ payouts: 3, payoutFees: 24.75, rateFees: 10.33, paymentFees: 35.08 });
  });

  it('drills down to the payouts of an account or a day', async () => {
    const mine = (await get(`/admin/reports/cashier/fees/payouts?${range()}&accountId=${p1}`)).json().value;
    expect(mine.total).toBe(2);
    expect(mine.list.map((r: { reference: string }) => r.reference).sort()).toEqual([a.reference, c.reference].sort());
    expect(mine.list.find((r: { reference: string }) => r.reference === a.reference)).toMatchObject({
      amount: 500,
      fee: 15.25,
      accountId: p1,
      payoutReference: `FT-${a.reference}`,
    });
    const day = (await get(`/admin/reports/cashier/fees/payouts?${range()}`)).json().value;
    expect(Math.round(day.list.reduce((s: number, r: { fee: number }) => s + r.fee * 100, 0))).toBe(2_475);
  });

  it('needs reports.read', async () => {
    const cashierOnly = await operatorOf(['cashier.read']);
    expect((await get(`/admin/reports/cashier/fees?${range()}`, cashierOnly.token)).statusCode).toBe(403);
    expect((await get(`/admin/reports/cashier/fees/payouts?${range()}`, cashierOnly.token)).statusCode).toBe(403);
    expect((await get(`/admin/reports/cashier/fees?from=${today}&to=2000-01-01`)).statusCode).toBe(400);
  });
});
