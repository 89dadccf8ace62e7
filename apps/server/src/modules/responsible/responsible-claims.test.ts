import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { cashBalance, createSessionMember, playVendorRound } from '../../test/programmes';
import { hashPassword } from '../accounts/passwords';
import { drainActivity } from '../activity/activity-bus';
import { fund } from '../cashier/cashier.fixtures';
import { pointsBalance } from '../ledger/points-ledger.service';
import { missionsConsumer } from '../missions/missions.service';
import { rebatesConsumer } from '../rebates/rebates.service';

// No promotion during a break, so the other programmes'
// claims are refused with the promotions' code (RESPONSIBLE_BREAK_ACTIVE) and move nothing: a
// mission reward, opening a ticket, a points-mall redemption and a rebate claim. Once an operator
// lifts the break, the same claims go through (the fixtures were claimable all along).

let t: TestApp;
let admin: string;
const PAY = 'Pay@12345';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

type Reply = Awaited<ReturnType<typeof call>>;

function ok(res: Reply) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

function refused(res: Reply) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe('RESPONSIBLE_BREAK_ACTIVE');
}

describe('programme claims during a break', () => {
  it('refuses a mission claim, a ticket, a points redemption and a rebate claim; all work once lifted', async () => {
    // A login mission paying 5 in cash, a prize wheel with one cash prize, a points-mall cash reward
    // and the manual rebate mode.
    const mission = ok(
      await call(admin, 'POST', '/admin/missions', {
        period: 'daily',
        task: 'login',
        target: 1,
        rewardKind: 'cash',
        rewardAmount: 5,
        startsAt: new Date(t.ctx.now().getTime() - 60_000).toISOString(),
        texts: { en: { title: 'Break mission', description: 'd' } },
      }),
    ).id as number;
    ok(await call(admin, 'POST', `/admin/missions/${mission}/state`, { state: 'active' }));
    const kind = ok(
      await call(admin, 'POST', '/admin/tickets/kinds', {
        kind: 'prize_wheel',
        name: 'Break wheel',
        enabled: true,
        depositMin: null,
        prizes: [{ label: 'Cash', type: 'cash', amount: 2, weight: 1 }],
      }),
    ).id as number;
    const reward = ok(
      await call(admin, 'POST', '/admin/points/rewards', {
        name: 'Break cash',
        kind: 'cash',
        pointsCost: 100,
        amount: 3,
      }),
    ).id as number;
    ok(await call(admin, 'PUT', '/admin/vip/settings', { windowDays: 90, rebateMode: 'manual', rebateHour: 0 }));

    const m = await createSessionMember(t);
    await t.ctx.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(PAY) })
      .where('id', '=', m.id)
      .execute();
    await fund(t, m.id, 1_000_000);
    await drainActivity(t.ctx, missionsConsumer); // the session's login completes the mission
    const items = ok(await call(m.token, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails')).list as {
      id: number;
      progressId: number | null;
      status: string;
    }[];
    const item = items.find((i) => i.id === mission);
    expect(item?.status).toBe('claimable');
    const ticket = await t.ctx.db
      .insertInto('tickets')
      .values({ member_id: m.id, kind_id: kind, source: 'test:break' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ok(
      await call(admin, 'POST', '/admin/points/adjustments', {
        username: m.username,
        points: 100,
        reason: 'test',
        requestId: `r-${randomBytes(6).toString('hex')}`,
      }),
    );
    await playVendorRound(t, { memberId: m.id, vendor: 'PT', bet: 100_000 });
    await drainActivity(t.ctx, rebatesConsumer);
    expect(ok(await call(m.token, 'GET', '/wps/rebate/summary')).accrued).toBeGreaterThan(0);

    ok(await call(m.token, 'POST', '/wps/responsible/break', { period: '24h', confirm: true }));
    const cash = await cashBalance(t, m.id);
    const redeem = () =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
        body: { rewardId: reward, paymentPassword: PAY, requestId: `r-${randomBytes(6).toString('hex')}` },
        token: m.token,
      });
    const claims = [
      () => call(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', { progressId: item?.progressId }),
      () => call(m.token, 'POST', `/wps/tickets/${ticket.id}/open`),
      redeem,
      () => call(m.token, 'POST', '/wps/rebate/claim'),
    ];
    for (const claim of claims) refused(await claim());
    expect(await cashBalance(t, m.id)).toBe(cash);
    expect(await pointsBalance(t.ctx.db, m.id)).toBe(100);
    const unopened = await t.ctx.db
      .selectFrom('tickets')
      .select('opened_at')
      .where('id', '=', ticket.id)
      .executeTakeFirst();
    expect(unopened?.opened_at).toBeNull();

    // The operator lifts it (audited with a reason, see responsible.test.ts); every claim now pays.
    ok(await call(admin, 'POST', `/admin/protection/members/${m.id}/lift`, { reason: 'Lifted for the claims test' }));
    for (const claim of claims) ok(await claim());
    expect(await pointsBalance(t.ctx.db, m.id)).toBe(0);
    expect(await cashBalance(t, m.id)).toBeGreaterThan(cash + 500 + 200 + 300);
  });
});
