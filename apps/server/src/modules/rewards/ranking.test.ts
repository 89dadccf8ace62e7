import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import type { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  cashBalance,
  createPromotion as createPromotionAs,
  createSessionMember,
  creditDeposit,
  playVendorRound,
} from '../../test/programmes';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { verifyLedger } from '../ledger/ledger.service';
import { payRankings, promotionsConsumer, rankingConsumer } from './rewards.service';

// One bonus per person (member, IP, bank account, mobile; refusals are data) and ranking
// promotions (top N by valid-bet turnover in the period, paid once at the end, ties to who reached
// the turnover first), through HTTP.

let t: TestApp;
let admin: string;
let vendor: string;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
  const g = await t.ctx.db.selectFrom('games').select('vendor_code').orderBy('vendor_code').executeTakeFirstOrThrow();
  vendor = g.vendor_code;
});
afterAll(() => t.close());

const uid = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;

function adminCall(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

function createPromotion(input: Record<string, unknown>) {
  return createPromotionAs(t, admin, input);
}

async function member(input: Parameters<typeof createMember>[1] = {}) {
  // Each member comes from an address of its own (a shared one is what the rule looks for).
  const own = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return createSessionMember(t, { knownIps: [own], ...input });
}

function cash(memberId: number) {
  return cashBalance(t, memberId);
}

async function rewardsOf(promotionId: number) {
  return t.ctx.db
    .selectFrom('rewards')
    .select(['member_id', 'amount', 'source', 'state'])
    .where('promotion_id', '=', promotionId)
    .orderBy('id')
    .execute();
}

async function bankAccount(memberId: number, accountNumber: string) {
  await t.ctx.db
    .insertInto('member_bank_accounts')
    .values({ member_id: memberId, bank_name: 'BDO', account_name: 'x', account_number: accountNumber })
    .execute();
}

describe('one bonus per person', () => {
  it('refuses a second grant to the member and grants to members sharing an IP, bank account or mobile; refusals are data', async () => {
    const promotionId = await createPromotion({
      kind: 'fixed',
      rules: { trigger: 'deposit', amount: 10, payAs: 'cash', onePerPerson: true, perMember: 5 },
    });
    const mobile = `9${Math.floor(Math.random() * 1e9)}`;
    const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const number = uid('acct');
    const first = await member({ mobileNum: mobile });
    await t.ctx.db
      .updateTable('members')
      .set({ register_ip: ip, country_dialing_code: null })
      .where('id', '=', first.id)
      .execute();
    await bankAccount(first.id, number);
    await creditDeposit(t, first.id, 10_000);
    await creditDeposit(t, first.id, 10_000); // the same person again
    await drainActivity(t.ctx, promotionsConsumer);

    const sameIp = await member();
    await t.ctx.db.insertInto('member_login_ips').values({ member_id: sameIp.id, ip }).execute();
    const sameBank = await member();
    await bankAccount(sameBank.id, number);
    const sameMobile = await member();
    await t.ctx.db
      .updateTable('members')
      .set({ mobile_num: mobile, country_dialing_code: null })
      .where('id', '=', sameMobile.id)
      .execute();
    const stranger = await member();
    for (const m of [sameIp, sameBank, sameMobile, stranger]) await creditDeposit(t, m.id, 10_000);
    await drainActivity(t.ctx, promotionsConsumer);
    await drainActivity(t.ctx, promotionsConsumer); // a rerun records nothing twice

    const granted = await rewardsOf(promotionId);
    expect(granted.map((r) => r.member_id).sort()).toEqual([first.id, stranger.id].sort());

    const res = await adminCall('GET', `/admin/promotions/refusals?promotionId=${promotionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      res.json() as {
        value: { content: { memberId: number; reason: string; otherMemberId: number | null; amount: number }[] };
        totalElements: number;
      }
    ).value.content;
    const byMember = new Map(list.map((r) => [r.memberId, r]));
    expect(list).toHaveLength(4);
    expect(byMember.get(first.id)).toMatchObject({ reason: 'member', otherMemberId: null, amount: 10 });
    expect(byMember.get(sameIp.id)).toMatchObject({ reason: 'ip', otherMemberId: first.id });
    expect(byMember.get(sameBank.id)).toMatchObject({ reason: 'bank_account', otherMemberId: first.id });
    expect(byMember.get(sameMobile.id)).toMatchObject({ reason: 'mobile', otherMemberId: first.id });
    // Without the flag the same members are each paid (perMember applies).
    const open = await createPromotion({
      kind: 'fixed',
      rules: { trigger: 'deposit', amount: 1, payAs: 'cash' },
    });
    await creditDeposit(t, sameIp.id, 10_000);
    await drainActivity(t.ctx, promotionsConsumer);
    expect((await rewardsOf(open)).map((r) => r.member_id)).toEqual([sameIp.id]);
  });
});

function playRound(memberId: number, bet: number) {
  return playVendorRound(t, { memberId, vendor, bet });
}

type Board = {
  settled: boolean;
  list: { rank: number; username: string; turnover: number; prize: number | null }[];
  mine: { rank: number; turnover: number; prize: number | null } | null;
};

async function board(promotionId: number, token?: string): Promise<Board> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/MCSFE_getPromotionLeaderboard?promotionId=${promotionId}`,
    ...(token ? { headers: { authorization: token } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: Board }).value;
}

describe('ranking promotions', () => {
  it('refuses a ranking without prizes or an end', async () => {
    const res = await adminCall('POST', '/admin/promotions', {
      type: 'RANKING',
      kind: 'ranking',
      startsAt: new Date().toISOString(),
      endsAt: null,
      texts: { en: { title: 'Top' } },
      rules: { trigger: 'none', payAs: 'cash', ranking: { prizes: [10] } },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { value: { fields: Record<string, string> } }).value.fields).toEqual({ endsAt: 'REQUIRED' });
    const none = await adminCall('POST', '/admin/promotions', {
      type: 'RANKING',
      kind: 'ranking',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      texts: { en: { title: 'Top' } },
      rules: { trigger: 'none', payAs: 'cash' },
    });
    expect((none.json() as { value: { fields: Record<string, string> } }).value.fields).toEqual({
      'rules.ranking': 'REQUIRED',
    });
  });

  it('ranks by turnover in the period, ties to who reached it first, pays once at the end', async () => {
    const promotionId = await createPromotion({
      type: 'RANKING',
      kind: 'ranking',
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      rules: { trigger: 'none', payAs: 'cash', ranking: { prizes: [100, 50] } },
    });
    // Created first (the lower id), but reaches 300 second.
    const second = await member({ username: `zeta${randomBytes(3).toString('hex')}` });
    const first = await member({ username: `alpha${randomBytes(3).toString('hex')}` });
    const third = await member();
    for (const m of [first, second, third]) await creditDeposit(t, m.id, 100_000);
    await playRound(first.id, 10_000);
    await playRound(first.id, 20_000);
    await playRound(third.id, 10_000);
    await playRound(second.id, 30_000);
    await drainActivity(t.ctx, rankingConsumer);
    await drainActivity(t.ctx, rankingConsumer);

    const live = await board(promotionId, second.token);
    expect(live.settled).toBe(false);
    expect(live.list.map((r) => [r.rank, r.turnover, r.prize])).toEqual([
      [1, 300, 100],
      [2, 300, 50],
      [3, 100, null],
    ]);
    expect(live.list[0]?.username).toBe(`${first.username.slice(0, 2)}******${first.username.slice(-1)}`);
    expect(live.list.some((r) => r.username === first.username)).toBe(false);
    expect(live.mine).toMatchObject({ rank: 2, turnover: 300, prize: 50 });
    expect((await board(promotionId)).mine).toBeNull();

    // Before the end nothing is paid.
    expect(await payRankings(t.ctx)).toEqual({ promotions: 0, prizes: 0 });
    const before = { first: await cash(first.id), second: await cash(second.id), third: await cash(third.id) };
    t.advance(2 * 3_600_000);
    try {
      const paid = await payRankings(t.ctx);
      expect(paid.prizes).toBe(2);
      expect(await payRankings(t.ctx)).toEqual({ promotions: 0, prizes: 0 }); // a rerun pays nothing
      // Even with the promotion marked unpaid again, each rank is paid once.
      await t.ctx.db.updateTable('promotions').set({ settled_at: null }).where('id', '=', promotionId).execute();
      expect((await payRankings(t.ctx)).prizes).toBe(0);
    } finally {
      t.advance(-2 * 3_600_000);
    }
    expect(await cash(first.id)).toBe(before.first + 10_000);
    expect(await cash(second.id)).toBe(before.second + 5_000);
    expect(await cash(third.id)).toBe(before.third);
    const prizes = await rewardsOf(promotionId);
    expect(prizes.map((r) => [r.member_id, r.source, r.state])).toEqual([
      [first.id, 'rank:1', 'claimed'],
      [second.id, 'rank:2', 'claimed'],
    ]);
    expect((await board(promotionId)).settled).toBe(true);

    const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
    const costs = await adminCall(
      'GET',
      `/admin/promotions/costs?from=${day(-86_400_000)}&to=${day(86_400_000)}&promotionId=${promotionId}`,
    );
    const rows = (costs.json() as { value: { rows: { paid: number; ranking: number }[] } }).value.rows;
    expect(rows.reduce((s, r) => s + r.ranking, 0)).toBe(150);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
