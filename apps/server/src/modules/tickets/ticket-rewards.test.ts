// postgres: concurrent claims of one mission and one promotion reward on separate connections (row locks) issue once
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { brandToday } from '../../test/brand-day';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPromotion, createSessionMember } from '../../test/programmes';
import { drainActivity } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { verifyLedger } from '../ledger/ledger.service';
import { missionsConsumer } from '../missions/missions.service';
import { promotionsConsumer } from '../rewards/rewards.service';

// Tickets as rewards of missions and promotions, and missions paying bonus with wagering, through
// HTTP (docs/referrals-tickets.md "Earning", docs/missions.md, docs/rewards.md). The points mall's
// ticket rewards are tested in points.test.ts.

let t: TestApp;
let admin: string;
let wheel: number;
let disabled: number;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  // Seeded demo programmes would count for these members too: each test defines its own.
  await t.ctx.db.updateTable('missions').set({ state: 'ended' }).execute();
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
  wheel = await createKind(true);
  disabled = await createKind(false);
});
afterAll(() => t.close());

const uid = (p: string) => `${p}-${randomBytes(5).toString('hex')}`;

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

async function createKind(enabled: boolean): Promise<number> {
  const res = await call(admin, 'POST', '/admin/tickets/kinds', {
    kind: 'golden_egg',
    name: uid('Egg'),
    enabled,
    depositMin: null,
    prizes: [{ label: 'Nothing', type: 'none', weight: 1 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id;
}

const missionBase = () => ({
  period: 'daily',
  task: 'login',
  target: 1,
  startsAt: new Date(t.ctx.now().getTime() - 60_000).toISOString(),
  texts: { en: { title: uid('Mission'), description: 'd' } },
});

async function createMission(input: Record<string, unknown>) {
  const res = await call(admin, 'POST', '/admin/missions', { ...missionBase(), ...input });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as number;
  const on = await call(admin, 'POST', `/admin/missions/${id}/state`, { state: 'active' });
  expect(on.statusCode, on.body).toBe(200);
  return id;
}

async function missionItem(token: string, id: number) {
  const res = await call(token, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.list as { id: number; progressId: number; status: string; rewardTicketName: string }[]).find(
    (m) => m.id === id,
  );
}

async function ticketsOf(memberId: number) {
  return t.ctx.db
    .selectFrom('tickets')
    .select(['id', 'kind_id', 'source', 'state'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('validation of ticket and bonus rewards', () => {
  it('refuses a missing, unknown or disabled ticket kind for missions, promotions and the points mall, creating nothing', async () => {
    const before = {
      missions: (await t.ctx.db.selectFrom('missions').select('id').execute()).length,
      promotions: (await t.ctx.db.selectFrom('promotions').select('id').execute()).length,
      points: (await t.ctx.db.selectFrom('points_rewards').select('id').execute()).length,
    };
    const cases: [string, unknown, string][] = [
      ['/admin/missions', { ...missionBase(), rewardKind: 'ticket', rewardAmount: 1 }, 'VALIDATION_FAILED'],
      [
        '/admin/missions',
        { ...missionBase(), rewardKind: 'ticket', rewardAmount: 1.5, rewardTicketKindId: wheel },
        'VALIDATION_FAILED',
      ],
      [
        '/admin/missions',
        { ...missionBase(), rewardKind: 'ticket', rewardAmount: 101, rewardTicketKindId: wheel },
        'VALIDATION_FAILED',
      ],
      [
        '/admin/missions',
        { ...missionBase(), rewardKind: 'cash', rewardAmount: 1, rewardTicketKindId: wheel },
        'VALIDATION_FAILED',
      ],
      [
        '/admin/missions',
        {
          ...missionBase(),
          rewardKind: 'cash',
          rewardAmount: 1,
          rewardWagering: { multiple: 2, base: 'bonus', days: 3 },
        },
        'VALIDATION_FAILED',
      ],
      [
        '/admin/missions',
        { ...missionBase(), rewardKind: 'ticket', rewardAmount: 1, rewardTicketKindId: 999_999 },
        'TICKET_KIND_NOT_FOUND',
      ],
      [
        '/admin/missions',
        { ...missionBase(), rewardKind: 'ticket', rewardAmount: 1, rewardTicketKindId: disabled },
        'TICKET_KIND_DISABLED',
      ],
    ];
    const promo = (rules: Record<string, unknown>, kind = 'fixed') => ({
      type: 'NEWBIE',
      kind,
      startsAt: new Date().toISOString(),
      endsAt: null,
      texts: { en: { title: uid('P'), summary: 's', rules: 'r' } },
      rules: { trigger: 'login', amount: 1, ...rules },
    });
    cases.push(
      ['/admin/promotions', promo({ payAs: 'ticket' }), 'VALIDATION_FAILED'],
      ['/admin/promotions', promo({ payAs: 'cash', ticketKindId: wheel }), 'VALIDATION_FAILED'],
      ['/admin/promotions', promo({ payAs: 'ticket', ticketKindId: wheel, amount: 2.5 }), 'VALIDATION_FAILED'],
      [
        '/admin/promotions',
        promo({ payAs: 'ticket', ticketKindId: wheel, trigger: 'deposit', percent: 10 }, 'deposit_match'),
        'VALIDATION_FAILED',
      ],
      ['/admin/promotions', promo({ payAs: 'ticket', ticketKindId: 999_999 }), 'TICKET_KIND_NOT_FOUND'],
      ['/admin/promotions', promo({ payAs: 'ticket', ticketKindId: disabled }), 'TICKET_KIND_DISABLED'],
      ['/admin/points/rewards', { kind: 'ticket', name: uid('R'), pointsCost: 10 }, 'VALIDATION_FAILED'],
      [
        '/admin/points/rewards',
        { kind: 'ticket', name: uid('R'), pointsCost: 10, ticketKindId: 999_999 },
        'TICKET_KIND_NOT_FOUND',
      ],
      [
        '/admin/points/rewards',
        { kind: 'ticket', name: uid('R'), pointsCost: 10, ticketKindId: disabled },
        'TICKET_KIND_DISABLED',
      ],
      [
        '/admin/points/rewards',
        { kind: 'cash', name: uid('R'), pointsCost: 10, amount: 1, ticketKindId: wheel },
        'VALIDATION_FAILED',
      ],
    );
    for (const [url, body, code] of cases) {
      const res = await call(admin, 'POST', url, body);
      expect(res.json().code, `${url} ${JSON.stringify(body)}`).toBe(code);
    }
    expect((await t.ctx.db.selectFrom('missions').select('id').execute()).length).toBe(before.missions);
    expect((await t.ctx.db.selectFrom('promotions').select('id').execute()).length).toBe(before.promotions);
    expect((await t.ctx.db.selectFrom('points_rewards').select('id').execute()).length).toBe(before.points);
  });
});

describe('tickets and bonus as mission rewards', () => {
  it('a completed mission issues its tickets once, however many claims arrive at once', {
    tags: ['postgres'],
  }, async () => {
    const id = await createMission({ rewardKind: 'ticket', rewardAmount: 2, rewardTicketKindId: wheel });
    const m = await createSessionMember(t);
    await drainActivity(t.ctx, missionsConsumer);
    const item = await missionItem(m.token, id);
    expect(item).toMatchObject({ status: 'claimable', rewardKind: 'ticket', rewardAmount: 2 });
    expect(item?.rewardTicketName).toMatch(/^Egg-/);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', { progressId: item?.progressId }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const issued = await ticketsOf(m.id);
    expect(issued.map((r) => [Number(r.kind_id), r.source])).toEqual([
      [wheel, `mission:${item?.progressId}:1`],
      [wheel, `mission:${item?.progressId}:2`],
    ]);
    const ok = claims.find((c) => c.statusCode === 200);
    expect(ok?.json().value.ticketIds).toEqual(issued.map((r) => Number(r.id)));
    // The member sees them on the tickets page, ready to open.
    const page = await call(m.token, 'GET', '/wps/tickets');
    expect(page.json().value.unopened).toBe(2);
  });

  it('a mission bonus is paid as bonus balance with its wagering, listed in the reward centre', {
    tags: ['postgres'],
  }, async () => {
    const id = await createMission({
      rewardKind: 'bonus',
      rewardAmount: 10,
      rewardWagering: { multiple: 5, base: 'bonus', days: 7 },
    });
    const m = await createSessionMember(t);
    await drainActivity(t.ctx, missionsConsumer);
    const item = await missionItem(m.token, id);
    const claims = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', { progressId: item?.progressId }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409, 409]);
    const wagering = await call(m.token, 'GET', '/wps/relay/MCSFE_getBonusWagering');
    expect(wagering.statusCode, wagering.body).toBe(200);
    expect(wagering.json().value).toMatchObject({
      bonusBalance: 10,
      activeCount: 1,
      list: [{ bonus: 10, required: 50, progress: 0, state: 'active' }],
    });
    const rewards = await call(m.token, 'GET', '/wps/relay/MCSFE_getRewardCentre');
    expect(rewards.statusCode, rewards.body).toBe(200);
    expect(rewards.json().value.content).toMatchObject([
      { promotionId: null, amount: 10, payAs: 'bonus', state: 'claimed', title: expect.stringMatching(/^Mission-/) },
    ]);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});

describe('tickets as promotion rewards', () => {
  it('a fixed login promotion paid in tickets issues them at the claim, once for concurrent claims', {
    tags: ['postgres'],
  }, async () => {
    const promotionId = await createPromotion(t, admin, {
      type: 'NEWBIE',
      kind: 'fixed',
      rules: { trigger: 'login', amount: 1, payAs: 'ticket', ticketKindId: wheel },
    });
    const m = await createSessionMember(t);
    await drainActivity(t.ctx, promotionsConsumer);
    const list = await call(m.token, 'GET', '/wps/relay/MCSFE_getRewardCentre');
    const reward = (list.json().value.content as { id: number; promotionId: number }[]).find(
      (r) => r.promotionId === promotionId,
    );
    expect(reward).toMatchObject({ payAs: 'ticket', amount: 1, state: 'claimable', ticketIds: [] });
    expect(await ticketsOf(m.id)).toHaveLength(0);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(m.token, 'POST', '/wps/relay/MCSFE_signUpRequestReward', { rewardId: reward?.id }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const issued = await ticketsOf(m.id);
    expect(issued.map((r) => [Number(r.kind_id), r.source])).toEqual([[wheel, `reward:${reward?.id}`]]);
    const after = await call(m.token, 'GET', '/wps/relay/MCSFE_getRewardCentre');
    expect(after.json().value.content[0]).toMatchObject({ state: 'claimed', ticketIds: [Number(issued[0]?.id)] });
    // Tickets cost no money: the cost report counts the claim and pays nothing.
    const day = await brandToday(t.ctx);
    const costs = await call(admin, 'GET', `/admin/promotions/costs?from=${day}&to=${day}&promotionId=${promotionId}`);
    expect(costs.json().value.rows).toMatchObject([{ paid: 0, claims: 1 }]);
  });

  it('a promotion whose ticket kind was disabled earns nothing more', async () => {
    const kind = await createKind(true);
    const promotionId = await createPromotion(t, admin, {
      type: 'NEWBIE',
      kind: 'fixed',
      rules: { trigger: 'login', amount: 1, payAs: 'ticket', ticketKindId: kind },
    });
    const res = await call(admin, 'PUT', `/admin/tickets/kinds/${kind}`, {
      kind: 'golden_egg',
      name: uid('Egg'),
      enabled: false,
      depositMin: null,
      prizes: [{ label: 'Nothing', type: 'none', weight: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = await createSessionMember(t);
    await drainActivity(t.ctx, promotionsConsumer);
    const list = await call(m.token, 'GET', '/wps/relay/MCSFE_getRewardCentre');
    const mine = (list.json().value.content as { promotionId: number }[]).filter((r) => r.promotionId === promotionId);
    expect(mine).toEqual([]);
  });
});
