import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { creditDeposit, playVendorRound } from '../../test/programmes';
import { drainActivity, rewindConsumer } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import {
  actors,
  call,
  expectFailure,
  fund,
  PAYMENT_PASSWORD,
  requestId,
  setPaymentPassword,
} from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { evaluateMemberNow, runBirthdayBonuses, runMonthlyReview, vipConsumer } from './vip.service';

// VIP levels through HTTP (docs/vip.md): upgrades from deposit and round events,
// the upgrade bonus once per level under replays and concurrent evaluations, the monthly review and
// bonus, the birthday bonus, the member's page, public state, per-level withdrawal limits, and the
// back office's level table, settings and member level with their validation and audit.

let t: TestApp;
let admin: string;
let cashierOperator: string;

const { member: memberWithSession, operator } = actors(() => t, createMember);

const NO_RATES = [{ gameType: 'RNG', ratePpm: 12_000 }];
function level(n: number, label: string, over: Record<string, unknown> = {}) {
  return {
    level: n,
    labelName: label,
    minDeposit: 0,
    minValidBet: 0,
    upgradeBonus: 0,
    monthlyBonus: 0,
    birthdayBonus: 0,
    withdrawDailyCount: null,
    withdrawDailyAmount: null,
    rebateRates: NO_RATES,
    ...over,
  };
}

const LEVELS = [
  level(0, 'Member'),
  level(1, 'Bronze', {
    minDeposit: 100,
    minValidBet: 50,
    upgradeBonus: 10,
    monthlyBonus: 5,
    birthdayBonus: 8,
    withdrawDailyCount: 1,
    withdrawDailyAmount: 300,
  }),
  level(2, 'Silver', { minDeposit: 1_000, minValidBet: 500, upgradeBonus: 20, monthlyBonus: 15, birthdayBonus: 18 }),
  level(3, 'Gold', { minDeposit: 10_000, minValidBet: 5_000, upgradeBonus: 50 }),
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  cashierOperator = (await operator()).token;
  const res = await adminCall('PUT', '/admin/vip/levels', { levels: LEVELS });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

/** One round through the signed vendor API: bet, then a closing win (the bet is the valid bet). */
function playRound(memberId: number, bet: number, win = 0) {
  return playVendorRound(t, { memberId, vendor: 'PT', bet, win });
}

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

async function vipPostings(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('ledger_postings')
    .select(['idempotency_key', 'type'])
    .where('idempotency_key', 'like', `vip-%:${memberId}:%`)
    .orderBy('idempotency_key')
    .execute();
  return rows.map((r) => r.idempotency_key);
}

async function summary(token: string) {
  const res = await call(t, 'GET', '/wps/vip/summary', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function levelOf(memberId: number) {
  const row = await t.ctx.db
    .selectFrom('members')
    .select('vip_level')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.vip_level;
}

describe('upgrades', () => {
  it('upgrades when both thresholds are met, pays each level once, and a replay pays nothing more', async () => {
    const m = await memberWithSession();
    await fund(t, m.id, 2_000_000);
    expect(await summary(m.token)).toMatchObject({ level: 0, labelName: 'Member', deposits: 0, validBets: 0 });

    await creditDeposit(t, m.id, 10_000); // 100.00: the deposit threshold of level 1, but no valid bets yet
    await drainActivity(t.ctx, vipConsumer);
    expect(await levelOf(m.id)).toBe(0);

    await playRound(m.id, 5_000, 1_000); // 50.00 of valid bet
    await drainActivity(t.ctx, vipConsumer);
    expect(await levelOf(m.id)).toBe(1);
    const s1 = await summary(m.token);
    expect(s1).toMatchObject({
      level: 1,
      labelName: 'Bronze',
      windowDays: 90,
      deposits: 100,
      validBets: 50,
      next: { level: 2, labelName: 'Silver', depositsNeeded: 900, validBetsNeeded: 450 },
    });
    expect(s1.levels.map((l: { labelName: string }) => l.labelName)).toEqual(['Member', 'Bronze', 'Silver', 'Gold']);
    expect(s1.levels[1]).toMatchObject({ upgradeBonus: 10, withdrawDailyCount: 1, withdrawDailyAmount: 300 });
    expect(await vipPostings(m.id)).toEqual([`vip-upgrade:${m.id}:1`]);

    const state = (await call(t, 'GET', '/wps/member/publicState', m.token)).json().value;
    expect(state).toMatchObject({ hasVip: true, vipLabelName: 'Bronze', vipRankLevel: 1 });

    // Level 3 needs 10,000 and 5,000: both at once jumps over level 2 and pays both bonuses.
    const before = await cash(m.id);
    await creditDeposit(t, m.id, 1_000_000);
    await playRound(m.id, 500_000);
    await drainActivity(t.ctx, vipConsumer);
    expect(await levelOf(m.id)).toBe(3);
    expect(await vipPostings(m.id)).toEqual([
      `vip-upgrade:${m.id}:1`,
      `vip-upgrade:${m.id}:2`,
      `vip-upgrade:${m.id}:3`,
    ]);
    // +10,000 deposit, -5,000 bet, +20 +50 bonuses (minor units).
    expect((await cash(m.id)) - before).toBe(1_000_000 - 500_000 + 2_000 + 5_000);
    expect(await summary(m.token)).toMatchObject({ level: 3, next: null });

    // Replaying every event (the engine's cursor set back) and evaluating again pays nothing more.
    const paid = await cash(m.id);
    await rewindConsumer(t.ctx, 'vip');
    await drainActivity(t.ctx, vipConsumer);
    await evaluateMemberNow(t.ctx, m.id);
    expect(await cash(m.id)).toBe(paid);
    expect(await vipPostings(m.id)).toHaveLength(3);
    expect((await summary(m.token)).deposits).toBe(10_100);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('two evaluations at once pay each upgrade bonus once', async () => {
    const m = await memberWithSession();
    await fund(t, m.id, 2_000_000);
    await creditDeposit(t, m.id, 100_000);
    await playRound(m.id, 50_000);
    // The events are counted without evaluating (as if another node counted them), then two
    // evaluations race.
    await t.ctx.db
      .insertInto('vip_member_days')
      .values({
        member_id: m.id,
        day: brandDay(t.ctx.now(), (await getBrand(t.ctx.db)).timeZone),
        deposits: 100_000,
        valid_bets: 50_000,
      })
      .execute();
    const before = await cash(m.id);
    const results = await Promise.all([evaluateMemberNow(t.ctx, m.id), evaluateMemberNow(t.ctx, m.id)]);
    expect(results).toEqual([2, 2]);
    expect(await vipPostings(m.id)).toEqual([`vip-upgrade:${m.id}:1`, `vip-upgrade:${m.id}:2`]);
    expect((await cash(m.id)) - before).toBe(1_000 + 2_000);
    const changes = await t.ctx.db.selectFrom('vip_level_changes').selectAll().where('member_id', '=', m.id).execute();
    expect(changes).toHaveLength(1);
  });

  it('a trial account never gets a level', async () => {
    const m = await memberWithSession({ type: 4 });
    await t.ctx.db
      .insertInto('vip_member_days')
      .values({ member_id: m.id, day: '2000-01-01', deposits: 0, valid_bets: 0 })
      .execute();
    expect(await evaluateMemberNow(t.ctx, m.id)).toBeNull();
    expect(await levelOf(m.id)).toBe(0);
  });
});

describe('withdrawal limits per level', () => {
  async function readyMember(level: number) {
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 1_000_000);
    const added = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'juan dela cruz',
      accountNumber: `00${Math.floor(Math.random() * 1e10)}`,
    });
    expect(added.statusCode).toBe(200);
    const accountId = added.json().value.id as number;
    expect(
      (await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, cashierOperator)).statusCode,
    ).toBe(200);
    const set = await adminCall('POST', `/admin/vip/members/${m.id}/level`, {
      level,
      reason: 'test',
      holdUntil: 'review',
    });
    expect(set.statusCode, set.body).toBe(200);
    const withdraw = (amount: number) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      });
    return { ...m, withdraw };
  }

  async function orders(memberId: number) {
    return t.ctx.db.selectFrom('withdrawal_orders').select('amount').where('member_id', '=', memberId).execute();
  }

  it('refuses a second request of the day with its code, holding nothing', async () => {
    const m = await readyMember(1);
    expect((await m.withdraw(100)).statusCode).toBe(200);
    const balance = await balanceOf(t.ctx.db, m.id, 'PHP');
    expect(balance.held).toBe(10_000);
    expectFailure(await m.withdraw(100), 422, 'VIP_WITHDRAWAL_COUNT_LIMIT');
    expect(await balanceOf(t.ctx.db, m.id, 'PHP')).toEqual(balance);
    expect(await orders(m.id)).toHaveLength(1);
  });

  it('refuses an amount above the daily limit with its code, holding nothing', async () => {
    const m = await readyMember(1);
    expectFailure(await m.withdraw(300.01), 422, 'VIP_WITHDRAWAL_AMOUNT_LIMIT');
    expect(await balanceOf(t.ctx.db, m.id, 'PHP')).toMatchObject({ held: 0, balance: 1_000_000 });
    expect(await orders(m.id)).toHaveLength(0);
    expect((await m.withdraw(300)).statusCode).toBe(200);
  });

  it('a level without limits lets every request through', async () => {
    const m = await readyMember(2);
    expect((await m.withdraw(400)).statusCode).toBe(200);
    expect((await m.withdraw(400)).statusCode).toBe(200);
    expect(await orders(m.id)).toHaveLength(2);
  });
});

describe('back office', () => {
  it('validates the level table and changes nothing on bad input', async () => {
    const before = (await adminCall('GET', '/admin/vip')).json().value;
    const bad = [
      { levels: [level(0, 'Member', { minDeposit: 1 })] },
      { levels: [level(0, 'Member'), level(2, 'Skip')] },
      { levels: [level(0, 'Member'), level(1, 'A', { minDeposit: 10 }), level(2, 'B', { minDeposit: 5 })] },
      { levels: [level(0, 'Member', { rebateRates: [{ gameType: 'RNG', ratePpm: 100_001 }] })] },
      { levels: [level(0, 'Member', { rebateRates: NO_RATES.concat(NO_RATES) })] },
      { levels: [level(0, 'Member', { rebateRates: [{ gameType: 'NOPE', ratePpm: 1 }] })] },
      { levels: [level(0, 'Member', { minValidBet: -1 })] },
      { levels: [level(0, '')] },
      { levels: [] },
    ];
    for (const body of bad) expectFailure(await adminCall('PUT', '/admin/vip/levels', body), 400, 'VALIDATION_FAILED');
    expect((await adminCall('GET', '/admin/vip')).json().value).toEqual(before);
  });

  it('refuses to remove a level a member holds', async () => {
    const m = await memberWithSession();
    expect(
      (
        await adminCall('POST', `/admin/vip/members/${m.id}/level`, {
          level: 3,
          reason: 'vip host',
          holdUntil: 'review',
        })
      ).statusCode,
    ).toBe(200);
    expectFailure(await adminCall('PUT', '/admin/vip/levels', { levels: LEVELS.slice(0, 3) }), 409, 'VIP_LEVEL_IN_USE');
    expect((await adminCall('GET', '/admin/vip')).json().value.levels).toHaveLength(4);
  });

  it("sets a member's level with a reason, audited, and refuses unknown levels and members", async () => {
    const m = await memberWithSession();
    const res = await adminCall('POST', `/admin/vip/members/${m.id}/level`, {
      level: 2,
      reason: 'loyal player',
      holdUntil: 'review',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      level: 2,
      labelName: 'Silver',
      changes: [{ fromLevel: 0, toLevel: 2, source: 'operator', reason: 'loyal player' }],
    });
    // No upgrade bonus for a level given by hand.
    expect(await vipPostings(m.id)).toEqual([]);
    const found = await adminCall('GET', `/admin/vip/members?username=${m.username}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().value).toMatchObject({ memberId: m.id, level: 2, changes: [{ reason: 'loyal player' }] });
    expectFailure(await adminCall('GET', '/admin/vip/members?username=nobody-here'), 404, 'MEMBER_NOT_FOUND');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'vip.memberLevel')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.success).toBe(true);
    expect(JSON.stringify(audit.detail)).toContain('loyal player');

    expectFailure(
      await adminCall('POST', `/admin/vip/members/${m.id}/level`, { level: 9, reason: 'x', holdUntil: 'review' }),
      404,
      'VIP_LEVEL_NOT_FOUND',
    );
    expectFailure(
      await adminCall('POST', '/admin/vip/members/999999999/level', { level: 1, reason: 'x', holdUntil: 'review' }),
      404,
      'MEMBER_NOT_FOUND',
    );
    expectFailure(
      await adminCall('POST', `/admin/vip/members/${m.id}/level`, { level: 1, reason: ' ', holdUntil: 'review' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await levelOf(m.id)).toBe(2);
    // A member's token is not an operator's.
    expect((await call(t, 'GET', '/admin/vip', m.token)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('changes the settings, validated', async () => {
    const res = await adminCall('PUT', '/admin/vip/settings', { windowDays: 30, rebateMode: 'manual', rebateHour: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.settings).toEqual({ windowDays: 30, rebateMode: 'manual', rebateHour: 5 });
    for (const body of [
      { windowDays: 0, rebateMode: 'manual', rebateHour: 5 },
      { windowDays: 30, rebateMode: 'sometimes', rebateHour: 5 },
      { windowDays: 30, rebateMode: 'manual', rebateHour: 24 },
    ])
      expectFailure(await adminCall('PUT', '/admin/vip/settings', body), 400, 'VALIDATION_FAILED');
    await adminCall('PUT', '/admin/vip/settings', { windowDays: 90, rebateMode: 'automatic', rebateHour: 3 });
  });
});

// Last: these move the test clock.
describe('monthly review and bonus, birthday bonus', () => {
  it('pays the birthday bonus of the level once a year', async () => {
    const m = await memberWithSession();
    await adminCall('POST', `/admin/vip/members/${m.id}/level`, {
      level: 2,
      reason: 'birthday test',
      holdUntil: 'review',
    });
    const today = brandDay(t.ctx.now(), (await getBrand(t.ctx.db)).timeZone);
    await t.ctx.db
      .updateTable('members')
      .set({ birthday: `1990-${today.slice(5)}` })
      .where('id', '=', m.id)
      .execute();
    const before = await cash(m.id);
    await runBirthdayBonuses(t.ctx);
    await runBirthdayBonuses(t.ctx);
    expect((await cash(m.id)) - before).toBe(1_800);
    expect(await vipPostings(m.id)).toEqual([`vip-birthday:${m.id}:${today.slice(0, 4)}`]);
  });

  it('marks a trial account reviewed without paying it', async () => {
    const m = await memberWithSession({ type: 4 });
    await t.ctx.db.updateTable('members').set({ vip_level: 2 }).where('id', '=', m.id).execute();
    await runMonthlyReview(t.ctx);
    await runMonthlyReview(t.ctx);
    expect(await vipPostings(m.id)).toEqual([]);
    const reviews = await t.ctx.db.selectFrom('vip_reviews').selectAll().where('member_id', '=', m.id).execute();
    expect(reviews).toMatchObject([{ from_level: 2, to_level: 2 }]);
  });

  it('pays the monthly bonus once a month and moves a member down one level when the window no longer meets it', async () => {
    const keeps = await memberWithSession();
    await fund(t, keeps.id, 2_000_000);
    await creditDeposit(t, keeps.id, 100_000);
    await playRound(keeps.id, 50_000);
    await drainActivity(t.ctx, vipConsumer);
    expect(await levelOf(keeps.id)).toBe(2);
    const tz = (await getBrand(t.ctx.db)).timeZone;
    const month = brandDay(t.ctx.now(), tz).slice(0, 7);
    const before = await cash(keeps.id);
    await runMonthlyReview(t.ctx);
    await runMonthlyReview(t.ctx);
    expect((await cash(keeps.id)) - before).toBe(1_500);
    expect(await vipPostings(keeps.id)).toContain(`vip-monthly:${keeps.id}:${month}`);

    // 100 days later the window is empty: the next month's review moves the member down one level
    // (to Bronze) and pays Bronze's monthly bonus.
    t.advance(100 * 86_400_000);
    const later = brandDay(t.ctx.now(), tz).slice(0, 7);
    const mid = await cash(keeps.id);
    await runMonthlyReview(t.ctx);
    await runMonthlyReview(t.ctx);
    expect(await levelOf(keeps.id)).toBe(1);
    expect((await cash(keeps.id)) - mid).toBe(500);
    expect(await vipPostings(keeps.id)).toContain(`vip-monthly:${keeps.id}:${later}`);
    const review = await t.ctx.db
      .selectFrom('vip_level_changes')
      .selectAll()
      .where('member_id', '=', keeps.id)
      .where('source', '=', 'review')
      .execute();
    expect(review).toMatchObject([{ from_level: 2, to_level: 1 }]);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('holds a level set by hand until the next review or a date, paying only the upgrade bonus chosen', async () => {
    // The clock has moved on: a fresh back-office session.
    admin = await adminToken(t.app);
    const tz = (await getBrand(t.ctx.db)).timeZone;
    const today = brandDay(t.ctx.now(), tz);
    const held = await memberWithSession();
    const set = await adminCall('POST', `/admin/vip/members/${held.id}/level`, {
      level: 2,
      reason: 'vip host',
      holdUntil: 'review',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.hold).toMatchObject({ level: 2, until: 'review' });
    expect(set.json().value.hold.lastDay.slice(0, 7)).toBe(today.slice(0, 7));
    // The jobs and the next event leave it alone, and pay nothing nobody asked for.
    await runMonthlyReview(t.ctx);
    await evaluateMemberNow(t.ctx, held.id);
    expect(await levelOf(held.id)).toBe(2);
    expect(await vipPostings(held.id)).toEqual([]);

    const dated = await memberWithSession();
    const lastDay = addDays(today, 3);
    const withBonus = await adminCall('POST', `/admin/vip/members/${dated.id}/level`, {
      level: 3,
      reason: 'whale',
      holdUntil: lastDay,
      upgradeBonus: true,
    });
    expect(withBonus.statusCode, withBonus.body).toBe(200);
    expect(withBonus.json().value.hold).toMatchObject({ level: 3, until: 'date', lastDay });
    await runMonthlyReview(t.ctx);
    expect(await levelOf(dated.id)).toBe(3);
    // Gold's upgrade bonus only (50.00), as chosen; no monthly bonus, no bonus of the levels passed.
    expect(await vipPostings(dated.id)).toEqual([`vip-upgrade:${dated.id}:3`]);
    for (const holdUntil of [addDays(today, -1), '2026-02-31', 'soon'])
      expectFailure(
        await adminCall('POST', `/admin/vip/members/${dated.id}/level`, { level: 1, reason: 'x', holdUntil }),
        400,
        'VALIDATION_FAILED',
      );
    expect(await levelOf(dated.id)).toBe(3);

    // After the date the rules take over: the review moves the member down one level and pays its bonus.
    t.advance(5 * 86_400_000);
    await runMonthlyReview(t.ctx);
    expect(await levelOf(dated.id)).toBe(2);
    const holds = await t.ctx.db
      .selectFrom('vip_level_holds')
      .select('ends_at')
      .where('member_id', '=', dated.id)
      .execute();
    expect(holds.every((h) => new Date(h.ends_at) <= t.ctx.now())).toBe(true);
  });
});
