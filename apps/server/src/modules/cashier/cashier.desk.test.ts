// postgres: concurrent deposits under one cap, approvals of another amount and payouts move money once
import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { approvedWithdrawal as withdrawalApproved } from '../../test/withdrawals';
import { balanceOf, houseBalance, verifyLedger } from '../ledger/ledger.service';
import {
  actors,
  call,
  expectFailure,
  fund,
  PAYMENT_PASSWORD,
  payingAccount,
  payoutOf,
  requestId,
  setPaymentPassword,
} from './cashier.fixtures';

// The payments desk (docs/cashier.md "The desk"): receiving accounts with caps, rotation and VIP
// routing; depositor names; approving another amount; payouts with reference, account and fee;
// payee names against the verified name; the first-deposit flag.

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await operatorToken()).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}
async function setVip(memberId: number, level: number) {
  await t.ctx.db.updateTable('members').set({ vip_level: level }).where('id', '=', memberId).execute();
}
async function verify(memberId: number, name: string) {
  await t.ctx.db
    .insertInto('kyc_identities')
    .values({
      member_id: memberId,
      entered_name: name,
      entered_birthday: '1990-01-01',
      verified_name: name,
      verified_birthday: '1990-01-01',
      verified_at: new Date(),
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ verified_name: name, verified_at: new Date() }))
    .execute();
}
function deposit(token: string, amount: number, extra: Record<string, unknown> = {}) {
  return call(t, 'POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount,
    requestId: requestId(),
    ...extra,
  });
}
const account = (over: Record<string, unknown> = {}) => ({
  label: 'Receiving',
  bankName: 'BDO',
  accountName: 'Gamehall Receiving',
  accountNumber: `10${Math.floor(Math.random() * 1e9)}`,
  methodCode: 'BANK_TRANSFER',
  pays: false,
  dailyCap: null,
  vipLevels: null,
  active: true,
  sort: 0,
  ...over,
});
async function addAccount(over: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/admin/cashier/houseAccounts', operator, account(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; label: string; accountNumber: string };
}
async function setAccount(id: number, over: Record<string, unknown>) {
  const current = (await call(t, 'GET', '/admin/cashier/houseAccounts', operator))
    .json()
    .value.list.find((a: { id: number }) => a.id === id);
  const { id: _id, routedToday: _r, lastAssignedAt: _l, ...body } = current;
  const res = await call(t, 'PUT', `/admin/cashier/houseAccounts/${id}`, operator, { ...body, ...over });
  expect(res.statusCode, res.body).toBe(200);
}
async function mine(token: string, reference: string) {
  const list = (await call(t, 'GET', '/wps/cashier/deposits?pageNo=1&pageSize=50', token)).json().value.content;
  return list.find((d: { reference: string }) => d.reference === reference);
}
async function houseAccountCount() {
  return (await t.ctx.db.selectFrom('cashier_house_accounts').select('id').execute()).length;
}

describe('receiving accounts: caps, rotation and VIP routing', () => {
  it('refuses a bad account with a clear code and adds nothing', async () => {
    const before = await houseAccountCount();
    const bad = [
      account({ methodCode: 'SANDBOX_PAY' }),
      account({ methodCode: 'NO_SUCH' }),
      account({ methodCode: null, pays: false }),
      account({ dailyCap: -5 }),
      account({ accountNumber: 'abc' }),
      account({ vipLevels: [] }),
    ];
    for (const body of bad)
      expectFailure(await call(t, 'POST', '/admin/cashier/houseAccounts', operator, body), 400, 'VALIDATION_FAILED');
    const reader = await operatorToken(['cashier.read']);
    expectFailure(
      await call(t, 'POST', '/admin/cashier/houseAccounts', reader.token, account()),
      403,
      'AUTH_FORBIDDEN',
    );
    expect(await houseAccountCount()).toBe(before);
  });

  it('rotates orders between accounts, keeps each under its daily cap, routes by VIP level, and shows the player where to pay', async () => {
    const a = await addAccount({ label: 'A', dailyCap: 1000, vipLevels: [0, 1] });
    const b = await addAccount({ label: 'B', dailyCap: 1000, vipLevels: [0, 1] });
    const vip = await addAccount({ label: 'VIP', vipLevels: [5] });
    const m = await memberWithSession();
    const first = (await deposit(m.token, 400)).json().value;
    const second = (await deposit(m.token, 400)).json().value;
    const numbers = [first.receivingAccount.accountNumber, second.receivingAccount.accountNumber].sort();
    expect(numbers).toEqual([a.accountNumber, b.accountNumber].sort());
    // Each holds 400 of 1000: the next 700 fits neither.
    expectFailure(await deposit(m.token, 700), 404, 'CASHIER_METHOD_UNAVAILABLE');
    const third = (await deposit(m.token, 600)).json().value;
    expect([a.accountNumber, b.accountNumber]).toContain(third.receivingAccount.accountNumber);
    // The deposit page reads the same: with 400 left on one account, the 100 minimum still fits.
    const methods = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value;
    expect(methods.deposit.map((d: { code: string }) => d.code)).toContain('BANK_TRANSFER');

    // A VIP 5 member is routed to the VIP account only.
    const v = await memberWithSession();
    await setVip(v.id, 5);
    const vipOrder = (await deposit(v.token, 5000)).json().value;
    expect(vipOrder.receivingAccount).toEqual({
      bankName: 'BDO',
      accountName: 'Gamehall Receiving',
      accountNumber: vip.accountNumber,
    });
    // A level no account serves has no bank transfer to pick.
    const none = await memberWithSession();
    await setVip(none.id, 3);
    const noneMethods = (await call(t, 'GET', '/wps/cashier/paymentMethods', none.token)).json().value;
    expect(noneMethods.deposit.map((d: { code: string }) => d.code)).not.toContain('BANK_TRANSFER');
    expectFailure(await deposit(none.token, 200), 404, 'CASHIER_METHOD_UNAVAILABLE');

    // The console lists what each account was routed today.
    const list = (await call(t, 'GET', '/admin/cashier/houseAccounts', operator)).json().value.list;
    const routed = list
      .filter((r: { id: number }) => r.id === a.id || r.id === b.id)
      .map((r: { routedToday: number }) => r.routedToday);
    expect(routed.reduce((s: number, n: number) => s + n, 0)).toBe(1400);
    // A rejected order gives its room back.
    const rejected = await call(t, 'POST', `/admin/cashier/deposits/${third.reference}/reject`, operator, {
      reason: 'never arrived',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await deposit(m.token, 600)).statusCode).toBe(200);
    for (const id of [a.id, b.id, vip.id]) await setAccount(id, { active: false });
  });

  it('lets only one of two orders at once take the last room under a cap', { tags: ['postgres'] }, async () => {
    const only = await addAccount({ label: 'Only', dailyCap: 1000 });
    const m = await memberWithSession();
    const n = await memberWithSession();
    const [x, y] = await Promise.all([deposit(m.token, 600), deposit(n.token, 600)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 404]);
    const list = (await call(t, 'GET', '/admin/cashier/houseAccounts', operator)).json().value.list;
    expect(list.find((r: { id: number }) => r.id === only.id).routedToday).toBe(600);
    await setAccount(only.id, { active: false });
  });
});

describe('deposits: depositor name, another amount, the first-deposit flag', () => {
  it('records the depositor name and shows the operator whether it is the verified name', async () => {
    const m = await memberWithSession();
    await verify(m.id, 'Ana Reyes');
    const mine = (await deposit(m.token, 300, { depositorName: 'ANA  REYES' })).json().value;
    const other = (await deposit(m.token, 300, { depositorName: 'Pedro Cruz' })).json().value;
    const none = (await deposit(m.token, 300)).json().value;
    const detail = (ref: string) => call(t, 'GET', `/admin/cashier/deposits/${ref}`, operator);
    expect((await detail(mine.reference)).json().value).toMatchObject({
      order: { depositorName: 'ANA  REYES' },
      depositorMatch: 'match',
    });
    expect((await detail(other.reference)).json().value.depositorMatch).toBe('mismatch');
    expect((await detail(none.reference)).json().value).toMatchObject({
      order: { depositorName: null },
      depositorMatch: null,
    });
    expectFailure(await deposit(m.token, 300, { depositorName: 'x'.repeat(101) }), 400, 'VALIDATION_FAILED');
  });

  it('credits the approved amount with a reason, audited, once under two approvals at once', {
    tags: ['postgres'],
  }, async () => {
    const m = await memberWithSession();
    const order = (await deposit(m.token, 1000)).json().value;
    const url = `/admin/cashier/deposits/${order.reference}/approve`;
    // Another amount needs a reason; bad amounts are refused; nothing is credited meanwhile.
    expectFailure(await call(t, 'POST', url, operator, { amount: 950 }), 400, 'VALIDATION_FAILED');
    expectFailure(await call(t, 'POST', url, operator, { amount: -1, reason: 'x' }), 400, 'VALIDATION_FAILED');
    expectFailure(await call(t, 'POST', url, operator, { amount: 0.001, reason: 'x' }), 400, 'VALIDATION_FAILED');
    expect(await cash(m.id)).toBe(0);
    const body = { amount: 950.5, reason: 'The bank slip shows 950.50' };
    const [p, q] = await Promise.all([call(t, 'POST', url, operator, body), call(t, 'POST', url, operator, body)]);
    expect([p.statusCode, q.statusCode]).toEqual([200, 200]);
    expect(p.json().value).toMatchObject({ status: 'approved', amount: 950.5, requestedAmount: 1000 });
    expect(await cash(m.id)).toBe(95_050);
    // Another operator who counted differently is told the order is settled, and nothing moves.
    expectFailure(await call(t, 'POST', url, operator, { amount: 1000, reason: 'x' }), 409, 'CASHIER_STATE_CONFLICT');
    expect(await cash(m.id)).toBe(95_050);
    const seen = await mine(m.token, order.reference);
    expect(seen).toMatchObject({ amount: 950.5, requestedAmount: 1000, reason: 'The bank slip shows 950.50' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'cashier.deposit.approve')
      .where('success', '=', true)
      .execute();
    expect(audit.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({
        before: { status: 'pending', amount: 1000 },
        after: { status: 'approved', amount: 950.5, reason: 'The bank slip shows 950.50' },
      }),
    );
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('opens an order with the first-deposit flag its approval keeps', async () => {
    const m = await memberWithSession();
    const a = (await deposit(m.token, 200)).json().value;
    const b = (await deposit(m.token, 300)).json().value;
    expect([a.firstDeposit, b.firstDeposit]).toEqual([true, true]);
    const approved = (await call(t, 'POST', `/admin/cashier/deposits/${b.reference}/approve`, operator)).json().value;
    expect(approved.firstDeposit).toBe(true);
    // Once one is credited, the other undecided order is no longer the first, before and after approval.
    const pending = await mine(m.token, a.reference);
    expect(pending).toMatchObject({ status: 'pending', firstDeposit: false });
    const later = (await call(t, 'POST', `/admin/cashier/deposits/${a.reference}/approve`, operator)).json().value;
    expect(later.firstDeposit).toBe(false);
    const c = (await deposit(m.token, 100)).json().value;
    expect(c.firstDeposit).toBe(false);
  });
});

describe('withdrawals: Mark paid with reference, paying account and fee', () => {
  async function approvedWithdrawal(amount = 500) {
    const m = await memberWithSession({ payeeName: 'Lito Ramos' });
    return { m, ...(await withdrawalApproved(t, m, operator, amount)) };
  }

  it('refuses a payout without its details or from an account that does not pay, and changes nothing', async () => {
    const { url, reference } = await approvedWithdrawal();
    const receiving = await addAccount({ label: 'Receiving only', active: false });
    const payer = await payingAccount(t);
    const bank = await houseBalance(t.ctx.db, 'bank', 'PHP');
    const bad = [
      undefined,
      {},
      { ...payoutOf(payer), payoutReference: ' ' },
      { ...payoutOf(payer), fee: -1 },
      { ...payoutOf(payer), fee: 'ten' },
      payoutOf(999_999),
      payoutOf(receiving.id),
    ];
    for (const body of bad) expectFailure(await call(t, 'POST', url, operator, body), 400, 'VALIDATION_FAILED');
    const row = (await call(t, 'GET', `/admin/cashier/withdrawals/${reference}`, operator)).json().value.order;
    expect(row).toMatchObject({ status: 'approved', payout: null });
    expect(await houseBalance(t.ctx.db, 'bank', 'PHP')).toBe(bank);
  });

  it('records the reference, account and fee, posts the fee to payment-fees once under two clicks at once', {
    tags: ['postgres'],
  }, async () => {
    const { url, reference } = await approvedWithdrawal(500);
    const payer = await payingAccount(t);
    const bank = await houseBalance(t.ctx.db, 'bank', 'PHP');
    const fees = await houseBalance(t.ctx.db, 'payment-fees', 'PHP');
    const body = { payoutReference: 'FT-2026-0001', payingAccountId: payer, fee: 15.25 };
    const [x, y] = await Promise.all([call(t, 'POST', url, operator, body), call(t, 'POST', url, operator, body)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().value).toMatchObject({
      status: 'paid',
      payout: { reference: 'FT-2026-0001', account: { id: payer }, fee: 15.25 },
    });
    // The payable leaves through the bank once, and the bank pays the fee once.
    expect(await houseBalance(t.ctx.db, 'bank', 'PHP')).toBe(bank + 50_000 + 1525);
    expect(await houseBalance(t.ctx.db, 'payment-fees', 'PHP')).toBe(fees - 1525);
    // Marked again with another reference: not the same payout.
    expectFailure(
      await call(t, 'POST', url, operator, { ...body, payoutReference: 'FT-OTHER' }),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    // A bank reference is used once per paying account.
    const next = await approvedWithdrawal(200);
    expectFailure(await call(t, 'POST', next.url, operator, body), 409, 'CASHIER_PAYOUT_REFERENCE_USED');
    expect(
      (await call(t, 'GET', `/admin/cashier/withdrawals/${next.reference}`, operator)).json().value.order.status,
    ).toBe('approved');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'cashier.withdrawal.paid')
      .where('success', '=', true)
      .execute();
    expect(audit.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({
        after: { status: 'paid', payoutReference: 'FT-2026-0001', payingAccountId: payer, fee: 15.25 },
      }),
    );
    expect(reference).toMatch(/^W/);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('payee names against the verified name', () => {
  it('shows the match and holds a mismatched binding until the operator notes the check', async () => {
    const m = await memberWithSession();
    const bound = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'Carlo Santos',
      accountNumber: `40${Math.floor(Math.random() * 1e9)}`,
    });
    const id = bound.json().value.id as number;
    const queue = async () =>
      (await call(t, 'GET', '/admin/cashier/bankAccounts?status=pending&pageNo=1&pageSize=50', operator))
        .json()
        .value.content.find((a: { id: number }) => a.id === id);
    expect((await queue()).payeeMatch).toBe('unverified');
    // Verified under another name after the binding.
    await verify(m.id, 'Carla Santos');
    expect((await queue()).payeeMatch).toBe('mismatch');
    const confirm = (body?: unknown) => call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, operator, body);
    expectFailure(await confirm(), 409, 'CASHIER_PAYEE_MISMATCH');
    expectFailure(await confirm({ payeeReview: '' }), 400, 'VALIDATION_FAILED');
    expect((await queue()).status).toBe('pending');
    const ok = await confirm({ payeeReview: 'Called the member: Carlo is her legal name on the account' });
    expect(ok.json().value).toMatchObject({ status: 'confirmed', payeeMatch: 'mismatch' });

    const matched = await memberWithSession();
    await verify(matched.id, 'José Dela Cruz');
    const good = await call(t, 'POST', '/wps/cashier/bankAccounts', matched.token, {
      bankName: 'BDO',
      accountName: 'jose dela cruz',
      accountNumber: `41${Math.floor(Math.random() * 1e9)}`,
    });
    expect(good.statusCode, good.body).toBe(200);
    const confirmed = await call(t, 'POST', `/admin/cashier/bankAccounts/${good.json().value.id}/confirm`, operator);
    expect(confirmed.json().value).toMatchObject({ status: 'confirmed', payeeMatch: 'match' });
  });
});

describe('bulk decisions on the desk', () => {
  type Outcome = { reference: string; ok: boolean; status?: string; code?: string };
  const bulk = (list: 'deposits' | 'withdrawals', body: unknown) =>
    call(t, 'POST', `/admin/cashier/${list}/bulk`, operator, body);
  async function pendingDeposit(amount: number) {
    const m = await memberWithSession();
    const res = await deposit(m.token, amount, { depositorName: 'Bulk Payer' });
    expect(res.statusCode, res.body).toBe(200);
    return { member: m, reference: res.json().value.reference as string };
  }
  async function pendingWithdrawal(payee: string, verifiedAs?: string) {
    const m = await memberWithSession();
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 100_000);
    const bank = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BPI',
      accountName: payee,
      accountNumber: `31${Math.floor(Math.random() * 1e9)}`,
    });
    const bankId = bank.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${bankId}/confirm`, operator)).statusCode).toBe(200);
    if (verifiedAs) await verify(m.id, verifiedAs);
    const order = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/cashier/withdraw',
      token: m.token,
      body: { bankAccountId: bankId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
    });
    expect(order.statusCode, order.body).toBe(200);
    return order.json().value.reference as string;
  }
  const auditRows = (event: string, target: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail'])
      .where('event', '=', event)
      .where(sql<SqlBool>`detail->>'target' = ${target}`)
      .execute();

  it('approves each deposit on its own: a refused one stops nothing, each is audited, a repeat counts once', {
    tags: ['postgres'],
  }, async () => {
    const a = await pendingDeposit(120);
    const b = await pendingDeposit(180);
    const refused = await pendingDeposit(150);
    expect(
      (
        await call(t, 'POST', `/admin/cashier/deposits/${refused.reference}/reject`, operator, {
          reason: 'no transfer',
        })
      ).statusCode,
    ).toBe(200);
    const res = await bulk('deposits', {
      action: 'approve',
      references: [a.reference, refused.reference, 'D-NOT-THERE-1', b.reference, a.reference],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().value.results as Outcome[];
    expect(results).toMatchObject([
      { reference: a.reference, ok: true, status: 'approved' },
      { reference: refused.reference, ok: false, code: 'CASHIER_STATE_CONFLICT' },
      { reference: 'D-NOT-THERE-1', ok: false, code: 'CASHIER_ORDER_NOT_FOUND' },
      { reference: b.reference, ok: true, status: 'approved' },
    ]);
    expect(await cash(a.member.id)).toBe(12_000);
    expect(await cash(b.member.id)).toBe(18_000);
    expect(await cash(refused.member.id)).toBe(0);
    expect(await auditRows('cashier.deposit.approve', a.reference)).toMatchObject([{ success: true }]);
    expect(await auditRows('cashier.deposit.approve', refused.reference)).toMatchObject([
      { success: false, detail: { code: 'CASHIER_STATE_CONFLICT' } },
    ]);

    // Two desks approving the same selection at once: each order is credited once.
    const c = await pendingDeposit(145);
    const d = await pendingDeposit(155);
    const [one, two] = await Promise.all([
      bulk('deposits', { action: 'approve', references: [c.reference, d.reference] }),
      bulk('deposits', { action: 'approve', references: [d.reference, c.reference] }),
    ]);
    for (const r of [one, two]) expect(r.statusCode, r.body).toBe(200);
    expect(await cash(c.member.id)).toBe(14_500);
    expect(await cash(d.member.id)).toBe(15_500);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('rejects deposits only with a reason, and refuses a bad selection as a whole', async () => {
    const a = await pendingDeposit(130);
    expectFailure(await bulk('deposits', { action: 'reject', references: [a.reference] }), 400, 'VALIDATION_FAILED');
    expectFailure(await bulk('deposits', { action: 'approve', references: [] }), 400, 'VALIDATION_FAILED');
    expect((await call(t, 'GET', `/admin/cashier/deposits/${a.reference}`, operator)).json().value.order.status).toBe(
      'pending',
    );
    const res = await bulk('deposits', { action: 'reject', references: [a.reference], reason: 'Nothing arrived' });
    expect(res.json().value.results).toEqual([{ reference: a.reference, ok: true, status: 'rejected' }]);
    const reader = await operatorToken(['cashier.read']);
    expectFailure(
      await call(t, 'POST', '/admin/cashier/deposits/bulk', reader.token, {
        action: 'approve',
        references: [a.reference],
      }),
      403,
      'AUTH_FORBIDDEN',
    );
  });

  it('approves withdrawals one by one: a payee who is not the verified name is held, the others go through', async () => {
    const fine = await pendingWithdrawal('Lito Ramos');
    const mismatched = await pendingWithdrawal('Carlo Cruz', 'Carla Cruz');
    const res = await bulk('withdrawals', { action: 'approve', references: [mismatched, fine] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.results).toMatchObject([
      { reference: mismatched, ok: false, code: 'CASHIER_PAYEE_MISMATCH' },
      { reference: fine, ok: true, status: 'approved' },
    ]);
    const status = async (reference: string) =>
      (await call(t, 'GET', `/admin/cashier/withdrawals/${reference}`, operator)).json().value.order.status;
    expect(await status(mismatched)).toBe('pending');
    const rejected = await bulk('withdrawals', { action: 'reject', references: [mismatched], reason: 'Payee unknown' });
    expect(rejected.json().value.results).toEqual([{ reference: mismatched, ok: true, status: 'rejected' }]);
    expect(await auditRows('cashier.withdrawal.approve', mismatched)).toMatchObject([
      { success: false, detail: { code: 'CASHIER_PAYEE_MISMATCH' } },
    ]);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('the queues show what the desk decides on', () => {
  it("lists a deposit's risk level and whether its depositor name is the verified one", async () => {
    const m = await memberWithSession();
    await verify(m.id, 'Ana Reyes');
    await t.ctx.db
      .insertInto('member_risk_levels')
      .values({ member_id: m.id, level: 'high', reason: 'test', source: 'operator' })
      .execute();
    const named = (await deposit(m.token, 200, { depositorName: 'ANA reyes' })).json().value.reference;
    const other = (await deposit(m.token, 210, { depositorName: 'Pedro Cafe' })).json().value.reference;
    const list = (
      await call(t, 'GET', `/admin/cashier/deposits?member=${m.username}&pageNo=1&pageSize=50`, operator)
    ).json().value.content as { reference: string; riskLevel: string; depositorMatch: string | null }[];
    const row = (reference: string) => list.find((d) => d.reference === reference);
    expect(row(named)).toMatchObject({ riskLevel: 'high', depositorMatch: 'match' });
    expect(row(other)).toMatchObject({ riskLevel: 'high', depositorMatch: 'mismatch' });
  });
});
