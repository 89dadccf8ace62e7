import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { actors, fund, PAYMENT_PASSWORD, requestId, setPaymentPassword } from '../cashier/cashier.fixtures';

// Every money input of the API goes through the shared Money schema: amounts that are not exactly
// two decimals (1e-20 rounds to zero minor units) or do not fit integer minor units are refused
// with a field error before any service runs, and nothing is posted.

let t: TestApp;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BAD_AMOUNTS = [1e-20, 0.001, 1.005, 0.30000000000000004, 1e300, 2 ** 53, 1e14];

async function postings() {
  const r = await t.ctx.db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function expectAmountRefused(res: { statusCode: number; json: () => unknown }, field = 'amount') {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; value: { fields: Record<string, string> } };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.value.fields[field]).toMatch(/^(INVALID|TOO_LONG)$/);
}

describe('money inputs', () => {
  it('refuses amounts that are not exactly two decimals or too large on transfers, posting nothing', async () => {
    const agent = await member({ type: 1 });
    const m = await member({ uplineId: agent.id } as { type?: number });
    await t.ctx.db.updateTable('members').set({ upline_id: agent.id }).where('id', '=', m.id).execute();
    await setPaymentPassword(t, m.id);
    await setPaymentPassword(t, agent.id);
    await fund(t, m.id, 10_000);
    await fund(t, agent.id, 10_000);
    const before = await postings();
    for (const amount of BAD_AMOUNTS) {
      const body = { amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() };
      expectAmountRefused(
        await injectEncrypted(t.app, { method: 'POST', url: '/wps/member/transfer/upline', body, token: m.token }),
      );
      expectAmountRefused(
        await injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/agent/transfer/downline',
          body: { ...body, downlineId: m.id },
          token: agent.token,
        }),
      );
      expectAmountRefused(
        await t.app.inject({
          method: 'POST',
          url: '/wps/relay/GCS_walletTransfer',
          payload: { vendor: 'AG', direction: 'IN', amount, requestId: requestId() },
          headers: { authorization: m.token },
        }),
      );
    }
    expect(await postings()).toBe(before);
    // The smallest real amount still moves.
    const cent = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      body: { amount: 0.01, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      token: m.token,
    });
    expect(cent.statusCode).toBe(200);
    expect(cent.json().value.balance).toBe(99.99);
  });

  it('refuses them on deposits, withdrawals and the operator method limits, changing nothing', async () => {
    const m = await member();
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 10_000);
    const op = await operator(['cashier.read', 'cashier.approve', 'cashier.settings']);
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select(['code', 'min_amount', 'max_amount'])
      .executeTakeFirstOrThrow();
    const before = await postings();
    for (const amount of BAD_AMOUNTS) {
      expectAmountRefused(
        await t.app.inject({
          method: 'POST',
          url: '/wps/cashier/deposit',
          payload: { methodCode: method.code, amount, requestId: requestId() },
          headers: { authorization: m.token },
        }),
      );
      expectAmountRefused(
        await injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/cashier/withdraw',
          body: { bankAccountId: 1, amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
          token: m.token,
        }),
      );
      for (const field of ['min', 'max'])
        expectAmountRefused(
          await t.app.inject({
            method: 'PUT',
            url: `/admin/cashier/methods/${method.code}`,
            payload: { [field]: amount },
            headers: { authorization: op.token },
          }),
          field,
        );
    }
    expect(await postings()).toBe(before);
    expect(await t.ctx.db.selectFrom('deposit_orders').select('id').execute()).toEqual([]);
    const after = await t.ctx.db
      .selectFrom('payment_methods')
      .select(['min_amount', 'max_amount'])
      .where('code', '=', method.code)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ min_amount: method.min_amount, max_amount: method.max_amount });
  });

  it('refuses a minimum-bet filter with more than two decimals instead of failing', async () => {
    const m = await member();
    for (const minBet of ['0.001', '1e-20', '1e300']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/relay/GCSGAME_gameList?minBet=${minBet}`,
        headers: { authorization: m.token },
      });
      expectAmountRefused(res, 'minBet');
    }
  });
});
