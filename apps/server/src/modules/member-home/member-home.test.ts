import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createSessionMember } from '../../test/programmes';
import { uniqueMobile } from '../../test/registration-setup';
import { hashPassword } from '../accounts/passwords';
import { setBrandSetting } from '../brand/brand.service';
import { hold, post } from '../ledger/ledger.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await setBrandSetting(t.ctx.db, 'newIpVerification', false);
  await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await setBrandSetting(t.ctx.db, 'currencySymbol', '₱');
});
afterAll(() => t.close());

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

describe('GET /wps/member/info', () => {
  it('describes the logged-in member with masked contact details', async () => {
    const mobileNum = uniqueMobile();
    const m = await createSessionMember(t, { email: 'player@example.com', mobileNum, countryDialingCode: '63' });
    const res = await get('/wps/member/info', m.token);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toEqual({
      id: m.id,
      account: m.username,
      nickname: null,
      type: 0,
      isAgent: false,
      isTrial: false,
      email: 'p***@example.com',
      mobileNum: `${mobileNum.slice(0, 3)}****${mobileNum.slice(-3)}`,
      countryDialingCode: '63',
      language: 'EN',
      vipLevel: 0,
      imgUrl: '/art/avatars/1.svg',
      currency: 'PHP',
      registerTime: expect.any(String),
      lastLoginTime: null,
      firstTimeLogin: true,
      hasPaymentPassword: false,
      // The consolidated contract info (spec §3): nothing waiting, nothing held.
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      contractmrdailysalinfotype: 0,
      contracthoursalinfo: 0,
      dailysalinfotype: 0,
      divtypeinfo: 0,
    });
    expect(new Date(value.registerTime).toISOString()).toBe(value.registerTime);
  });

  it('flags agents, trial accounts and a payment password', async () => {
    const agent = await createSessionMember(t, { type: 41 });
    expect((await get('/wps/member/info', agent.token)).json().value).toMatchObject({
      isAgent: true,
      isTrial: false,
      type: 41,
    });
    const trial = await createSessionMember(t, { type: 4 });
    expect((await get('/wps/member/info', trial.token)).json().value).toMatchObject({ isAgent: false, isTrial: true });
    const paying = await createSessionMember(t);
    await t.ctx.db
      .updateTable('members')
      .set({
        payment_password_hash: await hashPassword('123456'),
        first_login_at: new Date(),
        last_login_at: new Date(),
      })
      .where('id', '=', paying.id)
      .execute();
    expect((await get('/wps/member/info', paying.token)).json().value).toMatchObject({
      hasPaymentPassword: true,
      firstTimeLogin: false,
      lastLoginTime: expect.any(String),
    });
  });

  it('needs a valid token', async () => {
    const none = await get('/wps/member/info');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('AUTH_REQUIRED');
    const bad = await get('/wps/member/info', 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('AUTH_SESSION_EXPIRED');
  });
});

describe('GET /wps/member/publicState', () => {
  it('gives balance, VIP, promotions, unread messages and the referral flag', async () => {
    await t.ctx.db
      .insertInto('vip_levels')
      .values({ level: 2, label_name: 'Silver' })
      .onConflict((oc) => oc.column('level').doUpdateSet({ label_name: 'Silver' }))
      .execute();
    const m = await createSessionMember(t);
    await t.ctx.db.updateTable('members').set({ vip_level: 2, avatar: 5 }).where('id', '=', m.id).execute();
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: `test-credit-${m.id}`,
        type: 'test',
        reference: 'publicState',
        entries: [
          { account: { member: m.id, currency: 'PHP' }, amount: 123_456 },
          { account: { house: 'test', currency: 'PHP' }, amount: -123_456 },
        ],
      }),
    );
    // A withdrawal in review holds 1,000.00 of it: the balance shown is what is left to play with.
    await t.ctx.db.transaction().execute((trx) =>
      hold(trx, {
        memberId: m.id,
        currency: 'PHP',
        amount: 100_000,
        idempotencyKey: `test-hold-${m.id}`,
        reference: 'w',
      }),
    );
    await t.ctx.db
      .insertInto('member_messages')
      .values([
        { member_id: m.id, title: 'a', content: 'a' },
        { member_id: m.id, title: 'b', content: 'b' },
        { member_id: m.id, title: 'c', content: 'c', read_at: new Date() },
      ])
      .execute();

    const before = (await get('/wps/member/publicState', m.token)).json().value.availablePromoCount as number;
    const now = t.ctx.now().getTime();
    // availablePromoCount: the member's rewards claimable now, not expired or claimed ones.
    const promotion = await t.ctx.db
      .insertInto('promotions')
      .values({
        type: 'DEPOSIT',
        kind: 'fixed',
        starts_at: new Date(now - 60_000),
        ends_at: null,
        rules: JSON.stringify({ trigger: 'login', amount: 1, payAs: 'cash' }),
        texts: JSON.stringify({ en: { title: 'p', summary: '', rules: '' } }),
        updated_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reward = (source: string, state: 'claimable' | 'claimed', expiresAt: Date | null) => ({
      member_id: m.id,
      promotion_id: promotion.id,
      source,
      amount: 100,
      currency: 'PHP',
      pay_as: 'cash' as const,
      state,
      expires_at: expiresAt,
    });
    await t.ctx.db
      .insertInto('rewards')
      .values([
        reward('a', 'claimable', new Date(now + 3_600_000)),
        reward('b', 'claimable', null),
        reward('c', 'claimable', new Date(now - 1_000)),
        reward('d', 'claimed', null),
      ])
      .execute();

    // availablePromo.REFERRAL: the referral programme is on (referrals.test.ts covers it off).
    await t.ctx.db.updateTable('referral_settings').set({ enabled: true }).execute();
    const res = await get('/wps/member/publicState', m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      balance: 234.56,
      bonusBalance: 0,
      currencySymbol: '₱',
      hasVip: true,
      vipLabelName: 'Silver',
      vipRankLevel: 2,
      availablePromoCount: before + 2,
      // No mission runs in this test's brand: nothing to claim (missions.test.ts covers the badge).
      missionCount: 0,
      unreadMessage: 2,
      availablePromo: { REFERRAL: true },
      imgUrl: '/art/avatars/5.svg',
    });
  });

  it('shows a trial account no unread messages and no referral', async () => {
    const trial = await createSessionMember(t, { type: 4 });
    await t.ctx.db.insertInto('member_messages').values({ member_id: trial.id, title: 'x', content: 'x' }).execute();
    const res = await get('/wps/member/publicState', trial.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ balance: 0, unreadMessage: 0, availablePromo: { REFERRAL: false } });
  });

  it('needs a token', async () => {
    expect((await get('/wps/member/publicState')).statusCode).toBe(401);
  });
});
