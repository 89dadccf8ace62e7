import { addDays } from '@gamehall/shared/calendar-day';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDue } from '../../scheduler/scheduler';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { agentStatsJob } from './agent-stats.jobs';
import { dayOf } from './agent-stats.queries';
import { refreshAgentDay, refreshAgentStats } from './agent-stats.service';

let t: TestApp;
let currency: string;
let today: string;
let seq = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  today = await dayOf(t.ctx.db, t.ctx.now(), brand.timeZone);
});
afterAll(() => t.close());

async function account(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.ctx, input);
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

async function approvedDeposit(memberId: number, amount: number, first = false) {
  seq++;
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      reference: `DTEST${Date.now().toString(36)}${seq}`,
      member_id: memberId,
      request_id: `r${seq}`,
      method_code: 'BANK_TRANSFER',
      method_kind: 'bank_transfer',
      amount,
      currency,
      status: 'approved',
      first_deposit: first,
      decided_at: t.ctx.now(),
    })
    .execute();
}

function transfer(from: number, to: number, amount: number) {
  seq++;
  return t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: `agent-test-${seq}-${Date.now()}`,
      type: 'transfer.downline',
      reference: `TRD-${from}-${to}`,
      entries: [
        { account: { member: from, currency }, amount: -amount },
        { account: { member: to, currency }, amount },
      ],
    }),
  );
}

async function fund(memberId: number, amount: number) {
  seq++;
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: `agent-test-fund-${seq}-${Date.now()}`,
      type: 'test.fund',
      reference: 'test',
      entries: [
        { account: { house: 'deposits-in-transit', currency }, amount: -amount },
        { account: { member: memberId, currency }, amount },
      ],
    }),
  );
}

/**
 * Agent A (type 1) with a direct member M1 and a sub-agent S (type 2) holding member M2; agent B with
 * member MB. Rounds of M1 and M2 today and of M2 three days ago; B's team plays too.
 */
async function teams() {
  const [g1, g2] = await twoVendorGames(t.ctx, true);
  const a = await account({ type: 1 });
  const s = await account({ type: 2, uplineId: a.id });
  const m1 = await account({ uplineId: a.id });
  const m2 = await account({ uplineId: s.id });
  const b = await account({ type: 1 });
  const mb = await account({ uplineId: b.id });
  const now = t.ctx.now();
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(g1.node_id), bet: 1_000, win: 400, at: now });
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(g2.node_id), bet: 500, win: 0, at: now });
  await insertRound(t.ctx, {
    memberId: m2.id,
    nodeId: Number(g2.node_id),
    bet: 200,
    win: 0,
    at: new Date(now.getTime() - 3 * DAY),
  });
  // Neither an open nor a rolled-back round is a valid bet (docs/agents.md).
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(g1.node_id), bet: 9_000, status: 'open', at: now });
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(g1.node_id), bet: 9_000, status: 'rolled_back', at: now });
  await insertRound(t.ctx, { memberId: mb.id, nodeId: Number(g1.node_id), bet: 7_000, win: 7_000, at: now });
  await approvedDeposit(m1.id, 5_000, true);
  await approvedDeposit(mb.id, 8_000, true);
  return { a, s, m1, m2, b, mb, g1, g2 };
}

/** The job, and the day three days back (before the first member: the job does not backfill it). */
async function refresh() {
  await refreshAgentStats(t.ctx);
  await refreshAgentDay(t.ctx, addDays(today, -3));
}

/** The dividend base's figures (docs/agents.md "Figures") with no deduction. */
function base(ggr: number, ngr: number) {
  const none = { bonus: 0, rebate: 0, mission: 0, ticket: 0, referral: 0, vip: 0, points: 0, manual: 0, goodwill: 0 };
  return { ggr, deductions: { ...none, providerFee: 0, paymentFee: 0 }, ngr };
}

describe('agent team figures', () => {
  it('the overview sums the own subtree from the daily figures, counts active members once, compares periods', async () => {
    const { a, s, b } = await teams();
    await refresh();
    const res = await get('/wps/agent/team/overview', a.token);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      teamSize: 3,
      directDownlines: 2,
      subAgents: 1,
      currency,
      timeZone: (await getBrand(t.ctx.db)).timeZone,
    });
    expect(v.current).toMatchObject({
      from: addDays(today, -6),
      to: today,
      newMembers: 3,
      activeMembers: 2,
      firstDepositors: 1,
      depositCount: 1,
      deposits: 50,
      rounds: 3,
      validBets: 17,
      wins: 4,
      profitLoss: -13,
    });
    expect(v.previous).toMatchObject({ from: addDays(today, -13), to: addDays(today, -7), validBets: 0, rounds: 0 });
    expect(Date.parse(v.asOf)).toBeLessThanOrEqual(t.ctx.now().getTime());

    const sub = (await get('/wps/agent/team/overview', s.token)).json().value;
    expect(sub).toMatchObject({ teamSize: 1, directDownlines: 1, subAgents: 0 });
    expect(sub.current).toMatchObject({ validBets: 7, rounds: 2, activeMembers: 1, deposits: 0 });

    const other = (await get('/wps/agent/team/overview', b.token)).json().value;
    expect(other.current).toMatchObject({ validBets: 70, wins: 70, profitLoss: 0, deposits: 80, activeMembers: 1 });

    // A one-day range of the older day; its previous day.
    const three = addDays(today, -3);
    const one = (await get(`/wps/agent/team/overview?from=${three}&to=${three}`, a.token)).json().value;
    expect(one.current).toMatchObject({ validBets: 2, activeMembers: 1, newMembers: 0 });
    expect(one.previous).toMatchObject({ from: addDays(today, -4), to: addDays(today, -4), validBets: 0 });
  });

  it("today's figures follow the job, which is idempotent", async () => {
    const { a, m1, g1 } = await teams();
    await refresh();
    const before = (await get('/wps/agent/team/overview', a.token)).json().value;
    await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(g1.node_id), bet: 300, win: 0, at: t.ctx.now() });
    // Not yet: the figures are the job's.
    expect((await get('/wps/agent/team/overview', a.token)).json().value.current.validBets).toBe(
      before.current.validBets,
    );
    t.advance(121_000);
    await runDue(t.ctx, agentStatsJob);
    const after = (await get('/wps/agent/team/overview', a.token)).json().value;
    expect(after.current.validBets).toBe(before.current.validBets + 3);
    expect(Date.parse(after.asOf)).toBeGreaterThan(Date.parse(before.asOf));
    const rows = () =>
      t.ctx.db.selectFrom('agent_team_days').selectAll().where('agent_id', '=', a.id).orderBy('day').execute();
    const once = (await rows()).map(({ refreshed_at: _, ...r }) => r);
    await refreshAgentStats(t.ctx);
    expect((await rows()).map(({ refreshed_at: _, ...r }) => r)).toEqual(once);
  });

  it('team betting groups by game type and vendor; rounds list and filter by a team member only', async () => {
    const { a, m2, mb, g1, g2 } = await teams();
    const byType = (await get('/wps/agent/team/bets?groupBy=gameType&sort=validBets&order=desc', a.token)).json().value;
    expect(byType.content).toEqual([
      expect.objectContaining({ key: g1.game_type, rounds: 1, validBets: 10, wins: 4, profitLoss: -6 }),
      expect.objectContaining({ key: g2.game_type, rounds: 2, validBets: 7, wins: 0, profitLoss: -7 }),
    ]);
    expect(byType.totals).toEqual({ rounds: 3, validBets: 17, wins: 4, profitLoss: -13 });
    expect(byType).toMatchObject({ totalElements: 2, pageNum: 1 });
    const byVendor = (await get('/wps/agent/team/bets?groupBy=vendor&sort=key&order=asc&pageSize=1', a.token)).json()
      .value;
    expect(byVendor).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(byVendor.content).toHaveLength(1);
    expect(byVendor.content[0].name).toEqual(expect.any(String));
    // Past the last page: no groups, the count and totals still there.
    const past = (await get('/wps/agent/team/bets?groupBy=gameType&pageNo=3&pageSize=1', a.token)).json().value;
    expect(past).toMatchObject({ content: [], totalElements: 2, totals: { rounds: 3, validBets: 17 } });

    const rounds = (await get(`/wps/agent/team/rounds?memberId=${m2.id}`, a.token)).json().value;
    expect(rounds.totalElements).toBe(2);
    expect(rounds.content.map((r: { validBet: number }) => r.validBet)).toEqual([5, 2]);
    expect(rounds.totals).toMatchObject({ rounds: 2, validBets: 7 });
    const all = (await get('/wps/agent/team/rounds?pageSize=2', a.token)).json().value;
    expect(all).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect((await get(`/wps/agent/team/rounds?memberId=${mb.id}`, a.token)).json().code).toBe('NOT_FOUND');
    expect((await get(`/wps/agent/team/rounds?memberId=${a.id}`, a.token)).json().code).toBe('NOT_FOUND');
  });

  it('user loss statements list each downline with activity, sorted, with totals', async () => {
    const { a, m1, m2 } = await teams();
    await refresh();
    const v = (await get('/wps/agent/team/loss?sort=profitLoss&order=asc', a.token)).json().value;
    expect(v.content).toEqual([
      {
        memberId: m2.id,
        username: m2.username,
        level: 2,
        rounds: 2,
        validBets: 7,
        wins: 0,
        profitLoss: -7,
        deposits: 0,
        withdrawals: 0,
        // No promotion paid nor fee set: the dividend base is valid bets minus wins.
        ...base(7, 7),
      },
      {
        memberId: m1.id,
        username: m1.username,
        level: 1,
        rounds: 1,
        validBets: 10,
        wins: 4,
        profitLoss: -6,
        deposits: 50,
        withdrawals: 0,
        ...base(6, 6),
      },
    ]);
    expect(v.totals).toEqual({
      rounds: 3,
      validBets: 17,
      wins: 4,
      profitLoss: -13,
      deposits: 50,
      withdrawals: 0,
      ...base(13, 13),
    });
    const found = (await get(`/wps/agent/team/loss?q=${m1.username.toUpperCase()}`, a.token)).json().value;
    expect(found.content.map((r: { memberId: number }) => r.memberId)).toEqual([m1.id]);
    const usernames = async (query: string) =>
      (await get(`/wps/agent/team/loss?sort=username&${query}`, a.token))
        .json()
        .value.content.map((r: { username: string }) => r.username);
    const asc = await usernames('order=asc');
    expect([...asc].sort()).toEqual([m1.username, m2.username].sort());
    expect(await usernames('order=desc')).toEqual([...asc].reverse());
    expect(await usernames('order=desc&pageNo=2&pageSize=1')).toEqual([asc[0]]);
    const past = (await get('/wps/agent/team/loss?pageNo=3&pageSize=1', a.token)).json().value;
    expect(past).toMatchObject({ content: [], totalElements: 2, totals: { rounds: 3, validBets: 17 } });
  });

  it("downline transactions: the team's deposits and transfers only", async () => {
    const { a, m1, mb } = await teams();
    await fund(a.id, 10_000);
    await transfer(a.id, m1.id, 2_500);
    await fund(mb.id, 1_000);
    const deposits = (await get('/wps/agent/team/transactions?kind=deposit', a.token)).json().value;
    // The page shows its times in the brand's zone, which the answer names.
    expect(deposits.timeZone).toBe((await getBrand(t.ctx.db)).timeZone);
    expect(deposits.content).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        memberId: m1.id,
        amount: 50,
        status: 'approved',
        detail: 'BANK_TRANSFER',
      }),
    ]);
    expect(deposits.totals).toEqual({ count: 1, amount: 50, completedCount: 1, completedAmount: 50 });
    const transfers = (await get('/wps/agent/team/transactions?kind=transfer', a.token)).json().value;
    expect(transfers.content).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        memberId: m1.id,
        amount: 25,
        detail: 'in',
        counterparty: a.username,
      }),
    ]);
    expect((await get(`/wps/agent/team/transactions?memberId=${mb.id}`, a.token)).json().code).toBe('NOT_FOUND');
    const none = (await get('/wps/agent/team/transactions?kind=withdrawal', a.token)).json().value;
    expect(none).toMatchObject({ totalElements: 0, content: [] });
  });

  it('ranges: defaults, order, at most 92 days', async () => {
    const a = await account({ type: 1 });
    const bad = [
      `from=${today}&to=${addDays(today, -1)}`,
      `from=${addDays(today, -92)}&to=${today}`,
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday',
      `from=${addDays(today, -100)}`,
    ];
    for (const path of ['overview', 'bets', 'rounds', 'loss', 'transactions']) {
      for (const range of bad) {
        const res = await get(`/wps/agent/team/${path}?${range}`, a.token);
        expect(res.json().code, `${path}?${range}`).toBe('VALIDATION_FAILED');
      }
      const ok = await get(`/wps/agent/team/${path}?from=${addDays(today, -91)}&to=${today}`, a.token);
      expect(ok.statusCode, path).toBe(200);
    }
    const toOnly = (await get(`/wps/agent/team/overview?to=${addDays(today, -1)}`, a.token)).json().value;
    expect(toOnly.current).toMatchObject({ from: addDays(today, -7), to: addDays(today, -1) });
  });

  it('members, trial members, operators and guests cannot call them', async () => {
    const a = await account({ type: 1 });
    const member = await account({ uplineId: a.id });
    const trial = await account({ type: TRIAL_ACCOUNT_TYPE });
    const operator = await createMember(t.ctx, { type: 90, permissions: ['*'] });
    const opToken = await issueSession(t.ctx, t.ctx.db, {
      memberId: operator.id,
      area: 'admin',
      ip: '127.0.0.1',
      userAgent: null,
    });
    for (const path of ['overview', 'bets', 'rounds', 'loss', 'transactions']) {
      const url = `/wps/agent/team/${path}`;
      expect((await get(url)).json().code).toBe('AUTH_REQUIRED');
      expect((await get(url, member.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
      expect((await get(url, trial.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
      expect((await get(url, opToken)).json().code).toBe('ACCOUNT_NOT_MEMBER');
    }
  });
});
