// postgres: every path that moves one member's money at once, with no deadlock and no 5xx
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, fund, PAYMENT_PASSWORD, requestId, setPaymentPassword } from '../cashier/cashier.fixtures';
import { gatewaySecret, signBody } from '../cashier/cashier-callbacks.service';
import { balanceOf, verifyLedger } from './ledger.service';

// docs/wallet.md "Lock order": one member's bets, wins, rollbacks, deposits, withdrawals (asked, approved,
// rejected), transfers, adjustments and rebate claims all at once. On PostgreSQL two transactions
// that lock the same rows in opposite orders deadlock (one of them is killed); on PGlite (one connection) the test still checks that
// every request is answered without a 5xx and the ledger holds.

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  operator = (
    await operatorToken(['cashier.read', 'cashier.approve', 'cashier.settings', 'wallet.adjust', 'members.read'])
  ).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);
const id = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/**
 * The deadlocks PostgreSQL has counted in this test's database. A backend reports its count when it
 * exits, so the app's connections are ended first (the pool replaces them: the server survives
 * terminated backends) and the count is read on a connection of its own.
 */
async function deadlocks(): Promise<number> {
  const url = t.ctx.config.databaseUrl;
  if (!url) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await new Promise((r) => setTimeout(r, 500));
    await client.query('SELECT pg_stat_clear_snapshot()');
    const r = await client.query<{ deadlocks: number }>(
      'SELECT deadlocks::int AS deadlocks FROM pg_stat_database WHERE datname = current_database()',
    );
    return r.rows[0]?.deadlocks ?? 0;
  } finally {
    await client.end();
  }
}

async function gatewayCallback(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/wps/cashier/callback/sandbox',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(await gatewaySecret(t.ctx.db), raw) },
  });
}

describe('one member, every money path at once', { tags: ['postgres'] }, () => {
  it('answers every request without a 5xx, deadlocks nothing and keeps the ledger', async () => {
    const agent = await memberWithSession({ type: 1 });
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz', uplineId: agent.id });
    await setPaymentPassword(t, m.id);
    await setPaymentPassword(t, agent.id);
    await fund(t, m.id, 5_000_000);
    await fund(t, agent.id, 1_000_000);
    const added = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'juan dela cruz',
      accountNumber: '0012345678',
    });
    expect(added.statusCode).toBe(200);
    const accountId = added.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, operator)).statusCode).toBe(200);
    const vendor = (await t.ctx.db.selectFrom('games').select('vendor_code').limit(1).executeTakeFirstOrThrow())
      .vendor_code;
    const client = vendorClient(t, vendor);
    const session = await createGameSession(t, { memberId: m.id, vendor });

    // Gateway orders are made first: the race is between their paid callbacks and the rest.
    const orders: { reference: string; amount: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'SANDBOX_PAY',
        amount: 100,
        requestId: requestId(),
      });
      expect(res.statusCode).toBe(200);
      orders.push(res.json().value);
    }

    const requestWithdrawal = () =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
    // Four withdrawals wait in the queue: the operator approves two and rejects two during the race.
    const queued: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await requestWithdrawal();
      expect(res.statusCode).toBe(200);
      queued.push(res.json().value.reference);
    }

    const before = await deadlocks();
    const placeBet = async () => {
      const roundId = id('round');
      const transactionId = id('bet');
      const placed = await client.call('bet', {
        token: session.token,
        player: String(m.id),
        gameCode: session.gameCode,
        roundId,
        transactionId,
        amount: 100,
        currency: 'PHP',
      });
      return { roundId, transactionId, outcome: { path: 'bet', status: placed.statusCode, code: placed.body.status } };
    };
    const bet = async () => {
      const placed = await placeBet();
      const win = await client.call('win', {
        player: String(m.id),
        gameCode: session.gameCode,
        roundId: placed.roundId,
        transactionId: id('win'),
        betTransactionId: placed.transactionId,
        amount: 150,
        currency: 'PHP',
        roundClosed: true,
      });
      return [placed.outcome, { path: 'win', status: win.statusCode, code: win.body.status }];
    };
    const rolledBack = async () => {
      const placed = await placeBet();
      const r = await client.call('rollback', {
        player: String(m.id),
        roundId: placed.roundId,
        transactionId: id('rb'),
        rollbackTransactionId: placed.transactionId,
      });
      return [placed.outcome, { path: 'rollback', status: r.statusCode, code: r.body.status }];
    };
    const deposit = async (order: { reference: string }) => {
      const r = await gatewayCallback({
        reference: order.reference,
        transactionId: id('TX'),
        status: 'paid',
        amount: 10_000,
      });
      return [{ path: 'deposit', status: r.statusCode, code: r.json().code }];
    };
    const withdraw = async () => {
      const r = await requestWithdrawal();
      return [{ path: 'withdraw', status: r.statusCode, code: r.json().code }];
    };
    const toUpline = async () => {
      const r = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/member/transfer/upline',
        token: m.token,
        body: { amount: 1, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
      return [{ path: 'transfer-upline', status: r.statusCode, code: r.json().code }];
    };
    const toDownline = async () => {
      const r = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/agent/transfer/downline',
        token: agent.token,
        body: { username: m.username, amount: 1, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
      return [{ path: 'transfer-downline', status: r.statusCode, code: r.json().code }];
    };

    const decide = async (reference: string, action: 'approve' | 'reject') => {
      const r = await call(
        t,
        'POST',
        `/admin/cashier/withdrawals/${reference}/${action}`,
        operator,
        action === 'reject' ? { reason: 'Lock order test' } : {},
      );
      return [{ path: `withdrawal-${action}`, status: r.statusCode, code: r.json().code }];
    };
    const adjust = async () => {
      const r = await call(t, 'POST', `/admin/members/${m.id}/adjustments`, operator, {
        direction: 'credit',
        amount: 1,
        reason: 'Lock order test',
        requestId: requestId(),
      });
      return [{ path: 'adjustment', status: r.statusCode, code: r.json().code }];
    };
    const rebates: number[] = [];
    const claimRebate = async () => {
      const r = await call(t, 'POST', '/wps/rebate/claim', m.token, {});
      const body = r.json();
      if (body.success) rebates.push(Math.round(body.value.amount * 100));
      // Nothing accrued yet, or another claim took it: a refusal the member can read, not a failure.
      return [{ path: 'rebate-claim', status: r.statusCode, code: r.statusCode < 500 ? undefined : body.code }];
    };

    const work: (() => Promise<{ path: string; status: number; code: unknown }[]>)[] = [];
    for (let i = 0; i < 60; i++) work.push(bet);
    for (let i = 0; i < 6; i++) work.push(rolledBack);
    for (const order of orders) work.push(() => deposit(order));
    for (let i = 0; i < 6; i++) work.push(withdraw, toUpline, toDownline);
    for (let i = 0; i < 4; i++) work.push(adjust);
    for (let i = 0; i < 3; i++) work.push(claimRebate);
    work.push(
      () => decide(queued[0] as string, 'approve'),
      () => decide(queued[1] as string, 'approve'),
      () => decide(queued[2] as string, 'reject'),
      () => decide(queued[3] as string, 'reject'),
    );
    // Shuffled so every kind overlaps every other.
    for (let i = work.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [work[i], work[j]] = [work[j] as (typeof work)[number], work[i] as (typeof work)[number]];
    }
    const results = (await Promise.all(work.map((w) => w()))).flat();

    const failures = results.filter((r) => r.status >= 500 || (r.code !== undefined && r.code !== 'OK'));
    expect(failures).toEqual([]);
    expect(await deadlocks()).toBe(before);
    const paid = await t.ctx.db
      .selectFrom('deposit_orders')
      .select('status')
      .where('member_id', '=', m.id)
      .where('status', '!=', 'approved')
      .execute();
    expect(paid).toEqual([]);
    // 60 rounds won +0.50, 12 deposits +100.00, four adjustments +1.00, the rebates paid, the 2
    // approved withdrawals of 100.00 paid out; 100.00 held for each of the 6 new withdrawals (the 2
    // rejected were released); 6 transfers of 1.00 out and 6 in.
    const balance = 5_000_000 + 60 * 50 + 12 * 10_000 + 4 * 100 + rebates.reduce((a, b) => a + b, 0) - 2 * 10_000;
    expect(await balanceOf(t.ctx.db, m.id, 'PHP')).toEqual({
      balance,
      held: 6 * 10_000,
      available: balance - 6 * 10_000,
    });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  }, 120_000);
});
