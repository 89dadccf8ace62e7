// postgres: concurrent withdrawals never hold more than the balance
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDue } from '../../scheduler/scheduler';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { balanceOf, post, verifyLedger } from '../ledger/ledger.service';
import {
  actors,
  call,
  expectFailure,
  fund,
  injectMultipart,
  JPEG_BYTES,
  PAYMENT_PASSWORD,
  PNG_BYTES,
  payingAccount,
  payoutOf,
  requestId,
  setPaymentPassword,
} from './cashier.fixtures';
import { withdrawalReceiptJob } from './cashier.jobs';
import { setCashierSettings } from './cashier-settings.service';

let t: TestApp;
let operator: string;
let payer: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await operatorToken()).token;
  payer = await payingAccount(t);
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

async function money(memberId: number) {
  return balanceOf(t.ctx.db, memberId, 'PHP');
}
async function withdrawalCount(memberId: number) {
  return (await t.ctx.db.selectFrom('withdrawal_orders').select('id').where('member_id', '=', memberId).execute())
    .length;
}

/** A member with a payment password, a confirmed bank account and `balance` minor units. */
async function readyMember(balance = 1_000_000) {
  const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
  await setPaymentPassword(t, m.id);
  if (balance > 0) await fund(t, m.id, balance);
  const added = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
    bankName: 'BDO',
    accountName: 'juan dela cruz',
    accountNumber: `00${Math.floor(Math.random() * 1e10)}`,
  });
  expect(added.statusCode).toBe(200);
  const accountId = added.json().value.id as number;
  expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, operator)).statusCode).toBe(200);
  return { ...m, accountId };
}

function withdraw(token: string, body: Record<string, unknown>) {
  return injectEncrypted(t.app, { method: 'POST', url: '/wps/cashier/withdraw', token, body });
}

describe('bank accounts', () => {
  it('binds a pending account under the real-name rule, masked, and unlinks it while pending', async () => {
    const m = await memberWithSession();
    const res = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BPI',
      accountName: 'Maria Santos',
      accountNumber: '1234567890',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      bankName: 'BPI',
      accountName: 'Maria Santos',
      accountNumber: '******7890',
      status: 'pending',
      confirmedAt: null,
    });
    const list = (await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list;
    expect(list).toHaveLength(1);
    expectFailure(
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'BPI',
        accountName: 'Maria Santos',
        accountNumber: '1234567890',
      }),
      409,
      'CASHIER_BANK_ACCOUNT_DUPLICATE',
    );
    const other = await memberWithSession();
    expectFailure(
      await call(t, 'DELETE', `/wps/cashier/bankAccounts/${list[0].id}`, other.token),
      404,
      'CASHIER_BANK_ACCOUNT_NOT_FOUND',
    );
    expect((await call(t, 'DELETE', `/wps/cashier/bankAccounts/${list[0].id}`, m.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list).toEqual([]);
  });

  it('refuses a name that is not a real name or not the registered payee name, and bad fields', async () => {
    const m = await memberWithSession({ payeeName: 'Ana Reyes' });
    const body = (over: Record<string, unknown>) => ({
      bankName: 'BPI',
      accountName: 'Ana Reyes',
      accountNumber: '5550001111',
      ...over,
    });
    const pattern = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ accountName: 'Ana1 Reyes' }));
    expectFailure(pattern, 400, 'VALIDATION_FAILED');
    expect(pattern.json().value.fields).toEqual({ accountName: 'PATTERN' });
    const single = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ accountName: 'Ana' }));
    expectFailure(single, 400, 'VALIDATION_FAILED');
    const mismatch = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ accountName: 'Ben Reyes' }));
    expect(mismatch.json().value.fields).toEqual({ accountName: 'MISMATCH' });
    expectFailure(
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ accountNumber: '12ab' })),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ bankName: '' })),
      400,
      'VALIDATION_FAILED',
    );
    // Case does not matter against the payee name.
    expect(
      (await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, body({ accountName: 'ANA REYES' }))).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list).toHaveLength(1);
  });

  it('takes the payee name from the first bind when none is registered, and holds later binds to it', {
    tags: ['postgres'],
  }, async () => {
    const m = await memberWithSession();
    const bind = (accountName: string, accountNumber: string) =>
      call(t, 'POST', '/wps/cashier/bankAccounts', m.token, { bankName: 'BDO', accountName, accountNumber });
    const payee = async () =>
      (await t.ctx.db.selectFrom('members').select('payee_name').where('id', '=', m.id).executeTakeFirstOrThrow())
        .payee_name;
    expect(await payee()).toBeNull();
    // A refused bind sets nothing: the first successful bind decides.
    expectFailure(await bind('Rosa1 Mendoza', '4440001111'), 400, 'VALIDATION_FAILED');
    expect(await payee()).toBeNull();
    expect((await bind('Rosa Mendoza', '4440001111')).statusCode).toBe(200);
    expect(await payee()).toBe('Rosa Mendoza');
    const other = await bind('Pedro Penduko', '4440002222');
    expectFailure(other, 400, 'VALIDATION_FAILED');
    expect(other.json().value.fields).toEqual({ accountName: 'MISMATCH' });
    expect((await bind('rosa mendoza', '4440003333')).statusCode).toBe(200);
    expect(await payee()).toBe('Rosa Mendoza');
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list).toHaveLength(2);

    // Two first binds at once under different names: one sets the name, the other is refused.
    const racer = await memberWithSession();
    const race = await Promise.all(
      ['Carlo Aquino', 'Dina Bonnevie'].map((accountName, i) =>
        call(t, 'POST', '/wps/cashier/bankAccounts', racer.token, {
          bankName: 'BDO',
          accountName,
          accountNumber: `55500011${i}`,
        }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = race.find((r) => r.statusCode === 200)?.json().value.accountName;
    const stored = await t.ctx.db
      .selectFrom('members')
      .select('payee_name')
      .where('id', '=', racer.id)
      .executeTakeFirstOrThrow();
    expect(stored.payee_name).toBe(winner);
  });

  it('locks an account once an operator confirms it (spec §4)', async () => {
    const m = await memberWithSession();
    const id = (
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'BPI',
        accountName: 'Lito Lapid',
        accountNumber: '777000111',
      })
    ).json().value.id;
    const confirmed = await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, operator);
    // This operator holds no members.pii: the number comes back masked (docs/operations.md).
    expect(confirmed.json().value).toMatchObject({
      id,
      status: 'confirmed',
      accountNumber: expect.stringMatching(/^\*+0111$/),
      member: { id: m.id },
    });
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, operator)).statusCode).toBe(200);
    expectFailure(
      await call(t, 'DELETE', `/wps/cashier/bankAccounts/${id}`, m.token),
      409,
      'CASHIER_BANK_ACCOUNT_LOCKED',
    );
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list[0].status).toBe('confirmed');
    expectFailure(
      await call(t, 'POST', '/admin/cashier/bankAccounts/99999999/confirm', operator),
      404,
      'CASHIER_BANK_ACCOUNT_NOT_FOUND',
    );
  });

  it('lets an operator reject a pending account with a reason the member reads, audited', async () => {
    const m = await memberWithSession();
    const bind = () =>
      call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'BPI',
        accountName: 'Rosa Mendoza',
        accountNumber: '555000111',
      });
    const id = (await bind()).json().value.id as number;
    // A reason is required, and nothing changes without one.
    expect(
      (await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/reject`, operator, { reason: ' ' })).statusCode,
    ).toBe(400);
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list[0]).toMatchObject({
      status: 'pending',
      rejectReason: null,
    });
    const rejected = await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/reject`, operator, {
      reason: 'The account name does not match the bank statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ id, status: 'rejected', rejectReason: expect.any(String) });
    expect((await call(t, 'GET', '/wps/cashier/bankAccounts', m.token)).json().value.list[0]).toMatchObject({
      id,
      status: 'rejected',
      rejectReason: 'The account name does not match the bank statement',
    });
    // The console's queue filters by it.
    const queue = await call(t, 'GET', '/admin/cashier/bankAccounts?status=rejected&pageNo=1&pageSize=50', operator);
    expect(queue.statusCode, queue.body).toBe(200);
    expect((queue.json().value.content as { id: number }[]).some((a) => a.id === id)).toBe(true);
    // A rejected account is neither confirmed later nor rejected twice, and takes no withdrawal.
    expectFailure(
      await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, operator),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    expectFailure(
      await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/reject`, operator, { reason: 'again' }),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'cashier.bankAccount.reject')
      .where('success', '=', true)
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    // The member removes it and binds the account again, for review.
    expect((await call(t, 'DELETE', `/wps/cashier/bankAccounts/${id}`, m.token)).statusCode).toBe(200);
    expect((await bind()).json().value).toMatchObject({ status: 'pending' });
  });

  it('refuses to reject a confirmed account', async () => {
    const m = await memberWithSession();
    const id = (
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'BPI',
        accountName: 'Dina Cruz',
        accountNumber: '555000222',
      })
    ).json().value.id;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, operator)).statusCode).toBe(200);
    expectFailure(
      await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/reject`, operator, { reason: 'late' }),
      409,
      'CASHIER_BANK_ACCOUNT_LOCKED',
    );
    expectFailure(
      await call(t, 'POST', '/admin/cashier/bankAccounts/99999999/reject', operator, { reason: 'x' }),
      404,
      'CASHIER_BANK_ACCOUNT_NOT_FOUND',
    );
  });

  it('refuses guests and trial members', async () => {
    expectFailure(await call(t, 'GET', '/wps/cashier/bankAccounts'), 401, 'AUTH_REQUIRED');
    const trial = await memberWithSession({ type: 4 });
    expectFailure(
      await call(t, 'POST', '/wps/cashier/bankAccounts', trial.token, {
        bankName: 'BPI',
        accountName: 'Tri Al',
        accountNumber: '123456789',
      }),
      403,
      'ACCOUNT_TRIAL_RESTRICTED',
    );
  });
});

describe('POST /wps/cashier/withdraw', () => {
  it('holds the amount and walks approve -> paid -> receipt with the money in the right places', {
    tags: ['postgres'],
  }, async () => {
    const m = await readyMember(500_000);
    const rid = requestId();
    const res = await withdraw(m.token, {
      bankAccountId: m.accountId,
      amount: 1234.5,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: rid,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().value;
    expect(order).toMatchObject({
      amount: 1234.5,
      status: 'pending',
      receipt: null,
      confirmBy: null,
      bankAccount: { bankName: 'BDO' },
    });
    expect(order.reference).toMatch(/^W[0-9A-F]{20}$/);
    expect(await money(m.id)).toEqual({ balance: 500_000, held: 123_450, available: 376_550 });
    // A retry with the same requestId holds nothing more.
    const again = await withdraw(m.token, {
      bankAccountId: m.accountId,
      amount: 1234.5,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: rid,
    });
    expect(again.json().value.reference).toBe(order.reference);
    expect((await money(m.id)).held).toBe(123_450);

    const info = (await call(t, 'GET', '/wps/cashier/withdrawInfo', m.token)).json().value;
    expect(info).toEqual({
      balance: 5000,
      available: 3765.5,
      min: 100,
      max: 50000,
      hasPaymentPassword: true,
      turnover: { required: 0, achieved: 0 },
      bonusForfeited: 0,
    });

    const url = `/admin/cashier/withdrawals/${order.reference}`;
    expectFailure(await call(t, 'POST', `${url}/paid`, operator, payoutOf(payer)), 409, 'CASHIER_STATE_CONFLICT');
    const [a1, a2] = await Promise.all([
      call(t, 'POST', `${url}/approve`, operator),
      call(t, 'POST', `${url}/approve`, operator),
    ]);
    expect(a1.statusCode).toBe(200);
    expect(a2.statusCode).toBe(200);
    expect(a1.json().value.status).toBe('approved');
    expect(await money(m.id)).toEqual({ balance: 376_550, held: 0, available: 376_550 });
    expectFailure(await call(t, 'POST', `${url}/reject`, operator, { reason: 'x' }), 409, 'CASHIER_STATE_CONFLICT');
    const payout = payoutOf(payer);
    const paid = await call(t, 'POST', `${url}/paid`, operator, payout);
    expect(paid.json().value).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect((await call(t, 'POST', `${url}/paid`, operator, payout)).statusCode).toBe(200);
    expect((await call(t, 'POST', `${url}/approve`, operator)).statusCode).toBe(200);
    expect(await money(m.id)).toEqual({ balance: 376_550, held: 0, available: 376_550 });

    const mine = (await call(t, 'GET', '/wps/cashier/withdrawals', m.token)).json().value;
    expect(mine.content[0]).toMatchObject({
      reference: order.reference,
      status: 'paid',
      confirmBy: expect.any(String),
    });

    const receipt = await injectMultipart(t, `/wps/cashier/withdraw/${order.reference}/receipt`, m.token, [
      { name: 'status', value: 'partial' },
      { name: 'comment', value: 'Only part arrived' },
      { name: 'images', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES },
      { name: 'images', filename: 'b.jpg', contentType: 'image/jpeg', data: JPEG_BYTES },
    ]);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().value).toMatchObject({
      status: 'confirmed',
      receipt: { status: 'partial', comment: 'Only part arrived', forced: false, imageCount: 2 },
      confirmBy: null,
    });
    expectFailure(
      await injectMultipart(t, `/wps/cashier/withdraw/${order.reference}/receipt`, m.token, [
        { name: 'status', value: 'received' },
      ]),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    const ops = (await call(t, 'GET', '/admin/cashier/withdrawals?status=confirmed', operator)).json().value;
    expect(ops.content.find((w: { reference: string }) => w.reference === order.reference)).toMatchObject({
      receiptStatus: 'partial',
      receiptForced: false,
    });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('releases the hold when an operator rejects', async () => {
    const m = await readyMember(100_000);
    const order = (
      await withdraw(m.token, {
        bankAccountId: m.accountId,
        amount: 500,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      })
    ).json().value;
    expect((await money(m.id)).held).toBe(50_000);
    const url = `/admin/cashier/withdrawals/${order.reference}`;
    const rejected = await call(t, 'POST', `${url}/reject`, operator, { reason: 'name mismatch at bank' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reason: 'name mismatch at bank' });
    expect((await call(t, 'POST', `${url}/reject`, operator, { reason: 'again' })).statusCode).toBe(200);
    expect(await money(m.id)).toEqual({ balance: 100_000, held: 0, available: 100_000 });
    expectFailure(await call(t, 'POST', `${url}/approve`, operator), 409, 'CASHIER_STATE_CONFLICT');
    expectFailure(await call(t, 'POST', `${url}/paid`, operator, payoutOf(payer)), 409, 'CASHIER_STATE_CONFLICT');
    expectFailure(
      await call(t, 'POST', '/admin/cashier/withdrawals/WNOSUCHORDER1/approve', operator),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
  });

  it('refuses every bad request with a clear code and holds nothing', async () => {
    const m = await readyMember(200_000);
    const base = { bankAccountId: m.accountId, amount: 500, paymentPassword: PAYMENT_PASSWORD };
    const go = (over: Record<string, unknown>) => withdraw(m.token, { ...base, requestId: requestId(), ...over });
    expectFailure(await go({ paymentPassword: 'Wrong@999' }), 400, 'PAYMENT_PASSWORD_INVALID');
    expectFailure(await go({ amount: 99.99 }), 400, 'CASHIER_AMOUNT_OUT_OF_RANGE');
    expectFailure(await go({ amount: 50_000.01 }), 400, 'CASHIER_AMOUNT_OUT_OF_RANGE');
    expectFailure(await go({ amount: 2000.01 }), 422, 'WALLET_INSUFFICIENT_FUNDS');
    expectFailure(await go({ amount: 1.005 }), 400, 'VALIDATION_FAILED');
    expectFailure(await go({ bankAccountId: 99999999 }), 404, 'CASHIER_BANK_ACCOUNT_NOT_FOUND');
    const pending = (
      await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'PNB',
        accountName: 'Juan Dela Cruz',
        accountNumber: '4440004444',
      })
    ).json().value;
    expectFailure(await go({ bankAccountId: pending.id }), 422, 'CASHIER_BANK_ACCOUNT_NOT_CONFIRMED');
    const stranger = await readyMember(0);
    expectFailure(await go({ bankAccountId: stranger.accountId }), 404, 'CASHIER_BANK_ACCOUNT_NOT_FOUND');
    expectFailure(await go({ requestId: undefined }), 400, 'VALIDATION_FAILED');
    // Plaintext body on an E route.
    const plain = await call(t, 'POST', '/wps/cashier/withdraw', m.token, { ...base, requestId: requestId() });
    expectFailure(plain, 400, 'ENCRYPTION_REQUIRED');
    // No payment password set.
    const noPwd = await memberWithSession();
    expectFailure(await withdraw(noPwd.token, { ...base, requestId: requestId() }), 422, 'PAYMENT_PASSWORD_NOT_SET');
    expect(await withdrawalCount(m.id)).toBe(0);
    expect(await money(m.id)).toEqual({ balance: 200_000, held: 0, available: 200_000 });
    // Guests and trial members.
    expectFailure(await withdraw('', { ...base, requestId: requestId() }), 401, 'AUTH_REQUIRED');
    const trial = await memberWithSession({ type: 4 });
    expectFailure(await withdraw(trial.token, { ...base, requestId: requestId() }), 403, 'ACCOUNT_TRIAL_RESTRICTED');
  });

  it('locks the payment password after five wrong answers', async () => {
    const m = await readyMember(200_000);
    const go = (pwd: string) =>
      withdraw(m.token, { bankAccountId: m.accountId, amount: 500, paymentPassword: pwd, requestId: requestId() });
    for (let i = 0; i < 5; i++) expectFailure(await go('Wrong@999'), 400, 'PAYMENT_PASSWORD_INVALID');
    expectFailure(await go('Wrong@999'), 429, 'RATE_LIMITED');
    // While locked, even the right answer is refused: guessing through the lock learns nothing.
    expectFailure(await go(PAYMENT_PASSWORD), 429, 'RATE_LIMITED');
    expect(await withdrawalCount(m.id)).toBe(0);
    t.advance(16 * 60_000);
    expect((await go(PAYMENT_PASSWORD)).statusCode).toBe(200);
  });

  it('enforces the turnover requirement and shows it', async () => {
    const m = await readyMember(0);
    const dep = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 1000,
        requestId: requestId(),
      })
    ).json().value;
    await call(t, 'POST', `/admin/cashier/deposits/${dep.reference}/approve`, operator);
    await setCashierSettings(t.ctx.db, { turnoverPercent: 100 });
    try {
      const info = (await call(t, 'GET', '/wps/cashier/withdrawInfo', m.token)).json().value;
      expect(info.turnover).toEqual({ required: 1000, achieved: 0 });
      const res = await withdraw(m.token, {
        bankAccountId: m.accountId,
        amount: 500,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      });
      expectFailure(res, 422, 'CASHIER_TURNOVER_NOT_MET');
      expect(res.json().value).toMatchObject({ required: 1000, achieved: 0 });
      expect(await withdrawalCount(m.id)).toBe(0);
      // Bets count towards it: 1,000.00 bet meets the requirement.
      await t.ctx.db.transaction().execute((trx) =>
        post(trx, {
          idempotencyKey: `test-bet:${m.id}`,
          type: 'bet',
          reference: 'test-round',
          entries: [
            { account: { member: m.id, currency: 'PHP' }, amount: -100_000 },
            { account: { house: 'vendor:TEST', currency: 'PHP' }, amount: 100_000 },
          ],
        }),
      );
      const after = (await call(t, 'GET', '/wps/cashier/withdrawInfo', m.token)).json().value;
      expect(after.turnover).toEqual({ required: 1000, achieved: 1000 });
      await fund(t, m.id, 100_000);
      const ok = await withdraw(m.token, {
        bankAccountId: m.accountId,
        amount: 500,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await setCashierSettings(t.ctx.db, { turnoverPercent: 0 });
    }
  });

  it('never holds more than the balance under 50 concurrent requests', {
    tags: ['postgres'],
    timeout: 60_000,
  }, async () => {
    // The cashier's own rule, without the VIP level's daily request limit (the demo's level 0
    // allows 10 a day; vip.test.ts covers those limits).
    await t.ctx.db.updateTable('vip_levels').set({ withdraw_daily_count: null }).where('level', '=', 0).execute();
    const m = await readyMember(1_000_000); // 10,000.00
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        withdraw(m.token, {
          bankAccountId: m.accountId,
          amount: 300,
          paymentPassword: PAYMENT_PASSWORD,
          requestId: requestId(),
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    for (const r of refused) expectFailure(r, 422, 'WALLET_INSUFFICIENT_FUNDS');
    expect(accepted).toHaveLength(33);
    const total = accepted.reduce((s, r) => s + Math.round(r.json().value.amount * 100), 0);
    expect(total).toBeLessThanOrEqual(1_000_000);
    expect(await money(m.id)).toEqual({ balance: 1_000_000, held: 990_000, available: 10_000 });
    expect(await withdrawalCount(m.id)).toBe(33);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('receipt confirmation', () => {
  async function paidWithdrawal(amount = 200) {
    const m = await readyMember(100_000);
    const order = (
      await withdraw(m.token, {
        bankAccountId: m.accountId,
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      })
    ).json().value;
    await call(t, 'POST', `/admin/cashier/withdrawals/${order.reference}/approve`, operator);
    await call(t, 'POST', `/admin/cashier/withdrawals/${order.reference}/paid`, operator, payoutOf(payer));
    return { m, reference: order.reference as string, url: `/wps/cashier/withdraw/${order.reference}/receipt` };
  }
  const png = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: 'images',
      filename: `p${i}.png`,
      contentType: 'image/png',
      data: PNG_BYTES,
    }));

  it('needs 1 to 3 images for not received, a valid status, a short comment and png/jpg files', async () => {
    const { m, url, reference } = await paidWithdrawal();
    const none = await injectMultipart(t, url, m.token, [{ name: 'status', value: 'not_received' }]);
    expectFailure(none, 400, 'VALIDATION_FAILED');
    expect(none.json().value.fields).toEqual({ images: 'REQUIRED' });
    expectFailure(
      await injectMultipart(t, url, m.token, [{ name: 'status', value: 'not_received' }, ...png(4)]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const badStatus = await injectMultipart(t, url, m.token, [{ name: 'status', value: 'lost' }]);
    expect(badStatus.json().value.fields).toEqual({ status: 'INVALID' });
    const long = await injectMultipart(t, url, m.token, [
      { name: 'status', value: 'received' },
      { name: 'comment', value: 'x'.repeat(141) },
    ]);
    expect(long.json().value.fields).toEqual({ comment: 'TOO_LONG' });
    const gif = await injectMultipart(t, url, m.token, [
      { name: 'status', value: 'not_received' },
      { name: 'images', filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a') },
    ]);
    expectFailure(gif, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const other = await memberWithSession();
    expectFailure(
      await injectMultipart(t, url, other.token, [{ name: 'status', value: 'received' }]),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    expectFailure(
      await injectMultipart(t, url, undefined, [{ name: 'status', value: 'received' }]),
      401,
      'AUTH_REQUIRED',
    );
    // Nothing changed by the refusals.
    const row = await t.ctx.db
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', receipt_status: null });
    expect(
      await t.ctx.db.selectFrom('cashier_files').select('id').where('reference', '=', reference).execute(),
    ).toHaveLength(0);

    const ok = await injectMultipart(t, url, m.token, [
      { name: 'status', value: 'not_received' },
      { name: 'comment', value: 'Nothing arrived' },
      ...png(3),
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.receipt).toMatchObject({ status: 'not_received', imageCount: 3, forced: false });
    // Not received moves no money by itself: the operator follows up.
    expect(await money(m.id)).toEqual({ balance: 80_000, held: 0, available: 80_000 });
  });

  it('refuses a receipt before payment', async () => {
    const m = await readyMember(100_000);
    const order = (
      await withdraw(m.token, {
        bankAccountId: m.accountId,
        amount: 150,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      })
    ).json().value;
    expectFailure(
      await injectMultipart(t, `/wps/cashier/withdraw/${order.reference}/receipt`, m.token, [
        { name: 'status', value: 'received' },
      ]),
      409,
      'CASHIER_STATE_CONFLICT',
    );
  });

  it('counts an unconfirmed paid withdrawal as received after the brand minutes, without returning money', async () => {
    const { m, reference } = await paidWithdrawal(300);
    const before = await money(m.id);
    const status = async () =>
      t.ctx.db.selectFrom('withdrawal_orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    t.advance(59 * 60_000);
    await runDue(t.ctx, withdrawalReceiptJob);
    expect((await status()).status).toBe('paid');
    t.advance(2 * 60_000);
    expect(await runDue(t.ctx, withdrawalReceiptJob)).toBe(true);
    // The same period does not run twice.
    expect(await runDue(t.ctx, withdrawalReceiptJob)).toBe(false);
    expect(await status()).toMatchObject({ status: 'confirmed', receipt_status: 'received', receipt_forced: true });
    expect(await money(m.id)).toEqual(before);
    const mine = (await call(t, 'GET', '/wps/cashier/withdrawals?status=confirmed', m.token)).json().value;
    expect(mine.content[0].receipt).toMatchObject({ status: 'received', forced: true });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
