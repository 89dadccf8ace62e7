// postgres: concurrent replays of one transfer post once

import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { hashPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { getBrand, setBrandSetting, setSwitch } from '../brand/brand.service';
import { balanceOf, post, verifyLedger } from '../ledger/ledger.service';

let t: TestApp;
let seq = 0;
const PAY = 'Pay@12345';

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await setBrandSetting(t.ctx.db, 'currencySymbol', '₱');
});
afterAll(() => t.close());

function rid() {
  seq++;
  return `req${Date.now().toString(36)}${seq}`;
}

async function account(input: Parameters<typeof createMember>[1] = {}, payment: string | null = PAY) {
  const m = await createMember(t.ctx, input);
  if (payment)
    await t.ctx.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(payment) })
      .where('id', '=', m.id)
      .execute();
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

function credit(memberId: number, amount: number, type = 'deposit') {
  const k = rid();
  return t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: k,
      type,
      reference: `R-${k}`,
      entries: [
        { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -amount },
        { account: { member: memberId, currency: 'PHP' }, amount },
      ],
    }),
  );
}

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

async function postings() {
  const r = await t.ctx.db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('GET /wps/v2/wallets/balance', () => {
  it('returns balance, available and held in major units', async () => {
    const m = await account();
    await credit(m.id, 123_456);
    const res = await get('/wps/v2/wallets/balance', m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      balance: 1234.56,
      available: 1234.56,
      held: 0,
      currency: 'PHP',
      currencySymbol: '₱',
    });
  });

  it('answers zero for a new member and works for trial accounts; refuses without a session', async () => {
    const trial = await account({ type: 4 });
    expect((await get('/wps/v2/wallets/balance', trial.token)).json().value.balance).toBe(0);
    const res = await get('/wps/v2/wallets/balance');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_REQUIRED');
    expect((await get('/wps/v2/wallets/balance', 'nonsense')).json().code).toBe('AUTH_SESSION_EXPIRED');
  });
});

describe('GET /wps/relay/GCS_merchantWallet', () => {
  it('is a single wallet by default, privately cached for five minutes', async () => {
    const m = await account();
    const res = await get('/wps/relay/GCS_merchantWallet?merchantCode=demo', m.token);
    expect(res.json().value).toEqual({ isSingle: 1 });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    await setBrandSetting(t.ctx.db, 'walletMode', 'transfer');
    try {
      expect((await get('/wps/relay/GCS_merchantWallet', m.token)).json().value).toEqual({ isSingle: 0 });
    } finally {
      await setBrandSetting(t.ctx.db, 'walletMode', 'single');
    }
    expect((await get('/wps/relay/GCS_merchantWallet')).statusCode).toBe(401);
  });
});

describe('POST /wps/relay/GCS_walletTransfer', () => {
  const call = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      payload: body as object,
      headers: { authorization: token },
    });

  it('is FEATURE_DISABLED in single-wallet mode and posts nothing', async () => {
    const m = await account();
    await credit(m.id, 10_000);
    const before = await postings();
    const res = await call(m.token, { vendor: 'AG', direction: 'IN', amount: 10, requestId: rid() });
    expect(res.json().code).toBe('FEATURE_DISABLED');
    expect(await postings()).toBe(before);
  });

  async function vendorSetup(code: string, set: { wallet_mode?: 'seamless' | 'transfer'; enabled?: boolean }) {
    await t.ctx.db.updateTable('vendor_integrations').set(set).where('vendor_code', '=', code).execute();
  }
  async function vendorStatus(code: string, status: 'active' | 'maintenance' | 'hidden') {
    await t.ctx.db.updateTable('vendors').set({ status }).where('code', '=', code).execute();
  }

  it('moves money main <-> vendor wallet in transfer mode, once per requestId', async () => {
    await setBrandSetting(t.ctx.db, 'walletMode', 'transfer');
    await vendorSetup('AG', { wallet_mode: 'transfer' });
    try {
      const m = await account();
      await credit(m.id, 10_000);
      const requestId = rid();
      const first = await call(m.token, { vendor: 'AG', direction: 'IN', amount: 30.5, requestId });
      expect(first.statusCode).toBe(200);
      expect(first.json().value).toEqual({
        balance: 69.5,
        available: 69.5,
        vendorBalance: 30.5,
        vendor: 'AG',
        currency: 'PHP',
        replayed: false,
      });
      const again = await call(m.token, { vendor: 'AG', direction: 'IN', amount: 30.5, requestId });
      expect(again.json().value).toMatchObject({ balance: 69.5, replayed: true });
      const conflict = await call(m.token, { vendor: 'AG', direction: 'IN', amount: 31, requestId });
      expect(conflict.json().code).toBe('WALLET_IDEMPOTENCY_CONFLICT');
      const back = await call(m.token, { vendor: 'AG', direction: 'OUT', amount: 0.5, requestId: rid() });
      expect(back.json().value).toMatchObject({ balance: 70, vendorBalance: 30 });
      const before = await postings();
      const tooMuch = await call(m.token, { vendor: 'AG', direction: 'OUT', amount: 30.01, requestId: rid() });
      expect(tooMuch.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
      const noVendor = await call(m.token, { vendor: 'NOPE', direction: 'IN', amount: 1, requestId: rid() });
      expect(noVendor.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { vendor: 'INVALID' } } });
      for (const body of [
        { vendor: 'AG', direction: 'SIDEWAYS', amount: 1, requestId: rid() },
        { vendor: 'AG', direction: 'IN', amount: 0, requestId: rid() },
        { vendor: 'AG', direction: 'IN', amount: 1.005, requestId: rid() },
        { vendor: 'AG', direction: 'IN', amount: 1, requestId: 'x' },
        { vendor: 'A G', direction: 'IN', amount: 1 },
      ]) {
        const res = await call(m.token, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      const trial = await account({ type: 4 });
      expect(
        (await call(trial.token, { vendor: 'AG', direction: 'IN', amount: 1, requestId: rid() })).json().code,
      ).toBe('ACCOUNT_TRIAL_RESTRICTED');
      expect(await postings()).toBe(before);
      expect(await balanceOf(t.ctx.db, m.id, 'PHP')).toEqual({ balance: 7_000, held: 0, available: 7_000 });
    } finally {
      await setBrandSetting(t.ctx.db, 'walletMode', 'single');
      await vendorSetup('AG', { wallet_mode: 'seamless' });
    }
  });

  it('refuses IN to a seamless, disabled or inactive vendor, posting nothing', async () => {
    await setBrandSetting(t.ctx.db, 'walletMode', 'transfer');
    try {
      const m = await account();
      await credit(m.id, 10_000);
      const before = await postings();
      const into = () => call(m.token, { vendor: 'AG', direction: 'IN', amount: 1, requestId: rid() });
      const refusedAsInvalid = async () => {
        const res = await into();
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { vendor: 'INVALID' } } });
      };
      // AG is seeded seamless: the vendor debits the main wallet itself, a vendor wallet is wrong.
      await refusedAsInvalid();
      await vendorSetup('AG', { wallet_mode: 'transfer', enabled: false });
      await refusedAsInvalid();
      await vendorSetup('AG', { enabled: true });
      await vendorStatus('AG', 'maintenance');
      await refusedAsInvalid();
      await vendorStatus('AG', 'active');
      expect((await into()).statusCode).toBe(200);
      expect(await postings()).toBe(before + 1);
    } finally {
      await setBrandSetting(t.ctx.db, 'walletMode', 'single');
      await vendorSetup('AG', { wallet_mode: 'seamless', enabled: true });
      await vendorStatus('AG', 'active');
    }
  });

  it('always lets money OUT of a vendor wallet the member has: single wallet, inactive or seamless vendor', async () => {
    const m = await account();
    await credit(m.id, 10_000);
    await setBrandSetting(t.ctx.db, 'walletMode', 'transfer');
    await vendorSetup('BBIN', { wallet_mode: 'transfer' });
    try {
      expect((await call(m.token, { vendor: 'BBIN', direction: 'IN', amount: 60, requestId: rid() })).statusCode).toBe(
        200,
      );
    } finally {
      await setBrandSetting(t.ctx.db, 'walletMode', 'single');
    }
    const out = (amount: number) => call(m.token, { vendor: 'BBIN', direction: 'OUT', amount, requestId: rid() });
    try {
      // The brand went back to single wallet: IN is disabled, OUT still returns the money.
      expect((await call(m.token, { vendor: 'BBIN', direction: 'IN', amount: 1, requestId: rid() })).json().code).toBe(
        'FEATURE_DISABLED',
      );
      expect((await out(10)).json().value).toMatchObject({ balance: 50, vendorBalance: 50 });
      await vendorStatus('BBIN', 'maintenance');
      expect((await out(20)).json().value).toMatchObject({ balance: 70, vendorBalance: 30 });
      await vendorStatus('BBIN', 'active');
      await vendorSetup('BBIN', { wallet_mode: 'seamless', enabled: false });
      expect((await out(30)).json().value).toMatchObject({ balance: 100, vendorBalance: 0 });
      const before = await postings();
      expect((await out(0.01)).json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
      // No vendor wallet at all (never transferred to PT) or an unknown vendor: nothing to take out.
      const none = await call(m.token, { vendor: 'PT', direction: 'OUT', amount: 1, requestId: rid() });
      expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { vendor: 'INVALID' } } });
      const unknown = await call(m.token, { vendor: 'NOPE', direction: 'OUT', amount: 1, requestId: rid() });
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { vendor: 'INVALID' } } });
      expect(await postings()).toBe(before);
      expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(10_000);
      expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
    } finally {
      await vendorStatus('BBIN', 'active');
      await vendorSetup('BBIN', { wallet_mode: 'seamless', enabled: true });
    }
  });
});

describe('GET /wps/member/info/funds/consolidated', () => {
  it('lists main, held, bonus and vendor wallets when AGENTPOLICY3 is on; FEATURE_DISABLED when off', async () => {
    const m = await account();
    await credit(m.id, 5_000);
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: rid(),
        type: 'bonus',
        reference: 'promo',
        entries: [
          { account: { house: 'promotions-expense', currency: 'PHP' }, amount: -250 },
          { account: { member: m.id, kind: 'bonus', currency: 'PHP' }, amount: 250 },
        ],
      }),
    );
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: rid(),
        type: 'wallet-transfer',
        reference: 'WT',
        entries: [
          { account: { member: m.id, currency: 'PHP' }, amount: -1_000 },
          { account: { member: m.id, kind: 'vendor:PT', currency: 'PHP' }, amount: 1_000 },
        ],
      }),
    );
    await setSwitch(t.ctx.db, 'AGENTPOLICY3', true);
    const res = await get('/wps/member/info/funds/consolidated', m.token);
    expect(res.json().value).toEqual({
      balance: 40,
      available: 40,
      held: 0,
      bonus: 2.5,
      vendorWallets: [{ vendor: 'PT', balance: 10 }],
      currency: 'PHP',
    });
    const trial = await account({ type: 4 });
    expect((await get('/wps/member/info/funds/consolidated', trial.token)).json().code).toBe(
      'ACCOUNT_TRIAL_RESTRICTED',
    );
    await setSwitch(t.ctx.db, 'AGENTPOLICY3', false);
    try {
      expect((await get('/wps/member/info/funds/consolidated', m.token)).json().code).toBe('FEATURE_DISABLED');
    } finally {
      await setSwitch(t.ctx.db, 'AGENTPOLICY3', true);
    }
  });
});

describe('POST /wps/member/transfer/upline', () => {
  const call = (token: string, body: unknown) =>
    injectEncrypted(t.app, { method: 'POST', url: '/wps/member/transfer/upline', body, token });

  it('moves money to the upline with the payment password, once per requestId', { tags: ['postgres'] }, async () => {
    const agent = await account({ type: 1 });
    const m = await account({ uplineId: agent.id });
    await credit(m.id, 10_000);
    const requestId = rid();
    const res = await call(m.token, { amount: 25, paymentPassword: PAY, requestId });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      amount: 25,
      balance: 75,
      available: 75,
      currency: 'PHP',
      replayed: false,
    });
    const replays = await Promise.all(
      [1, 2, 3].map(() => call(m.token, { amount: 25, paymentPassword: PAY, requestId })),
    );
    expect(replays.map((r) => r.json().value.replayed)).toEqual([true, true, true]);
    expect((await balanceOf(t.ctx.db, agent.id, 'PHP')).balance).toBe(2_500);
    expect((await call(m.token, { amount: 26, paymentPassword: PAY, requestId })).json().code).toBe(
      'WALLET_IDEMPOTENCY_CONFLICT',
    );
  });

  it('locks the payment password after five wrong answers, for transfers too', async () => {
    const agent = await account({ type: 1 });
    const m = await account({ uplineId: agent.id });
    await credit(m.id, 1_000);
    const before = await postings();
    const go = (paymentPassword: string) => call(m.token, { amount: 1, paymentPassword, requestId: rid() });
    for (let i = 0; i < 5; i++) expect((await go('Wrong@999')).json().code).toBe('PAYMENT_PASSWORD_INVALID');
    expect((await go('Wrong@999')).statusCode).toBe(429);
    const locked = await go(PAY);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(await postings()).toBe(before);
  });

  it('refuses a wrong or unset payment password, no upline, too much and bad input, posting nothing', async () => {
    const agent = await account({ type: 1 });
    const m = await account({ uplineId: agent.id });
    const orphan = await account();
    const unset = await account({ uplineId: agent.id }, null);
    await credit(m.id, 1_000);
    await credit(orphan.id, 1_000);
    await credit(unset.id, 1_000);
    const disabledAgent = await account({ type: 1, status: 'disabled' });
    const underDisabled = await account({ uplineId: disabledAgent.id });
    await credit(underDisabled.id, 1_000);
    const before = await postings();
    expect((await call(m.token, { amount: 1, paymentPassword: 'wrong', requestId: rid() })).json().code).toBe(
      'PAYMENT_PASSWORD_INVALID',
    );
    expect((await call(unset.token, { amount: 1, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'PAYMENT_PASSWORD_NOT_SET',
    );
    expect((await call(orphan.token, { amount: 1, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'WALLET_NO_UPLINE',
    );
    // An upline whose account is disabled takes no money.
    const stuck = await call(underDisabled.token, { amount: 1, paymentPassword: PAY, requestId: rid() });
    expect(stuck.statusCode).toBe(422);
    expect(stuck.json().code).toBe('WALLET_NO_UPLINE');
    expect((await balanceOf(t.ctx.db, disabledAgent.id, 'PHP')).balance).toBe(0);
    expect((await call(m.token, { amount: 10.01, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'WALLET_INSUFFICIENT_FUNDS',
    );
    for (const body of [
      { amount: -1, paymentPassword: PAY, requestId: rid() },
      { amount: 1.234, paymentPassword: PAY, requestId: rid() },
      { amount: 1, paymentPassword: '', requestId: rid() },
      { amount: 1, paymentPassword: PAY },
      { amount: '1', paymentPassword: PAY, requestId: rid() },
    ]) {
      const res = await call(m.token, body);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const trial = await account({ type: 4, uplineId: agent.id });
    expect((await call(trial.token, { amount: 1, paymentPassword: PAY, requestId: rid() })).json().code).toBe(
      'ACCOUNT_TRIAL_RESTRICTED',
    );
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/member/transfer/upline',
      payload: { amount: 1, paymentPassword: PAY, requestId: rid() },
      headers: { authorization: m.token },
    });
    expect(plain.statusCode).toBe(400);
    expect(await postings()).toBe(before);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(1_000);
  });
});

describe('POST /wps/agent/transfer/downline', () => {
  const call = (token: string, body: unknown) =>
    injectEncrypted(t.app, { method: 'POST', url: '/wps/agent/transfer/downline', body, token });

  it('moves money from an agent to their downline, by id or username', async () => {
    const agent = await account({ type: 1 });
    const d = await account({ uplineId: agent.id });
    await credit(agent.id, 10_000);
    const byId = await call(agent.token, { downlineId: d.id, amount: 10, paymentPassword: PAY, requestId: rid() });
    expect(byId.json().value).toMatchObject({ amount: 10, balance: 90, replayed: false });
    const byName = await call(agent.token, { username: d.username, amount: 5, paymentPassword: PAY, requestId: rid() });
    expect(byName.json().value).toMatchObject({ balance: 85 });
    expect((await balanceOf(t.ctx.db, d.id, 'PHP')).balance).toBe(1_500);
  });

  it('reaches any level of the team (a grandchild and below), posting once per request id', async () => {
    const agent = await account({ type: 1 });
    const sub = await account({ type: 2, uplineId: agent.id });
    const grandchild = await account({ uplineId: sub.id });
    const deeper = await account({ uplineId: grandchild.id });
    await credit(agent.id, 10_000);
    const before = await postings();
    const requestId = rid();
    const body = { downlineId: grandchild.id, amount: 12.5, paymentPassword: PAY, requestId };
    const first = await call(agent.token, body);
    expect(first.json().value).toMatchObject({ amount: 12.5, balance: 87.5, replayed: false });
    const again = await call(agent.token, body);
    expect(again.json().value).toMatchObject({ amount: 12.5, balance: 87.5, replayed: true });
    expect(await postings()).toBe(before + 1);
    expect((await balanceOf(t.ctx.db, grandchild.id, 'PHP')).balance).toBe(1_250);
    const byName = await call(agent.token, {
      username: deeper.username,
      amount: 2.5,
      paymentPassword: PAY,
      requestId: rid(),
    });
    expect(byName.json().value).toMatchObject({ balance: 85 });
    expect((await balanceOf(t.ctx.db, deeper.id, 'PHP')).balance).toBe(250);
    // The sub-agent reaches its own team, not its upline's other branches or its upline.
    await credit(sub.id, 1_000);
    expect(
      (await call(sub.token, { downlineId: deeper.id, amount: 1, paymentPassword: PAY, requestId: rid() })).json()
        .value,
    ).toMatchObject({ balance: 9 });
    expect(
      (await call(sub.token, { downlineId: agent.id, amount: 1, paymentPassword: PAY, requestId: rid() })).json().code,
    ).toBe('NOT_FOUND');
    // Three transfers and the sub-agent's credit.
    expect(await postings()).toBe(before + 4);
  });

  it('refuses a member outside the team, a disabled one and the agent itself, changing nothing', async () => {
    const agent = await account({ type: 1 });
    const otherAgent = await account({ type: 1 });
    const sub = await account({ type: 2, uplineId: agent.id });
    const strangerChild = await account({ uplineId: otherAgent.id });
    const strangerGrandchild = await account({ uplineId: strangerChild.id });
    const disabled = await account({ uplineId: sub.id, status: 'disabled' });
    await credit(agent.id, 10_000);
    const before = await postings();
    for (const target of [strangerGrandchild, strangerChild, otherAgent, disabled, agent]) {
      const res = await call(agent.token, { downlineId: target.id, amount: 1, paymentPassword: PAY, requestId: rid() });
      expect(res.json().code, target.username).toBe('NOT_FOUND');
      const byName = await call(agent.token, {
        username: target.username,
        amount: 1,
        paymentPassword: PAY,
        requestId: rid(),
      });
      expect(byName.json().code, target.username).toBe('NOT_FOUND');
    }
    expect(await postings()).toBe(before);
    expect((await balanceOf(t.ctx.db, agent.id, 'PHP')).balance).toBe(10_000);
    expect((await balanceOf(t.ctx.db, strangerGrandchild.id, 'PHP')).balance).toBe(0);
  });

  it('refuses members, strangers, wrong passwords and bad input, posting nothing', async () => {
    const agent = await account({ type: 1 });
    const otherAgent = await account({ type: 1 });
    const mine = await account({ uplineId: agent.id });
    const theirs = await account({ uplineId: otherAgent.id });
    await credit(agent.id, 10_000);
    await credit(mine.id, 10_000);
    const before = await postings();
    expect(
      (await call(mine.token, { downlineId: agent.id, amount: 1, paymentPassword: PAY, requestId: rid() })).json().code,
    ).toBe('ACCOUNT_NOT_AGENT');
    expect(
      (await call(agent.token, { downlineId: theirs.id, amount: 1, paymentPassword: PAY, requestId: rid() })).json()
        .code,
    ).toBe('NOT_FOUND');
    expect(
      (await call(agent.token, { username: 'nobody-here', amount: 1, paymentPassword: PAY, requestId: rid() })).json()
        .code,
    ).toBe('NOT_FOUND');
    expect(
      (await call(agent.token, { downlineId: mine.id, amount: 1, paymentPassword: 'bad', requestId: rid() })).json()
        .code,
    ).toBe('PAYMENT_PASSWORD_INVALID');
    expect(
      (await call(agent.token, { downlineId: mine.id, amount: 100.01, paymentPassword: PAY, requestId: rid() })).json()
        .code,
    ).toBe('WALLET_INSUFFICIENT_FUNDS');
    for (const body of [
      { amount: 1, paymentPassword: PAY, requestId: rid() },
      { downlineId: mine.id, username: mine.username, amount: 1, paymentPassword: PAY, requestId: rid() },
      { downlineId: mine.id, amount: 0, paymentPassword: PAY, requestId: rid() },
    ]) {
      expect((await call(agent.token, body)).json().code).toBe('VALIDATION_FAILED');
    }
    expect(await postings()).toBe(before);
  });
});

describe('account record, profit and loss, bonus', () => {
  it('pages the cash entries newest first with type and date filters', async () => {
    const agent = await account({ type: 1 });
    const m = await account({ uplineId: agent.id });
    await credit(m.id, 10_000);
    await credit(m.id, 2_000);
    await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      body: { amount: 30, paymentPassword: PAY, requestId: rid() },
      token: m.token,
    });
    const all = await get('/wps/member/transactions?pageNo=1&pageSize=2', m.token);
    expect(all.statusCode).toBe(200);
    const v = all.json().value;
    expect(v).toMatchObject({ pageNum: 1, pageSize: 2, totalPages: 2, totalElements: 3 });
    expect(v.content[0]).toMatchObject({ type: 'transfer.upline', amount: -30, balanceAfter: 90 });
    expect(v.content[1]).toMatchObject({ type: 'deposit', amount: 20, balanceAfter: 120 });
    expect(Number.isNaN(Date.parse(v.content[0].time))).toBe(false);
    const deposits = await get('/wps/member/transactions?type=deposit&range=past7', m.token);
    expect(deposits.json().value.totalElements).toBe(2);
    const transfers = await get('/wps/member/transactions?type=transfer', m.token);
    expect(transfers.json().value.totalElements).toBe(1);
    // Dates are the brand's days: today there, whatever the UTC date is.
    const today = brandDay(new Date(), (await getBrand(t.ctx.db)).timeZone);
    const dated = await get(`/wps/member/transactions?startDate=${today}&endDate=${today}`, m.token);
    expect(dated.json().value.totalElements).toBe(3);
    const old = await get('/wps/member/transactions?startDate=2020-01-01&endDate=2020-01-31', m.token);
    expect(old.json().value).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    for (const q of [
      'range=past9',
      'startDate=2020-13-99',
      'startDate=yesterday',
      'pageSize=0',
      'type=steal',
      'startDate=2021-02-01&endDate=2021-01-01',
    ]) {
      const res = await get(`/wps/member/transactions?${q}`, m.token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/wps/member/transactions')).statusCode).toBe(401);
    // Agent sees its credit as a transfer in.
    const agentView = await get('/wps/member/profitLoss?range=past30', agent.token);
    expect(agentView.json().value).toMatchObject({ transfersIn: 30, transfersOut: 0 });
  });

  it('sums profit and loss by movement type; bets and wins stay zero until games post them', async () => {
    const agent = await account({ type: 1 });
    const m = await account({ uplineId: agent.id });
    await credit(m.id, 10_000);
    await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      body: { amount: 12.5, paymentPassword: PAY, requestId: rid() },
      token: m.token,
    });
    const res = await get('/wps/member/profitLoss?range=past7', m.token);
    expect(res.json().value).toEqual({
      deposits: 100,
      withdrawals: 0,
      transfersIn: 0,
      transfersOut: 12.5,
      bets: 0,
      wins: 0,
      bonuses: 0,
      net: 0,
      currency: 'PHP',
    });
    expect((await get('/wps/member/profitLoss?range=past1', m.token)).json().code).toBe('VALIDATION_FAILED');
    const trial = await account({ type: 4 });
    expect((await get('/wps/member/profitLoss', trial.token)).json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
  });

  it('shows the bonus balance and its entries', async () => {
    const m = await account();
    const empty = await get('/wps/member/bonus', m.token);
    expect(empty.json().value).toEqual({
      balance: 0,
      currency: 'PHP',
      entries: { content: [], pageNum: 1, pageSize: 20, totalPages: 0, totalElements: 0 },
    });
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: rid(),
        type: 'bonus',
        reference: 'WELCOME',
        entries: [
          { account: { house: 'promotions-expense', currency: 'PHP' }, amount: -1_000 },
          { account: { member: m.id, kind: 'bonus', currency: 'PHP' }, amount: 1_000 },
        ],
      }),
    );
    const res = await get('/wps/member/bonus?pageSize=5', m.token);
    expect(res.json().value).toMatchObject({
      balance: 10,
      entries: { totalElements: 1, content: [{ reference: 'WELCOME', type: 'bonus', amount: 10, balanceAfter: 10 }] },
    });
    expect((await get('/wps/member/profitLoss', m.token)).json().value).toMatchObject({ bonuses: 10, net: 10 });
    expect((await get('/wps/member/bonus?pageNo=0', m.token)).json().code).toBe('VALIDATION_FAILED');
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
