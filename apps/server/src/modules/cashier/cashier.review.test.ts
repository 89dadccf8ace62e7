import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { actors, call, expectFailure, fund, PAYMENT_PASSWORD, requestId, setPaymentPassword } from './cashier.fixtures';

// The back office's cashier: who may reach the queues and actions, the bank-account queue, an order's
// detail with risk hints, and the queues' filters.

let t: TestApp;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  reader = (await operatorToken(['cashier.read'])).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

async function addAccount(token: string, accountNumber: string) {
  const res = await call(t, 'POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BDO',
    accountName: 'juan dela cruz',
    accountNumber,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.id as number;
}

function uniqueNumber() {
  return `77${Math.floor(Math.random() * 1e10)}`;
}

describe('GET /admin/cashier/bankAccounts', () => {
  it('lists pending accounts newest first, finds one by username or number, and pages', async () => {
    const a = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    const number = uniqueNumber();
    const id = await addAccount(a.token, number);
    const pending = await call(t, 'GET', '/admin/cashier/bankAccounts?status=pending&pageSize=200', reader);
    expect(pending.statusCode).toBe(200);
    const rows = pending.json().value.content as { id: number; status: string }[];
    expect(rows.some((r) => r.id === id)).toBe(true);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);

    // Without members.pii the number and the holder's name read masked; with it, in full.
    const masked = `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;
    const byNumber = await call(t, 'GET', `/admin/cashier/bankAccounts?q=${number}`, reader);
    expect(byNumber.json().value).toMatchObject({
      totalElements: 1,
      content: [
        { id, accountNumber: masked, accountName: 'j*** d*** c***', member: { id: a.id, username: a.username } },
      ],
    });
    const piiReader = (await operatorToken(['cashier.read', 'members.pii'])).token;
    expect((await call(t, 'GET', `/admin/cashier/bankAccounts?q=${number}`, piiReader)).json().value.content).toEqual([
      expect.objectContaining({ id, accountNumber: number, accountName: 'juan dela cruz', status: 'pending' }),
    ]);
    const byName = await call(t, 'GET', `/admin/cashier/bankAccounts?q=${a.username.slice(2).toUpperCase()}`, reader);
    expect(byName.json().value.content.map((r: { id: number }) => r.id)).toContain(id);
    // '%' is a character to find, not a wildcard.
    const wildcard = await call(t, 'GET', '/admin/cashier/bankAccounts?q=%25', reader);
    expect(wildcard.json().value.totalElements).toBe(0);

    const approver = (await operatorToken(['cashier.approve'])).token;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${id}/confirm`, approver)).statusCode).toBe(200);
    const confirmed = await call(t, 'GET', `/admin/cashier/bankAccounts?status=confirmed&q=${number}`, reader);
    expect(confirmed.json().value.content).toMatchObject([{ id, status: 'confirmed' }]);
    const stillPending = await call(t, 'GET', `/admin/cashier/bankAccounts?status=pending&q=${number}`, reader);
    expect(stillPending.json().value.totalElements).toBe(0);
  });

  it('needs cashier.read', async () => {
    const other = (await operatorToken(['members.read'])).token;
    expectFailure(await call(t, 'GET', '/admin/cashier/bankAccounts', other), 403, 'AUTH_FORBIDDEN');
    const member = await memberWithSession();
    const res = await call(t, 'GET', '/admin/cashier/bankAccounts', member.token);
    expect(res.statusCode).toBeGreaterThanOrEqual(401);
    expect(res.statusCode).toBeLessThanOrEqual(403);
    expectFailure(await call(t, 'GET', '/admin/cashier/bankAccounts?status=odd', reader), 400, 'VALIDATION_FAILED');
  });
});

describe('order detail with risk hints', () => {
  it('a deposit: the order, members sharing its bank account or IP, the turnover', async () => {
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    const twin = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    const number = uniqueNumber();
    await addAccount(m.token, number);
    await addAccount(twin.token, number);
    await t.ctx.db
      .updateTable('members')
      .set({ last_login_ip: '203.0.113.77' })
      .where('id', 'in', [m.id, twin.id])
      .execute();
    const created = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 250,
      requestId: requestId(),
    });
    expect(created.statusCode).toBe(200);
    const reference = created.json().value.reference as string;

    const res = await call(t, 'GET', `/admin/cashier/deposits/${reference}`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      order: { reference, member: { id: m.id }, amount: 250, status: 'pending', kind: 'bank_transfer' },
      risk: {
        sameBankAccount: [{ id: twin.id, username: twin.username }],
        memberIp: '203.0.113.77',
        sameIp: [{ id: twin.id, username: twin.username }],
        firstWithdrawal: null,
        turnover: { required: 0, achieved: 0 },
      },
    });
    expectFailure(
      await call(t, 'GET', '/admin/cashier/deposits/D0000000000000000000000', reader),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    const other = (await operatorToken(['members.read'])).token;
    expectFailure(await call(t, 'GET', `/admin/cashier/deposits/${reference}`, other), 403, 'AUTH_FORBIDDEN');
  });

  it('a withdrawal: first until one is approved, then not for the next', async () => {
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 1_000_000);
    const accountId = await addAccount(m.token, uniqueNumber());
    const approver = (await operatorToken(['cashier.approve'])).token;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, approver)).statusCode).toBe(200);
    const withdraw = async () => {
      const res = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
      expect(res.statusCode).toBe(200);
      return res.json().value.reference as string;
    };
    const first = await withdraw();
    const detail = await call(t, 'GET', `/admin/cashier/withdrawals/${first}`, reader);
    expect(detail.json().value).toMatchObject({
      order: { reference: first, status: 'pending', amount: 100 },
      risk: { firstWithdrawal: true, sameBankAccount: [] },
    });
    expect((await call(t, 'POST', `/admin/cashier/withdrawals/${first}/approve`, approver)).statusCode).toBe(200);
    const second = await withdraw();
    const next = await call(t, 'GET', `/admin/cashier/withdrawals/${second}`, reader);
    expect(next.json().value.risk.firstWithdrawal).toBe(false);
    // The approved one itself still counts as the first.
    expect(
      (await call(t, 'GET', `/admin/cashier/withdrawals/${first}`, reader)).json().value.risk.firstWithdrawal,
    ).toBe(true);
  });
});

describe('queue filters', () => {
  type Row = { reference: string };
  async function references(url: string) {
    const res = await call(t, 'GET', url, reader);
    expect(res.statusCode).toBe(200);
    return (res.json().value.content as Row[]).map((r) => r.reference);
  }

  it('deposits by member, method, amount range, day range and reference, on the server', async () => {
    const m = await memberWithSession();
    const other = await memberWithSession();
    const deposit = async (token: string, amount: number) => {
      const res = await call(t, 'POST', '/wps/cashier/deposit', token, {
        methodCode: 'BANK_TRANSFER',
        amount,
        requestId: requestId(),
      });
      expect(res.statusCode).toBe(200);
      return res.json().value.reference as string;
    };
    const small = await deposit(m.token, 250);
    const large = await deposit(m.token, 1000);
    const theirs = await deposit(other.token, 600);
    // created_at is never written by the code (CreatedAt): the test moves it back with plain SQL.
    await sql`UPDATE deposit_orders SET created_at = '2026-01-14T16:30:00Z' WHERE reference = ${small}`.execute(
      t.ctx.db,
    );

    const mine = `/admin/cashier/deposits?pageSize=200&member=${m.username.slice(1).toUpperCase()}`;
    expect((await references(mine)).sort()).toEqual([small, large].sort());
    expect(await references(`${mine}&minAmount=250.01`)).toEqual([large]);
    expect(await references(`${mine}&maxAmount=250`)).toEqual([small]);
    expect(await references(`${mine}&minAmount=300&maxAmount=999.99`)).toEqual([]);
    // Both days inclusive, brand days (Manila): 16:30 UTC on the 14th is 00:30 on the 15th there.
    expect(await references(`${mine}&from=2026-01-15&to=2026-01-15`)).toEqual([small]);
    expect(await references(`${mine}&to=2026-01-14`)).toEqual([]);
    expect(await references(`${mine}&from=2026-01-16`)).toEqual([large]);
    expect(await references(`${mine}&method=BANK_TRANSFER`)).toHaveLength(2);
    expect(await references(`${mine}&method=NO_SUCH_METHOD`)).toEqual([]);
    expect(await references(`/admin/cashier/deposits?reference=${theirs.slice(0, -1).toLowerCase()}`)).toEqual([
      theirs,
    ]);
    // A part from the middle of a reference is not its start.
    expect(await references(`/admin/cashier/deposits?reference=${theirs.slice(2)}`)).toEqual([]);
    const counted = await call(
      t,
      'GET',
      `/admin/cashier/deposits?member=${m.username}&status=pending&minAmount=500&pageSize=1`,
      reader,
    );
    expect(counted.json().value).toMatchObject({ totalElements: 1, content: [{ reference: large }] });
  });

  it('refuses bad filters with field errors', async () => {
    for (const query of [
      'minAmount=abc',
      'minAmount=1.234',
      // Exponent notation is not an amount a person typed.
      'minAmount=1e3',
      'minAmount=-5',
      'minAmount=10&maxAmount=5',
      'from=2026-02-01&to=2026-01-01',
      'from=2026-13-01',
      `member=${'x'.repeat(41)}`,
    ]) {
      expectFailure(await call(t, 'GET', `/admin/cashier/deposits?${query}`, reader), 400, 'VALIDATION_FAILED');
      expectFailure(await call(t, 'GET', `/admin/cashier/withdrawals?${query}`, reader), 400, 'VALIDATION_FAILED');
    }
    const res = await call(t, 'GET', '/admin/cashier/deposits?minAmount=10&maxAmount=5', reader);
    expect(JSON.stringify(res.json())).toContain('maxAmount');
  });

  it('withdrawals by member, bank, amount and reference', async () => {
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 1_000_000);
    const accountId = await addAccount(m.token, uniqueNumber());
    const approver = (await operatorToken(['cashier.approve'])).token;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, approver)).statusCode).toBe(200);
    const withdraw = async (amount: number) => {
      const res = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
      expect(res.statusCode).toBe(200);
      return res.json().value.reference as string;
    };
    const a = await withdraw(100);
    const b = await withdraw(300);
    const mine = `/admin/cashier/withdrawals?pageSize=200&member=${m.username}`;
    expect((await references(mine)).sort()).toEqual([a, b].sort());
    expect(await references(`${mine}&minAmount=200`)).toEqual([b]);
    expect((await references(`${mine}&bank=bd`)).sort()).toEqual([a, b].sort());
    expect(await references(`${mine}&bank=metrobank`)).toEqual([]);
    expect(await references(`${mine}&reference=${a}`)).toEqual([a]);
    const today = await brandToday(t.ctx);
    expect(await references(`${mine}&to=2020-01-01`)).toEqual([]);
    expect((await references(`${mine}&from=2020-01-01&to=${today}`)).sort()).toEqual([a, b].sort());
  });
});

describe('operator cashier routes: role refusals', () => {
  const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['GET', '/admin/cashier/deposits'],
    ['POST', '/admin/cashier/deposits/DXXXXXXXXXXXX/approve'],
    ['POST', '/admin/cashier/deposits/DXXXXXXXXXXXX/reject', { reason: 'r' }],
    ['GET', '/admin/cashier/withdrawals'],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/approve'],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/reject', { reason: 'r' }],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/paid', { payoutReference: 'r', payingAccountId: 1, fee: 0 }],
    ['POST', '/admin/cashier/bankAccounts/1/confirm'],
    ['GET', '/admin/cashier/images/DXXXXXXXXXXXX'],
    ['GET', '/admin/cashier/images/DXXXXXXXXXXXX/1'],
  ];

  it('refuses guests, members, trial members, agents and operators without the cashier permission', async () => {
    const member = await memberWithSession();
    const trial = await memberWithSession({ type: 4 });
    const agent = await memberWithSession({ type: 1 });
    const otherOperator = await operatorToken(['content.write']);
    for (const [method, url, body] of routes) {
      expectFailure(await call(t, method, url, undefined, body), 401, 'AUTH_REQUIRED');
      for (const token of [member.token, trial.token, agent.token, otherOperator.token])
        expectFailure(await call(t, method, url, token, body), 403, 'AUTH_FORBIDDEN');
    }
  });

  it('lets an operator with the cashier permission list and filter orders', async () => {
    const op = await operatorToken(['cashier.read']);
    const m = await memberWithSession();
    const dep = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 150,
        requestId: requestId(),
      })
    ).json().value;
    const pending = (await call(t, 'GET', '/admin/cashier/deposits?status=pending&pageSize=200', op.token)).json()
      .value;
    expect(pending.content.find((d: { reference: string }) => d.reference === dep.reference)).toMatchObject({
      member: { id: m.id, username: m.username },
      amount: 150,
      status: 'pending',
      proofCount: 0,
    });
    const approved = (await call(t, 'GET', '/admin/cashier/deposits?status=approved', op.token)).json().value;
    expect(approved.content.some((d: { reference: string }) => d.reference === dep.reference)).toBe(false);
    expectFailure(await call(t, 'GET', '/admin/cashier/withdrawals?status=nope', op.token), 400, 'VALIDATION_FAILED');
    expect((await call(t, 'GET', '/admin/cashier/withdrawals', op.token)).statusCode).toBe(200);
  });
});
