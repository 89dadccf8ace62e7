// postgres: concurrent claims of one reward on separate connections (row lock) pay once
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  cashBalance,
  createPromotion as createPromotionAs,
  createSessionMember,
  creditDeposit,
  playVendorRound,
} from '../../test/programmes';
import { issueSession } from '../accounts/sessions.service';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { expectImage, PNG_BYTES } from '../cashier/cashier.fixtures';
import { verifyLedger } from '../ledger/ledger.service';
import { expireRewards, promotionsConsumer, wageringConsumer } from './rewards.service';

let t: TestApp;
let admin: string;
let slotVendor: string;
let slotGame: { gameCode: string; gameType: string };

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  // The seeded demo programme would pay these members too: each test here runs its own.
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
  const g = await t.ctx.db
    .selectFrom('games')
    .select(['vendor_code', 'game_code', 'game_type'])
    .orderBy('vendor_code')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  slotVendor = g.vendor_code;
  slotGame = { gameCode: g.game_code, gameType: g.game_type };
});
afterAll(() => t.close());

const _uid = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;
const feed = async () => {
  await drainActivity(t.ctx, promotionsConsumer);
  await drainActivity(t.ctx, wageringConsumer);
};

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

function createPromotion(input: Record<string, unknown>, activate = true) {
  return createPromotionAs(t, admin, input, activate);
}

function member() {
  return createSessionMember(t);
}

function as(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

async function rewardsOf(token: string) {
  const res = await as(token, 'GET', '/wps/relay/MCSFE_getRewardCentre');
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      value: { content: { id: number; amount: number; state: string; promotionId: number }[]; claimable: number };
    }
  ).value;
}

async function wagering(token: string) {
  const res = await as(token, 'GET', '/wps/relay/MCSFE_getBonusWagering');
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      value: {
        bonusBalance: number;
        list: { progress: number; required: number; state: string }[];
        activeCount: number;
      };
    }
  ).value;
}

function cash(memberId: number) {
  return cashBalance(t, memberId);
}

/** One slot round through the signed vendor API: bet, then a closing win. */
function playRound(memberId: number, bet: number, win: number) {
  return playVendorRound(t, { memberId, vendor: slotVendor, bet, win });
}

describe('deposit match with wagering', () => {
  it('first deposit 100% up to 1,000 with 10x: earned once, claimed once, wagered, converted', {
    tags: ['postgres'],
  }, async () => {
    const promotionId = await createPromotion({
      kind: 'deposit_match',
      rules: {
        trigger: 'deposit',
        percent: 100,
        cap: 1000,
        minDeposit: 100,
        nthDeposit: 1,
        payAs: 'bonus',
        wagering: {
          multiple: 10,
          base: 'bonus',
          contributions: { [slotGame.gameType]: 100 },
          otherPercent: 0,
          days: 7,
        },
      },
    });
    const m = await member();
    // A guest and the member see the promotion on /promotions.
    const list = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getPromotions?type=DEPOSIT' });
    expect((list.json() as { value: { list: { id: number }[] } }).value.list.map((p) => p.id)).toContain(promotionId);

    await creditDeposit(t, m.id, 50_000); // 500.00
    await creditDeposit(t, m.id, 500_000); // a second deposit earns nothing (first deposit only)
    await feed();
    await feed(); // a second run changes nothing
    const centre = await rewardsOf(m.token);
    const mine = centre.content.filter((r) => r.promotionId === promotionId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 500, state: 'claimable' });
    const state = await as(m.token, 'GET', '/wps/member/publicState');
    expect((state.json() as { value: { availablePromoCount: number } }).value.availablePromoCount).toBe(1);

    // Five claims at once pay once.
    const rewardId = mine[0]?.id as number;
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => as(m.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId })),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const w0 = await wagering(m.token);
    expect(w0.bonusBalance).toBe(500);
    expect(w0.list[0]).toMatchObject({ progress: 0, required: 5000, state: 'active' });
    expect(
      ((await as(m.token, 'GET', '/wps/member/publicState')).json() as { value: { availablePromoCount: number } }).value
        .availablePromoCount,
    ).toBe(0);

    // Slot bets (vendor amounts in minor units) of 2,000.00 and 3,000.00 count in full; progress moves.
    const before = await cash(m.id);
    await playRound(m.id, 200_000, 0);
    await feed();
    expect((await wagering(m.token)).list[0]?.progress).toBe(2000);
    await playRound(m.id, 300_000, 10_000);
    await feed();
    const done = await wagering(m.token);
    expect(done.list[0]).toMatchObject({ progress: 5000, state: 'converted' });
    expect(done.bonusBalance).toBe(0);
    expect(await cash(m.id)).toBe(before - 500_000 + 10_000 + 50_000);
    expect(before).toBe(550_000);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a wager past its days forfeits the bonus left; the cost report shows paid, converted, forfeited', async () => {
    await createPromotion({
      kind: 'fixed',
      type: 'NEWBIE',
      rules: {
        trigger: 'registration',
        amount: 50,
        payAs: 'bonus',
        wagering: { multiple: 5, base: 'bonus', contributions: {}, otherPercent: 100, days: 1 },
      },
    });
    const m = await member();
    await feed();
    const r = (await rewardsOf(m.token)).content.find((x) => x.amount === 50);
    expect(r?.state).toBe('claimable');
    expect((await as(m.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: r?.id })).statusCode).toBe(
      200,
    );
    expect((await wagering(m.token)).bonusBalance).toBe(50);
    t.advance(2 * 86_400_000);
    try {
      await expireRewards(t.ctx);
    } finally {
      t.advance(-2 * 86_400_000);
    }
    const w = await wagering(m.token);
    expect(w.bonusBalance).toBe(0);
    expect(w.list[0]?.state).toBe('forfeited');

    const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
    const costs = await adminCall('GET', `/admin/promotions/costs?from=${day(-86_400_000)}&to=${day(3 * 86_400_000)}`);
    expect(costs.statusCode, costs.body).toBe(200);
    const rows = (costs.json() as { value: { rows: { paid: number; forfeited: number; converted: number }[] } }).value
      .rows;
    expect(rows.reduce((s, x) => s + x.forfeited, 0)).toBeGreaterThanOrEqual(50);
    expect(rows.reduce((s, x) => s + x.converted, 0)).toBeGreaterThanOrEqual(500);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('an unclaimed reward expires and cannot be claimed', async () => {
    const m = await member();
    await feed();
    const r = (await rewardsOf(m.token)).content.find((x) => x.amount === 50);
    // Its claim window over (set on the row: moving the clock would end the member's session too).
    await t.ctx.db
      .updateTable('rewards')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', r?.id ?? 0)
      .execute();
    const res = await as(m.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: r?.id });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { code: string }).code).toBe('REWARD_NOT_CLAIMABLE');
    expect((await rewardsOf(m.token)).content.find((x) => x.id === r?.id)?.state).toBe('expired');
  });

  it("a member cannot claim another's reward; bad input changes nothing", async () => {
    const a = await member();
    const b = await member();
    await feed();
    const r = (await rewardsOf(a.token)).content[0];
    const res = await as(b.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: r?.id });
    expect((res.json() as { code: string }).code).toBe('REWARD_NOT_FOUND');
    const bad = await as(b.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((await rewardsOf(a.token)).content[0]?.state).toBe('claimable');
  });
});

describe('join and application promotions', () => {
  it('a promotion that needs joining pays only members who joined; an application is approved then claimed', async () => {
    const joinId = await createPromotion({
      kind: 'fixed',
      type: 'SLOTS',
      rules: { trigger: 'login', amount: 10, payAs: 'cash', requiresJoin: true },
    });
    const m = await member();
    await feed(); // the login event of the session came before joining: nothing earned
    expect((await rewardsOf(m.token)).content.some((r) => r.promotionId === joinId)).toBe(false);
    const joined = await as(m.token, 'POST', '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId: joinId });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(
      (await as(m.token, 'POST', '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId: joinId })).statusCode,
    ).toBe(409);
    await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: '127.0.0.1', userAgent: null });
    await feed();
    expect((await rewardsOf(m.token)).content.find((r) => r.promotionId === joinId)?.state).toBe('claimable');
    const raffle = await as(m.token, 'POST', '/wps/relay/MCS2_claimRafflePromotion', { promotionId: joinId });
    expect(raffle.statusCode, raffle.body).toBe(200);

    const appId = await createPromotion({
      kind: 'application',
      type: 'APP_DOWNLOAD',
      rules: { trigger: 'none', amount: 20, payAs: 'cash' },
    });
    // A real image: what is kept is decoded and re-encoded (http/image-upload.ts).
    const png = PNG_BYTES;
    const form = (comment: string, file: Buffer, type: string) => {
      const boundary = `----b${randomBytes(4).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="promotionId"\r\n\r\n${appId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\n${comment}\r\n--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: m.token },
        payload: body,
      };
    };
    const long = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpPromotionJoin',
      ...form('x'.repeat(141), png, 'image/png'),
    });
    expect(long.statusCode).toBe(400);
    const fake = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpPromotionJoin',
      ...form('hi', randomBytes(40), 'image/png'),
    });
    expect((fake.json() as { code: string }).code).toBe('PROMOTION_IMAGE_INVALID');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpPromotionJoin',
      ...form('I installed the app', png, 'image/png'),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as { value: { status: string } }).value.status).toBe('Applying');

    const apps = await adminCall('GET', '/admin/promotions/applications?status=pending');
    const application = (
      apps.json() as { value: { content: { id: number; promotionId: number; images: { url: string }[] }[] } }
    ).value.content.find((a) => a.promotionId === appId);
    expect(application?.images).toHaveLength(1);
    const image = await adminCall('GET', application?.images[0]?.url ?? '');
    // Kept re-encoded: a PNG that decodes, not the uploaded bytes.
    expect((await expectImage(image.rawPayload, 'png')).width).toBe(2);
    const approve = await adminCall('POST', `/admin/promotions/applications/${application?.id}`, {
      decision: 'approve',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(
      (await adminCall('POST', `/admin/promotions/applications/${application?.id}`, { decision: 'reject' })).statusCode,
    ).toBe(409);
    await feed();
    const reward = (await rewardsOf(m.token)).content.find((r) => r.promotionId === appId);
    expect(reward).toMatchObject({ amount: 20, state: 'claimable' });
    const before = await cash(m.id);
    expect(
      (await as(m.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: reward?.id })).statusCode,
    ).toBe(200);
    expect(await cash(m.id)).toBe(before + 2_000);
  });

  it('operators move a promotion draft -> active -> paused -> ended; ended is final; rules are checked', async () => {
    const id = await createPromotion({ kind: 'fixed', rules: { trigger: 'login', amount: 1, payAs: 'cash' } }, false);
    for (const [state, status] of [
      ['paused', 409],
      ['active', 200],
      ['paused', 200],
      ['ended', 200],
      ['active', 409],
    ] as const) {
      expect((await adminCall('POST', `/admin/promotions/${id}/state`, { state })).statusCode).toBe(status);
    }
    const bad = await adminCall('POST', '/admin/promotions', {
      type: 'DEPOSIT',
      kind: 'deposit_match',
      startsAt: new Date().toISOString(),
      endsAt: null,
      texts: { en: { title: 'x' } },
      rules: { trigger: 'deposit', payAs: 'bonus' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { value: { fields: Record<string, string> } }).value.fields).toEqual({
      'rules.percent': 'REQUIRED',
    });
  });
});
