// postgres: claims of one capped promotion at once, on separate connections, stop exactly at the cap (promotion row lock)
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createPromotion as createPromotionAs,
  createSessionMember,
  creditDeposit,
  playVendorRound,
} from '../../test/programmes';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { sessionFor } from '../cashier/cashier.fixtures';
import { expireRewards, promotionsConsumer, wageringConsumer } from './rewards.service';

// docs/rewards.md "Audience, caps and maximum bet": each audience rule in and out, the caps with
// concurrent claims, the maximum bet on both bet paths, texts falling back to the brand's default
// language, the image, and the promotion report against hand-computed figures.

let t: TestApp;
let admin: string;
let slotVendor: string;
const opened: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  // Only this file's promotions run: the seeded demo programme is ended.
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
  const g = await t.ctx.db.selectFrom('games').select('vendor_code').orderBy('vendor_code').executeTakeFirstOrThrow();
  slotVendor = g.vendor_code;
});
afterAll(() => t.close());
// Each test's promotions end with it, so the next test's members earn nothing from them.
afterEach(async () => {
  if (opened.length > 0)
    await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).where('id', 'in', opened).execute();
  opened.length = 0;
});

const uid = (p: string) => `${p}-${randomBytes(4).toString('hex')}`;
const feed = async () => {
  await drainActivity(t.ctx, promotionsConsumer);
  await drainActivity(t.ctx, wageringConsumer);
};

async function createPromotion(input: Record<string, unknown>) {
  const id = await createPromotionAs(t, admin, input, true);
  opened.push(id);
  return id;
}

function as(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function visibleIds(token: string | undefined): Promise<number[]> {
  const res = await as(token, 'GET', '/wps/relay/MCSFE_getPromotions');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { list: { id: number }[] } }).value.list.map((p) => p.id);
}

async function rewardIdsOf(memberId: number, promotionId: number): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('rewards')
    .select('id')
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotionId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

function claim(token: string, rewardId: number) {
  return as(token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId });
}

const codeOf = (res: { json: () => unknown }) => (res.json() as { code?: string }).code;

/** A login reward of 10.00 cash for the audience given. */
function loginPromotion(audience: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return createPromotion({
    type: 'NEWBIE',
    kind: 'fixed',
    rules: { trigger: 'login', amount: 10, payAs: 'cash', audience, ...extra },
  });
}

/**
 * Members made one way or another, signed in (the login is the fact the promotion rewards), then
 * checked: `inside` sees the promotion, earns its reward and claims it; `outside` does not see it,
 * earns nothing and cannot join it; a guest does not see it.
 */
async function expectAudience(
  promotionId: number,
  inside: { id: number; token: string },
  outside: { id: number; token: string },
) {
  await feed();
  expect(await visibleIds(inside.token)).toContain(promotionId);
  expect(await visibleIds(outside.token)).not.toContain(promotionId);
  expect(await visibleIds(undefined)).not.toContain(promotionId);
  const page = await as(outside.token, 'GET', `/wps/relay/MCSFE_getPromotion/${promotionId}`);
  expect(page.statusCode).toBe(404);
  const [reward] = await rewardIdsOf(inside.id, promotionId);
  expect(reward).toBeDefined();
  const ok = await claim(inside.token, reward as number);
  expect(ok.statusCode, ok.body).toBe(200);
  expect(await rewardIdsOf(outside.id, promotionId)).toEqual([]);
  const join = await as(outside.token, 'POST', '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId });
  expect(join.statusCode, join.body).toBe(403);
  expect(codeOf(join)).toBe('PROMOTION_NOT_ELIGIBLE');
}

describe('audience', () => {
  it('VIP level: a member of a listed level is in, another level is out', async () => {
    const inside = await createSessionMember(t);
    const outside = await createSessionMember(t);
    await t.ctx.db.updateTable('members').set({ vip_level: 7 }).where('id', '=', inside.id).execute();
    const id = await loginPromotion({ vipLevels: [7, 8] });
    await expectAudience(id, inside, outside);
  });

  it('tag: a member with one of the tags is in, an untagged member is out', async () => {
    const tag = uid('tag');
    const inside = await createSessionMember(t);
    const outside = await createSessionMember(t);
    await t.ctx.db.insertInto('member_tags').values({ member_id: inside.id, tag }).execute();
    await t.ctx.db
      .insertInto('member_tags')
      .values({ member_id: outside.id, tag: uid('other') })
      .execute();
    const id = await loginPromotion({ tags: [tag, uid('unused')] });
    await expectAudience(id, inside, outside);
  });

  it('agent team: the downline tree two levels under the agent is in, a member of another team is out', async () => {
    const agent = await createMember(t.ctx, { type: 1 });
    const sub = await createMember(t.ctx, { type: 1, uplineId: agent.id });
    const otherAgent = await createMember(t.ctx, { type: 1 });
    const inside = await createSessionMember(t, { uplineId: sub.id });
    const outside = await createSessionMember(t, { uplineId: otherAgent.id });
    const id = await loginPromotion({ agentIds: [agent.id] });
    await expectAudience(id, inside, outside);
  });

  it('country: a registration IP in a listed country is in, another country (or none) is out', async () => {
    const inside = await createSessionMember(t);
    const outside = await createSessionMember(t);
    const unknown = await createSessionMember(t);
    await t.ctx.db.updateTable('members').set({ register_ip: '112.198.1.1' }).where('id', '=', inside.id).execute();
    await t.ctx.db.updateTable('members').set({ register_ip: '8.8.8.8' }).where('id', '=', outside.id).execute();
    await t.ctx.db.updateTable('members').set({ register_ip: '10.1.2.3' }).where('id', '=', unknown.id).execute();
    const id = await loginPromotion({ countries: ['PH'] });
    await expectAudience(id, inside, outside);
    expect(await visibleIds(unknown.token)).not.toContain(id);
  });

  it('registration date: registered inside the range is in, before it is out', async () => {
    const inside = await createSessionMember(t);
    const outside = await createSessionMember(t);
    await t.ctx.db
      .updateTable('members')
      .set({ created_at: new Date('2020-03-01T00:00:00Z') } as never)
      .where('id', '=', outside.id)
      .execute();
    const id = await loginPromotion({
      registeredFrom: new Date(Date.now() - 3_600_000).toISOString(),
      registeredTo: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await expectAudience(id, inside, outside);
  });

  it('risk level: a member at a listed level is in, one at another level (or none set: normal) is out', async () => {
    const high = await createSessionMember(t);
    const normal = await createSessionMember(t);
    const high2 = await createSessionMember(t);
    const normal2 = await createSessionMember(t);
    for (const m of [high, high2]) {
      const set = await t.app.inject({
        method: 'PUT',
        url: `/admin/risk/members/${m.id}/level`,
        headers: { authorization: admin },
        payload: { level: 'high', reason: 'shares a device with a closed account' },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const forHigh = await loginPromotion({ riskLevels: ['high'] });
    const forNormal = await loginPromotion({ riskLevels: ['low', 'normal'] });
    await expectAudience(forHigh, high, normal);
    await expectAudience(forNormal, normal2, high2);
  });

  it('a member who left the audience after earning cannot claim: PROMOTION_NOT_ELIGIBLE, the reward stays', async () => {
    const m = await createSessionMember(t);
    await t.ctx.db.updateTable('members').set({ vip_level: 4 }).where('id', '=', m.id).execute();
    const id = await loginPromotion({ vipLevels: [4] });
    await feed();
    const [reward] = await rewardIdsOf(m.id, id);
    await t.ctx.db.updateTable('members').set({ vip_level: 5 }).where('id', '=', m.id).execute();
    const refused = await claim(m.token, reward as number);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('PROMOTION_NOT_ELIGIBLE');
    const row = await t.ctx.db
      .selectFrom('rewards')
      .select('state')
      .where('id', '=', reward as number)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('claimable');
  });

  it('refuses an audience that is not valid (a range ending before it starts, a bad country code)', async () => {
    for (const audience of [
      { registeredFrom: '2026-02-01T00:00:00Z', registeredTo: '2026-01-01T00:00:00Z' },
      { countries: ['ph'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/promotions',
        headers: { authorization: admin },
        payload: {
          type: 'NEWBIE',
          kind: 'fixed',
          startsAt: new Date().toISOString(),
          endsAt: null,
          texts: { en: { title: 'x' } },
          rules: { trigger: 'login', amount: 1, payAs: 'cash', audience },
        },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('caps', { tags: ['postgres'] }, () => {
  it('claim cap: three members claim at once, exactly two are paid', async () => {
    const tag = uid('cap');
    const members = await Promise.all([1, 2, 3].map(() => createSessionMember(t)));
    for (const m of members) await t.ctx.db.insertInto('member_tags').values({ member_id: m.id, tag }).execute();
    const id = await loginPromotion({ tags: [tag] }, { caps: { claims: 2 } });
    await feed();
    const rewards = await Promise.all(members.map(async (m) => (await rewardIdsOf(m.id, id))[0] as number));
    const answers = await Promise.all(members.map((m, i) => claim(m.token, rewards[i] as number)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, codeOf(a)])).toEqual([[409, 'PROMOTION_CLAIMS_REACHED']]);
    const claimed = await t.ctx.db
      .selectFrom('rewards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('promotion_id', '=', id)
      .where('state', '=', 'claimed')
      .executeTakeFirstOrThrow();
    expect(Number(claimed.n)).toBe(2);
  });

  it('budget cap: 10.00 rewards under a 25.00 budget, four claims at once: two paid, 20.00 spent', async () => {
    const tag = uid('budget');
    const members = await Promise.all([1, 2, 3, 4].map(() => createSessionMember(t)));
    for (const m of members) await t.ctx.db.insertInto('member_tags').values({ member_id: m.id, tag }).execute();
    const id = await loginPromotion({ tags: [tag] }, { caps: { budget: 25 } });
    await feed();
    const rewards = await Promise.all(members.map(async (m) => (await rewardIdsOf(m.id, id))[0] as number));
    const answers = await Promise.all(members.map((m, i) => claim(m.token, rewards[i] as number)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode !== 200).map(codeOf)).toEqual([
      'PROMOTION_BUDGET_REACHED',
      'PROMOTION_BUDGET_REACHED',
    ]);
    const report = await t.app.inject({
      method: 'GET',
      url: `/admin/promotions/${id}/report`,
      headers: { authorization: admin },
    });
    expect((report.json() as { value: { cost: { paid: number } } }).value.cost.paid).toBe(20);
  });

  it('per-member cap: three rewards of one member claimed at once, two are paid', async () => {
    const m = await createSessionMember(t);
    const tag = uid('permember');
    await t.ctx.db.insertInto('member_tags').values({ member_id: m.id, tag }).execute();
    const id = await createPromotion({
      kind: 'fixed',
      rules: {
        trigger: 'deposit',
        amount: 5,
        payAs: 'cash',
        perMember: 3,
        audience: { tags: [tag] },
        caps: { claimsPerMember: 2 },
      },
    });
    for (const amount of [10_000, 20_000, 30_000]) await creditDeposit(t, m.id, amount);
    await feed();
    const rewards = await rewardIdsOf(m.id, id);
    expect(rewards).toHaveLength(3);
    const answers = await Promise.all(rewards.map((r) => claim(m.token, r)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode !== 200).map(codeOf)).toEqual(['PROMOTION_MEMBER_CLAIMS_REACHED']);
  });
});

describe('maximum bet while wagering', () => {
  async function bet(memberId: number, amount: number) {
    const session = await createGameSession(t, { memberId, vendor: slotVendor });
    const roundId = uid('round');
    const res = await vendorClient(t, slotVendor).call('bet', {
      token: session.token,
      player: String(memberId),
      gameCode: session.gameCode,
      roundId,
      transactionId: `${roundId}-bet`,
      amount,
      currency: 'PHP',
    });
    return res.body.status;
  }

  it('refuses a bet above the max bet while the bonus is wagered, on the one-statement and the transaction path', async () => {
    const tag = uid('maxbet');
    const id = await createPromotion({
      kind: 'deposit_match',
      rules: {
        trigger: 'deposit',
        percent: 100,
        nthDeposit: 1,
        payAs: 'bonus',
        maxBet: 150,
        audience: { tags: [tag] },
        wagering: { multiple: 30, base: 'bonus', otherPercent: 100, days: 7 },
      },
    });
    const onCash = await createSessionMember(t);
    const onBonus = await createSessionMember(t);
    const untouched = await createSessionMember(t);
    for (const m of [onCash, onBonus, untouched])
      await t.ctx.db.insertInto('member_tags').values({ member_id: m.id, tag }).execute();
    for (const m of [onCash, onBonus, untouched]) await creditDeposit(t, m.id, 10_000);
    await feed();
    for (const m of [onCash, onBonus]) {
      const [reward] = await rewardIdsOf(m.id, id);
      expect((await claim(m.token, reward as number)).statusCode).toBe(200);
    }
    const wager = await t.ctx.db
      .selectFrom('bonus_wagers')
      .select('max_bet')
      .where('member_id', '=', onCash.id)
      .executeTakeFirstOrThrow();
    expect(Number(wager.max_bet)).toBe(15_000);
    // Cash covers the bet: vendor_bet's single statement decides.
    await creditDeposit(t, onCash.id, 50_000);
    expect(await bet(onCash.id, 15_001)).toBe('ERROR_BONUS_MAX_BET');
    expect(await bet(onCash.id, 15_000)).toBe('OK');
    // Cash 100.00 and bonus 100.00: a bet above the cash takes bonus, in the gateway's transaction.
    expect(await bet(onBonus.id, 16_000)).toBe('ERROR_BONUS_MAX_BET');
    expect(await bet(onBonus.id, 15_000)).toBe('OK');
    // The member who did not claim bets freely.
    expect(await bet(untouched.id, 10_000)).toBe('OK');
    // The player reads the limit with the wager.
    const w = await as(onCash.token, 'GET', '/wps/relay/MCSFE_getBonusWagering');
    expect((w.json() as { value: { list: { maxBet: number | null }[] } }).value.list[0]?.maxBet).toBe(150);
    // Once the wager is over, the limit goes with it.
    await t.ctx.db
      .updateTable('bonus_wagers')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', onCash.id)
      .execute();
    await expireRewards(t.ctx);
    expect(await bet(onCash.id, 20_000)).toBe('OK');
  });

  it('refuses a max bet on a promotion that pays no wagered bonus', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/promotions',
      headers: { authorization: admin },
      payload: {
        type: 'NEWBIE',
        kind: 'fixed',
        startsAt: new Date().toISOString(),
        endsAt: null,
        texts: { en: { title: 'x' } },
        rules: { trigger: 'login', amount: 1, payAs: 'cash', maxBet: 10 },
      },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { value: { fields: Record<string, string> } }).value.fields['rules.maxBet']).toBe('INVALID');
  });
});

describe('texts and image', () => {
  it("texts fall back to the brand's default language; the default language's text is required", async () => {
    const id = await createPromotion({
      texts: { en: { title: 'English title' }, ty: { title: 'Pamagat' } },
      kind: 'fixed',
      rules: { trigger: 'login', amount: 1, payAs: 'cash' },
    });
    const titleIn = async (language: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/relay/MCSFE_getPromotion/${id}?language=${language}`,
      });
      return (res.json() as { value: { title: string } }).value.title;
    };
    expect(await titleIn('ty')).toBe('Pamagat');
    expect(await titleIn('fr')).toBe('English title');
    await setBrandSetting(t.ctx.db, 'defaultLanguage', 'TY');
    try {
      expect(await titleIn('fr')).toBe('Pamagat');
      const missing = await t.app.inject({
        method: 'PUT',
        url: `/admin/promotions/${id}`,
        headers: { authorization: admin },
        payload: {
          type: 'DEPOSIT',
          kind: 'fixed',
          startsAt: new Date().toISOString(),
          endsAt: null,
          texts: { en: { title: 'Only English' } },
          rules: { trigger: 'login', amount: 1, payAs: 'cash' },
        },
      });
      expect(missing.statusCode).toBe(400);
      expect((missing.json() as { value: { fields: Record<string, string> } }).value.fields['texts.ty']).toBe(
        'REQUIRED',
      );
    } finally {
      await setBrandSetting(t.ctx.db, 'defaultLanguage', 'EN');
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/admin/promotions',
      headers: { authorization: admin },
      payload: {
        type: 'DEPOSIT',
        kind: 'fixed',
        startsAt: new Date().toISOString(),
        endsAt: null,
        texts: { en: { title: 'x' }, fr: { title: 'y' } },
        rules: { trigger: 'login', amount: 1, payAs: 'cash' },
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { value: { fields: Record<string, string> } }).value.fields['texts.fr']).toBe('INVALID');
  });

  it('an uploaded image is served and shown with the promotion; a file that is not an image is refused', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (bytes: Buffer, type: string) => {
      const boundary = `b${randomBytes(6).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/admin/promotions/images',
        headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const bad = await upload(Buffer.from('not an image'), 'image/png');
    expect(bad.statusCode).toBe(415);
    const res = await upload(png, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json() as { value: { id: number; url: string } }).value;
    expect(image.url).toBe(`/media/promotions/${image.id}`);
    const id = await createPromotion({
      imageId: image.id,
      kind: 'fixed',
      rules: { trigger: 'login', amount: 1, payAs: 'cash' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/wps/relay/MCSFE_getPromotion/${id}` });
    expect((page.json() as { value: { imageUrl: string } }).value.imageUrl).toBe(image.url);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Uploads are re-encoded before they are kept: what is served is a PNG of the same pixels.
    const kept = Buffer.from(served.rawPayload);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const pixels = async (bytes: Buffer) => (await sharp(bytes).ensureAlpha().raw().toBuffer()).toString('hex');
    expect(await pixels(kept)).toBe(await pixels(png));
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/admin/promotions',
      headers: { authorization: admin },
      payload: {
        type: 'DEPOSIT',
        kind: 'fixed',
        startsAt: new Date().toISOString(),
        endsAt: null,
        imageId: image.id + 1000,
        texts: { en: { title: 'x' } },
        rules: { trigger: 'login', amount: 1, payAs: 'cash' },
      },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('promotion report', () => {
  it('participation, cost, and claimers against eligible members who did not claim, as computed by hand', async () => {
    const tag = uid('report');
    const id = await createPromotion({
      kind: 'fixed',
      rules: {
        trigger: 'deposit',
        amount: 50,
        payAs: 'bonus',
        audience: { tags: [tag] },
        wagering: { multiple: 1, base: 'bonus', otherPercent: 100, days: 7 },
      },
    });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createSessionMember(t)));
    const e = await createSessionMember(t); // not tagged: outside the audience
    for (const m of [a, b, c, d]) await t.ctx.db.insertInto('member_tags').values({ member_id: m!.id, tag }).execute();
    // Deposits (minor units): A 1,000.00, B 200.00, C 300.00, E 400.00; D none.
    for (const [m, amount] of [
      [a, 100_000],
      [b, 20_000],
      [c, 30_000],
      [e, 40_000],
    ] as const)
      await creditDeposit(t, m!.id, amount);
    await t.ctx.db
      .updateTable('deposit_orders')
      .set({ decided_at: new Date() })
      .where('decided_at', 'is', null)
      .execute();
    await feed();
    for (const m of [a, b]) {
      const [reward] = await rewardIdsOf(m!.id, id);
      expect((await claim(m!.token, reward as number)).statusCode).toBe(200);
    }
    // Rounds: A bets 50.00 and loses (GGR 50.00, meets 1x of 50.00: converted); B bets 10.00 and
    // wins 30.00 (GGR -20.00), then its wager runs out (forfeited); C bets 20.00 and wins 5.00 (GGR
    // 15.00) without claiming; E plays outside the audience.
    await playVendorRound(t, { memberId: a!.id, vendor: slotVendor, bet: 5_000, win: 0 });
    await playVendorRound(t, { memberId: b!.id, vendor: slotVendor, bet: 1_000, win: 3_000 });
    await playVendorRound(t, { memberId: c!.id, vendor: slotVendor, bet: 2_000, win: 500 });
    await playVendorRound(t, { memberId: e!.id, vendor: slotVendor, bet: 7_000, win: 0 });
    await feed();
    await t.ctx.db
      .updateTable('bonus_wagers')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', b!.id)
      .where('state', '=', 'active')
      .execute();
    await expireRewards(t.ctx);
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/promotions/${id}/report`,
      headers: { authorization: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = (res.json() as { value: Record<string, unknown> }).value;
    expect(r).toMatchObject({
      promotionId: id,
      currency: 'PHP',
      eligible: 4,
      claimed: 2,
      claims: 2,
      completedWagering: 1,
      forfeited: 1,
      cost: { paid: 100, converted: 50, forfeited: 50 },
      participants: { members: 2, deposits: 1200, ggr: 30, depositsPerMember: 600, ggrPerMember: 15 },
      comparison: { members: 2, deposits: 300, ggr: 15, depositsPerMember: 150, ggrPerMember: 7.5 },
    });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/admin/promotions/${id}/report`,
      headers: { authorization: a!.token },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('permissions', () => {
  async function operatorWith(permissions: string[]) {
    const role = await t.app.inject({
      method: 'POST',
      url: '/admin/roles',
      headers: { authorization: admin },
      payload: { name: uid('Role'), permissions },
    });
    expect(role.statusCode, role.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/operators',
      headers: { authorization: admin },
      payload: {
        username: uid('op'),
        password: 'Operator123',
        roleIds: [(role.json() as { value: { id: number } }).value.id],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = await sessionFor(t, (created.json() as { value: { id: number } }).value.id, 'admin');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/admin/session/password',
      headers: { authorization: token },
      payload: { oldPassword: 'Operator123', newPassword: 'Operator456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return token;
  }

  it('the report needs promotions.read and an image upload promotions.write', async () => {
    const id = await createPromotion({ kind: 'fixed', rules: { trigger: 'login', amount: 1, payAs: 'cash' } });
    const reader = await operatorWith(['promotions.read']);
    const other = await operatorWith(['reports.read']);
    const report = (token: string) =>
      t.app.inject({ method: 'GET', url: `/admin/promotions/${id}/report`, headers: { authorization: token } });
    expect((await report(reader)).statusCode).toBe(200);
    expect(codeOf(await report(other))).toBe('AUTH_FORBIDDEN');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/admin/promotions/images',
      headers: { authorization: reader, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(upload.statusCode).toBe(403);
    expect(codeOf(upload)).toBe('AUTH_FORBIDDEN');
  });
});
