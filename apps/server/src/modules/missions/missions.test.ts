// postgres: concurrent claims of one mission on separate connections (row lock) pay once
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { cashBalance, createSessionMember, creditDeposit, playVendorRound } from '../../test/programmes';
import { issueSession } from '../accounts/sessions.service';
import { drainActivity, rewindConsumer } from '../activity/activity-bus';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { post, verifyLedger } from '../ledger/ledger.service';
import { pointsBalance } from '../ledger/points-ledger.service';
import { missionsConsumer, periodWindow } from './missions.service';

let t: TestApp;
let admin: string;
let slotVendor: string;
let gameType: string;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
  // Seeded demo missions would count for these members too: each test here defines its own.
  await t.ctx.db.updateTable('missions').set({ state: 'ended' }).execute();
  const g = await t.ctx.db
    .selectFrom('games')
    .select(['vendor_code', 'game_type'])
    .orderBy('vendor_code')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  slotVendor = g.vendor_code;
  gameType = g.game_type;
});
afterAll(() => t.close());

const uid = (p: string) => `${p}-${randomBytes(6).toString('hex')}`;
const feed = () => drainActivity(t.ctx, missionsConsumer);

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

async function createMission(input: Record<string, unknown>, activate = true) {
  const res = await adminCall('POST', '/admin/missions', {
    startsAt: new Date(t.ctx.now().getTime() - 60_000).toISOString(),
    texts: { en: { title: uid('Mission'), description: 'd' } },
    ...input,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { value: { id: number } }).value.id;
  if (activate) {
    const on = await adminCall('POST', `/admin/missions/${id}/state`, { state: 'active' });
    expect(on.statusCode, on.body).toBe(200);
  }
  return id;
}

function member() {
  return createSessionMember(t);
}

function session(memberId: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function as(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

type Item = {
  id: number;
  status: string;
  progress: number;
  target: number;
  progressId: number | null;
  resetsAt: string | null;
  rewardAmount: number;
};

async function missionsOf(token: string, id: number): Promise<Item[]> {
  const res = await as(token, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { list: Item[] } }).value.list.filter((m) => m.id === id);
}

async function current(token: string, id: number): Promise<Item> {
  const list = await missionsOf(token, id);
  const item = list.at(-1);
  if (!item) throw new Error(`mission ${id} not listed`);
  return item;
}

async function badge(token: string) {
  const res = await as(token, 'GET', '/wps/member/publicState');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { missionCount: number } }).value.missionCount;
}

function cash(memberId: number) {
  return cashBalance(t, memberId);
}

async function fund(memberId: number, amount: number) {
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: uid('fund'),
      type: 'deposit',
      reference: uid('F'),
      entries: [
        { account: { member: memberId, currency: 'PHP' }, amount },
        { account: { house: 'bank', currency: 'PHP' }, amount: -amount },
      ],
    }),
  );
}

/** One round through the signed vendor API: bet, then a closing win (amounts in minor units). */
function playRound(memberId: number, bet: number) {
  return playVendorRound(t, {
    memberId,
    vendor: slotVendor,
    bet,
    expiresAt: new Date(t.ctx.now().getTime() + 3_600_000),
  });
}

describe('back office', () => {
  it('refuses bad missions with field errors and creates nothing', async () => {
    const before = (await t.ctx.db.selectFrom('missions').select('id').execute()).length;
    const base = { startsAt: new Date().toISOString(), texts: { en: { title: 'x', description: '' } } };
    const bad = [
      { ...base, period: 'daily', task: 'deposit', target: 1, rewardKind: 'cash', rewardAmount: 5 },
      { ...base, period: 'daily', task: 'rounds', target: 2.5, rewardKind: 'cash', rewardAmount: 5 },
      { ...base, period: 'newbie', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 5 },
      { ...base, period: 'daily', task: 'login', target: 1, rewardKind: 'points', rewardAmount: 1.5 },
      { ...base, period: 'daily', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 5.001 },
      { ...base, period: 'daily', task: 'login', gameType: 'RNG', target: 1, rewardKind: 'cash', rewardAmount: 5 },
      { ...base, period: 'monthly', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 5 },
      {
        ...base,
        period: 'daily',
        task: 'login',
        target: 1,
        rewardKind: 'cash',
        rewardAmount: 5,
        texts: { fr: { title: 'x' } },
      },
    ];
    for (const body of bad) {
      const res = await adminCall('POST', '/admin/missions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.ctx.db.selectFrom('missions').select('id').execute()).length).toBe(before);
  });

  it('moves states draft -> active -> paused -> active -> ended, refuses the rest, and audits', async () => {
    const id = await createMission(
      { period: 'daily', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 1 },
      false,
    );
    const move = (state: string) => adminCall('POST', `/admin/missions/${id}/state`, { state });
    expect((await move('paused')).statusCode).toBe(409);
    expect((await move('active')).statusCode).toBe(200);
    expect((await move('paused')).statusCode).toBe(200);
    expect((await move('active')).statusCode).toBe(200);
    const ended = await move('ended');
    expect((ended.json() as { value: { phase: string } }).value.phase).toBe('ended');
    expect((await move('active')).statusCode).toBe(409);
    const edit = await adminCall('PUT', `/admin/missions/${id}`, {
      period: 'daily',
      task: 'login',
      target: 2,
      rewardKind: 'cash',
      rewardAmount: 1,
      startsAt: new Date().toISOString(),
      texts: { en: { title: 'changed' } },
    });
    expect(edit.statusCode).toBe(409);
    expect((edit.json() as { code: string }).code).toBe('MISSION_ENDED');
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('event', 'in', ['mission.write', 'mission.state'])
      .execute();
    expect(audits.filter((a) => a.event === 'mission.state' && a.success).length).toBeGreaterThanOrEqual(4);
  });
});

describe('missions', () => {
  it('a login completes the login mission; five claims at once pay once; the badge follows', {
    tags: ['postgres'],
  }, async () => {
    const id = await createMission({ period: 'daily', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 5 });
    const m = await member();
    await feed();
    const item = await current(m.token, id);
    expect(item).toMatchObject({ status: 'claimable', progress: 1, target: 1, rewardAmount: 5 });
    expect(await badge(m.token)).toBe(1);
    const before = await cash(m.id);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', { progressId: item.progressId }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await cash(m.id)).toBe(before + 500);
    expect((await current(m.token, id)).status).toBe('claimed');
    expect(await badge(m.token)).toBe(0);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('idempotency_key', '=', `mission:${item.progressId}`)
      .execute();
    expect(postings).toHaveLength(1);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);

    // A second login the same day changes nothing; another member cannot claim this row.
    await session(m.id);
    await feed();
    expect((await current(m.token, id)).status).toBe('claimed');
    const other = await member();
    const foreign = await as(other.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', {
      progressId: item.progressId,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('rounds on the game type count (replays once), bets total towards a points mission, reset the next day', async () => {
    const rounds = await createMission({
      period: 'daily',
      task: 'rounds',
      target: 3,
      gameType,
      rewardKind: 'cash',
      rewardAmount: 2,
    });
    const otherType = await createMission({
      period: 'daily',
      task: 'rounds',
      target: 1,
      gameType: 'NO_SUCH_TYPE',
      rewardKind: 'cash',
      rewardAmount: 2,
    });
    const bet = await createMission({
      period: 'weekly',
      task: 'bet',
      target: 30,
      rewardKind: 'points',
      rewardAmount: 40,
    });
    const m = await member();
    await fund(m.id, 1_000_000);
    await playRound(m.id, 1000);
    await playRound(m.id, 1000);
    await feed();
    expect(await current(m.token, rounds)).toMatchObject({ status: 'open', progress: 2, target: 3 });
    expect(await current(m.token, otherType)).toMatchObject({ status: 'open', progress: 0 });
    expect(await current(m.token, bet)).toMatchObject({ status: 'open', progress: 20, target: 30 });
    const early = await as(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', {
      progressId: (await current(m.token, rounds)).progressId,
    });
    expect(early.statusCode).toBe(409);
    expect((early.json() as { code: string }).code).toBe('MISSION_NOT_COMPLETE');

    // A replay of every event counts nothing twice.
    await rewindConsumer(t.ctx, 'missions');
    await feed();
    expect((await current(m.token, rounds)).progress).toBe(2);
    expect((await current(m.token, bet)).progress).toBe(20);

    await playRound(m.id, 1500);
    await feed();
    const done = await current(m.token, rounds);
    expect(done).toMatchObject({ status: 'claimable', progress: 3 });
    const betDone = await current(m.token, bet);
    expect(betDone).toMatchObject({ status: 'claimable', progress: 30 });
    const claimed = await as(m.token, 'POST', '/wps/relay/MCSFE_claimMissionReward', {
      progressId: betDone.progressId,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await pointsBalance(t.ctx.db, m.id)).toBe(40);

    // The next brand day: the daily mission starts again from 0; yesterday's reward is still claimable.
    const brand = await getBrand(t.ctx.db);
    const today = periodWindow('daily', t.ctx.now(), brand.timeZone);
    expect(new Date(done.resetsAt ?? '').getTime()).toBe(today.end.getTime());
    const jump = today.end.getTime() - t.ctx.now().getTime() + 60_000;
    t.advance(jump);
    const token = await session(m.id);
    const list = await missionsOf(token, rounds);
    expect(list.map((i) => [i.status, i.progress])).toEqual([
      ['claimable', 3],
      ['open', 0],
    ]);
    await playRound(m.id, 1000);
    await feed();
    expect((await current(token, rounds)).progress).toBe(1);
    const late = await as(token, 'POST', '/wps/relay/MCSFE_claimMissionReward', { progressId: done.progressId });
    expect(late.statusCode, late.body).toBe(200);
    expect((await missionsOf(token, rounds)).map((i) => i.status)).toEqual(['open']);
    t.advance(-jump);
  });

  it('a weekly mission resets at Monday midnight brand time; an unfinished week leaves nothing behind', async () => {
    const weekly = await createMission({
      period: 'weekly',
      task: 'rounds',
      target: 5,
      rewardKind: 'cash',
      rewardAmount: 1,
    });
    const m = await member();
    await fund(m.id, 100_000);
    await playRound(m.id, 100);
    await playRound(m.id, 100);
    await feed();
    const before = await current(m.token, weekly);
    expect(before).toMatchObject({ status: 'open', progress: 2 });
    const brand = await getBrand(t.ctx.db);
    const week = periodWindow('weekly', t.ctx.now(), brand.timeZone);
    expect(new Date(before.resetsAt ?? '').getTime()).toBe(week.end.getTime());
    // The week's end is a Monday midnight in the brand's time zone.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: brand.timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(week.end);
    expect(local).toBe('Mon 00:00');
    const jump = week.end.getTime() - t.ctx.now().getTime() + 60_000;
    t.advance(jump);
    try {
      const token = await session(m.id);
      expect((await missionsOf(token, weekly)).map((i) => [i.status, i.progress])).toEqual([['open', 0]]);
      await playRound(m.id, 100);
      await feed();
      expect(await current(token, weekly)).toMatchObject({ status: 'open', progress: 1 });
    } finally {
      t.advance(-jump);
    }
  });

  it('a friend registering with the member as referrer, and a newbie deposit of at least the minimum', async () => {
    const invite = await createMission({
      period: 'daily',
      task: 'invite',
      target: 1,
      rewardKind: 'cash',
      rewardAmount: 3,
    });
    const newbie = await createMission({
      period: 'newbie',
      newbieDays: 7,
      task: 'deposit',
      target: 1,
      minDeposit: 100,
      rewardKind: 'cash',
      rewardAmount: 10,
    });
    const m = await member();
    // Only a registration counts: a referrer set later on an existing member is not an invitation.
    const friend = await createMember(t.ctx);
    await t.ctx.db.updateTable('members').set({ referrer_id: m.id }).where('id', '=', friend.id).execute();
    await feed();
    expect(await current(m.token, invite)).toMatchObject({ status: 'open', progress: 0 });
    await t.ctx.db
      .insertInto('members')
      .values({
        username: uid('fr').slice(0, 16),
        password_hash: 'x',
        type: 0,
        status: 'active',
        referrer_id: m.id,
        referral_code: randomBytes(5).toString('hex').toUpperCase(),
        password_changed_at: new Date(),
        permissions: '[]',
      })
      .execute();
    await creditDeposit(t, m.id, 5000);
    await feed();
    expect(await current(m.token, invite)).toMatchObject({ status: 'claimable', progress: 1 });
    expect(await current(m.token, newbie)).toMatchObject({ status: 'open', progress: 0 });
    await creditDeposit(t, m.id, 15000);
    await feed();
    expect(await current(m.token, newbie)).toMatchObject({ status: 'claimable', progress: 1 });
    // The first test's daily login mission (still running) is complete for this member too.
    expect(await badge(m.token)).toBe(3);
  });

  it('the leaderboard ranks members by missions completed this week, usernames masked', async () => {
    const res = await as((await member()).token, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard?period=weekly');
    expect(res.statusCode, res.body).toBe(200);
    const board = (res.json() as { value: { list: { rank: number; username: string; completed: number }[] } }).value;
    expect(board.list.length).toBeGreaterThan(0);
    expect(board.list.map((r) => r.rank)).toEqual(board.list.map((_, i) => i + 1));
    for (let i = 1; i < board.list.length; i++)
      expect(board.list[i - 1]?.completed ?? 0).toBeGreaterThanOrEqual(board.list[i]?.completed ?? 0);
    for (const r of board.list) expect(r.username).toContain('***');
    const bad = await as((await member()).token, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard?period=yearly');
    expect(bad.statusCode).toBe(400);
  });

  it('a paused mission stops counting; the cost report shows claims by day', async () => {
    const id = await createMission({ period: 'daily', task: 'login', target: 1, rewardKind: 'cash', rewardAmount: 4 });
    expect((await adminCall('POST', `/admin/missions/${id}/state`, { state: 'paused' })).statusCode).toBe(200);
    const m = await member();
    await feed();
    expect(await missionsOf(m.token, id)).toEqual([]);
    const brand = await getBrand(t.ctx.db);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(new Date());
    const report = await adminCall('GET', `/admin/missions/costs?from=${day}&to=${day}`);
    expect(report.statusCode, report.body).toBe(200);
    const rows = (report.json() as { value: { rows: { claims: number; cashPaid: number; pointsPaid: number }[] } })
      .value.rows;
    expect(rows.reduce((s, r) => s + r.claims, 0)).toBeGreaterThanOrEqual(2);
    expect(rows.reduce((s, r) => s + r.pointsPaid, 0)).toBe(40);
    expect((await adminCall('GET', '/admin/missions/costs?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });
});
