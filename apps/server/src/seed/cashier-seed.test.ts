import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { BANK_TRANSFER_METHOD, DEMO_PAYING_ACCOUNT, DEMO_RECEIVING_ACCOUNT } from './cashier-seed';
import { seed } from './seed';

function payingAccounts(t: TestApp) {
  return t.ctx.db
    .selectFrom('cashier_house_accounts')
    .select(['label', 'bank_name', 'account_name', 'account_number'])
    .where('pays', '=', true)
    .where('active', '=', true)
    .execute();
}

async function receivingAccount(t: TestApp) {
  return t.ctx.db
    .selectFrom('payment_methods')
    .select(['bank_name', 'account_name', 'account_number'])
    .where('code', '=', BANK_TRANSFER_METHOD)
    .executeTakeFirstOrThrow();
}

const NONE = { bank_name: null, account_name: null, account_number: null };

describe('the demo receiving account in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('is seeded on a fresh database and offered to members', async () => {
    expect(await receivingAccount(t)).toEqual(DEMO_RECEIVING_ACCOUNT);
  });

  it('has an account that pays withdrawals, once, so an approved withdrawal can be marked paid', async () => {
    expect(await payingAccounts(t)).toEqual([DEMO_PAYING_ACCOUNT]);
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });
    expect(await payingAccounts(t)).toEqual([DEMO_PAYING_ACCOUNT]);
  });

  it("never replaces the operator's own account", async () => {
    const own = { bank_name: 'Metro Bank', account_name: 'Brand Ops', account_number: '9876543210' };
    await t.ctx.db.updateTable('payment_methods').set(own).where('code', '=', BANK_TRANSFER_METHOD).execute();
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });
    expect(await receivingAccount(t)).toEqual(own);
  });
});

describe('the demo receiving account outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  const reseed = () => seed(t.ctx, { demo: false, catalogueSlots: t.ctx.config.catalogueSlots });
  const setDemoAccount = () =>
    t.ctx.db
      .updateTable('payment_methods')
      .set(DEMO_RECEIVING_ACCOUNT)
      .where('code', '=', BANK_TRANSFER_METHOD)
      .execute();

  it('a fresh database has no receiving account', async () => {
    expect(await receivingAccount(t)).toEqual(NONE);
  });

  it('has no paying account, and the demo one stops paying at the next start', async () => {
    expect(await payingAccounts(t)).toEqual([]);
    await t.ctx.db
      .insertInto('cashier_house_accounts')
      .values({ ...DEMO_PAYING_ACCOUNT, method_code: null, pays: true, daily_cap: null, vip_levels: null })
      .execute();
    await reseed();
    expect(await payingAccounts(t)).toEqual([]);
  });

  it('a database that migration 0004 gave the demo account loses it at the next start', async () => {
    await setDemoAccount();
    await reseed();
    expect(await receivingAccount(t)).toEqual(NONE);
  });

  it('keeps it while a pending bank transfer order was opened against it, and drops it once none is', async () => {
    await setDemoAccount();
    const m = await createMember(t.ctx);
    const reference = 'DDEMOACCOUNTPENDING1';
    await t.ctx.db
      .insertInto('deposit_orders')
      .values({
        reference,
        member_id: m.id,
        request_id: 'demo-account-pending',
        method_code: BANK_TRANSFER_METHOD,
        method_kind: 'bank_transfer',
        amount: 10_000,
        currency: 'PHP',
        created_at: new Date(),
      })
      .execute();
    await reseed();
    expect(await receivingAccount(t)).toEqual(DEMO_RECEIVING_ACCOUNT);
    await t.ctx.db
      .updateTable('deposit_orders')
      .set({ status: 'rejected' })
      .where('reference', '=', reference)
      .execute();
    await reseed();
    expect(await receivingAccount(t)).toEqual(NONE);
  });

  it("leaves an operator's own account alone", async () => {
    const own = { bank_name: 'Metro Bank', account_name: 'Brand Ops', account_number: '9876543210' };
    await t.ctx.db.updateTable('payment_methods').set(own).where('code', '=', BANK_TRANSFER_METHOD).execute();
    await reseed();
    expect(await receivingAccount(t)).toEqual(own);
  });
});
