// postgres: two feeds of the referral consumer at once, on separate connections, pay each stage once
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { brandToday } from '../../test/brand-day';
import { createMember } from '../../test/factories';
import { insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { creditDeposit } from '../../test/programmes';
import { hashPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { drainActivity, rewindConsumer } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { referralsConsumer } from './referrals.service';

let t: TestApp;
let admin: string;
let nodeId: number;
let ipCounter = 0;

const uid = (p: string) => `${p}${randomBytes(5).toString('hex')}`;
const ip = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const feed = () => drainActivity(t.ctx, referralsConsumer);

const RULES = {
  payAs: 'cash',
  registration: { amount: 5, ticketKindId: null },
  firstDeposit: { minDeposit: 100, amount: 10, percent: 10, cap: 50, ticketKindId: null },
  turnover: { threshold: 1000, amount: 20, ticketKindId: null },
};

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  nodeId = (await t.ctx.db.selectFrom('games').select('node_id').orderBy('node_id').executeTakeFirstOrThrow()).node_id;
});
afterAll(() => t.close());

function adminCall(method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}
function as(token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

async function setProgramme(enabled: boolean, rules: unknown = RULES) {
  const res = await adminCall('PUT', '/admin/referrals/settings', { enabled, rules });
  expect(res.statusCode, res.body).toBe(200);
}

async function referrer(input: { type?: number } = {}) {
  const m = await createMember(t.ctx, { knownIps: [ip()], ...input });
  const token = await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: ip(), userAgent: null });
  return { ...m, token };
}

/** A member registered with this referrer, as registration records one (the INSERT writes the event). */
async function invitee(referrerId: number, registerIp = ip()) {
  const row = await t.ctx.db
    .insertInto('members')
    .values({
      username: uid('friend'),
      password_hash: await hashPassword('Secret@123'),
      type: 0,
      status: 'active',
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      referrer_id: referrerId,
      register_ip: registerIp,
      permissions: '[]',
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A round that closes (the valid bet counts once it closes). */
async function bet(memberId: number, amount: number) {
  const roundId = await insertRound(t.ctx, { memberId, nodeId, bet: amount, status: 'open' });
  await t.ctx.db
    .updateTable('vendor_rounds')
    .set({ status: 'closed', closed_at: new Date() })
    .where('round_id', '=', roundId)
    .execute();
}

const cash = async (memberId: number) => (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;

async function rewardsOf(referrerId: number) {
  return t.ctx.db
    .selectFrom('referral_rewards')
    .select(['stage', 'status', 'reason', 'amount'])
    .where('referrer_id', '=', referrerId)
    .orderBy('id')
    .execute();
}

describe('referral programme settings', () => {
  it('refuses bad rules and changes nothing', async () => {
    await setProgramme(false);
    for (const rules of [
      { ...RULES, registration: { amount: -1 } },
      { ...RULES, firstDeposit: { ...RULES.firstDeposit, percent: 150 } },
      { ...RULES, turnover: { threshold: 0, amount: 1 } },
      { ...RULES, payAs: 'gold' },
      { ...RULES, extra: 1 },
    ]) {
      const res = await adminCall('PUT', '/admin/referrals/settings', { enabled: true, rules });
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
    }
    const missingKind = await adminCall('PUT', '/admin/referrals/settings', {
      enabled: true,
      rules: { ...RULES, registration: { amount: 1, ticketKindId: 999_999 } },
    });
    expect(missingKind.statusCode).toBe(404);
    expect(missingKind.json().code).toBe('TICKET_KIND_NOT_FOUND');
    const now = await adminCall('GET', '/admin/referrals/settings');
    expect(now.json().value.enabled).toBe(false);
  });

  it('audits a change', async () => {
    await setProgramme(true);
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('event', '=', 'referral.settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.success).toBe(true);
  });

  it('sets availablePromo.REFERRAL only while the programme is on, never for a trial account', async () => {
    const m = await referrer();
    const trial = await referrer({ type: 4 });
    const flag = async (token: string) =>
      (await as(token, '/wps/member/publicState')).json().value.availablePromo.REFERRAL;
    await setProgramme(false);
    expect(await flag(m.token)).toBe(false);
    await setProgramme(true);
    expect(await flag(m.token)).toBe(true);
    expect(await flag(trial.token)).toBe(false);
  });
});

describe('invite friends', () => {
  beforeEach(() => setProgramme(true));

  it("gives the member's code and the register link with the code prefilled", async () => {
    const m = await referrer();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/referrals',
      headers: { authorization: m.token, origin: 'https://play.example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    const code = (
      await t.ctx.db.selectFrom('members').select('referral_code').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).referral_code;
    expect(v).toMatchObject({ enabled: true, canInvite: true, code, invited: 0, earned: 0 });
    expect(v.link).toBe(`https://play.example.com/register?referralCode=${code}`);
    expect((await as('nope', '/wps/referrals')).statusCode).toBe(401);
  });

  it('pays each stage once, lists the friend with its status and survives replays', {
    tags: ['postgres'],
  }, async () => {
    const m = await referrer();
    const friend = await invitee(m.id);
    await feed();
    expect(await cash(m.id)).toBe(500);

    await creditDeposit(t, friend.id, 30_000); // 300.00: 10 + 10% = 40
    await creditDeposit(t, friend.id, 90_000); // a second deposit is not a first deposit
    await feed();
    expect(await cash(m.id)).toBe(500 + 4_000);

    await bet(friend.id, 60_000);
    await feed();
    expect(await cash(m.id)).toBe(4_500);
    await bet(friend.id, 40_000); // turnover 1,000.00 reached
    await bet(friend.id, 40_000);
    await feed();
    expect(await cash(m.id)).toBe(4_500 + 2_000);

    // A replay of every event, and two feeds at once, pay nothing more.
    await rewindConsumer(t.ctx, 'referrals');
    await Promise.all([feed(), feed()]);
    expect(await cash(m.id)).toBe(6_500);
    expect((await rewardsOf(m.id)).map((r) => [r.stage, r.status, Number(r.amount)])).toEqual([
      ['registration', 'paid', 500],
      ['first_deposit', 'paid', 4_000],
      ['turnover', 'paid', 2_000],
    ]);

    const list = await as(m.token, '/wps/referrals/invitees');
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().value.content;
    expect(row).toMatchObject({ firstDeposit: true, turnoverReached: true, earned: 65 });
    expect(row.username).toBe(`${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`);
    expect(row.username).not.toContain(friend.username.slice(2, -1));
    const summary = (await as(m.token, '/wps/referrals')).json().value;
    expect(summary).toMatchObject({ invited: 1, earned: 65 });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('caps the percentage and skips a first deposit below the minimum', async () => {
    const m = await referrer();
    const big = await invitee(m.id);
    const small = await invitee(m.id);
    await creditDeposit(t, big.id, 10_000_00); // 10% of 10,000 = 1,000, capped at 50; plus 10
    await creditDeposit(t, small.id, 5_000); // below 100
    await feed();
    expect(await cash(m.id)).toBe(500 + 500 + 6_000);
    const list = (await as(m.token, '/wps/referrals/invitees')).json().value;
    expect(list.totalElements).toBe(2);
    // Both made a first deposit (the status), only the one from the minimum paid.
    expect(list.content.map((r: { firstDeposit: boolean }) => r.firstDeposit)).toEqual([true, true]);
    expect(list.content.map((r: { earned: number }) => r.earned).sort()).toEqual([5, 65]);
  });

  it('pays nothing while the programme is off, and nothing for a friend without a referrer', async () => {
    const m = await referrer();
    await setProgramme(false);
    const friend = await invitee(m.id);
    await creditDeposit(t, friend.id, 30_000);
    await createMember(t.ctx, { knownIps: [ip()] });
    await feed();
    expect(await cash(m.id)).toBe(0);
    expect(await rewardsOf(m.id)).toEqual([]);
    // The friend still shows in the list, with its first deposit.
    const [row] = (await as(m.token, '/wps/referrals/invitees')).json().value.content;
    expect(row).toMatchObject({ firstDeposit: true, earned: 0 });
  });

  it('refuses self-referral by shared address or bank account, once per stage', async () => {
    const m = await referrer();
    const sameIp = (
      await t.ctx.db.selectFrom('member_login_ips').select('ip').where('member_id', '=', m.id).executeTakeFirstOrThrow()
    ).ip;
    const twin = await invitee(m.id, sameIp);
    await feed();
    expect(await rewardsOf(m.id)).toEqual([{ stage: 'registration', status: 'refused', reason: 'same_ip', amount: 0 }]);

    const other = await invitee(m.id);
    await feed();
    for (const [memberId, number] of [
      [m.id, '1234 5678 90'],
      [other.id, '1234567890'],
    ] as const) {
      await t.ctx.db
        .insertInto('member_bank_accounts')
        .values({ member_id: memberId, bank_name: 'Bank', account_name: 'X', account_number: number })
        .execute();
    }
    await creditDeposit(t, other.id, 30_000);
    await creditDeposit(t, twin.id, 30_000);
    await feed();
    const rows = await rewardsOf(m.id);
    expect(
      rows
        .filter((r) => r.status === 'refused')
        .map((r) => r.reason)
        .sort(),
    ).toEqual(['same_bank_account', 'same_ip', 'same_ip']);
    // Only the other friend's registration (before the bank account was shared) paid.
    expect(await cash(m.id)).toBe(500);
  });

  it('reports rewards paid and refused by day', async () => {
    const day = await brandToday(t.ctx, new Date());
    const res = await adminCall('GET', `/admin/referrals/report?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.rows as { stage: string; paid: number; rewards: number; refused: number }[];
    const reg = rows.find((r) => r.stage === 'registration');
    expect(reg?.rewards).toBeGreaterThanOrEqual(4);
    expect(reg?.refused).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.stage === 'turnover')?.paid).toBe(20);
    const bad = await adminCall('GET', '/admin/referrals/report?from=2026-02-01&to=2025-01-01');
    expect(bad.json().code).toBe('REFERRAL_REPORT_RANGE_INVALID');
  });
});
