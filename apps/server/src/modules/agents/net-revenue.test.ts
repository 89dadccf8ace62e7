import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { brandDefaults, getBrand, setBrandSetting } from '../brand/brand.service';
import { type Posting, post, postAdjustment } from '../ledger/ledger.service';
import { refreshAgentStats } from './agent-stats.service';

// The dividend base broken down (docs/agents.md "Figures") where an agent reads it: the
// user loss statements and a statement's detail.

let t: TestApp;
let currency: string;
let seq = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  currency = (await getBrand(t.ctx.db)).currency;
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

function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

function postNow(p: Omit<Posting, 'idempotencyKey' | 'reference'>) {
  seq++;
  return t.ctx.db
    .transaction()
    .execute((trx) => post(trx, { ...p, idempotencyKey: `ngr-http-${seq}`, reference: `NGRH${seq}` }));
}

/** House cash to the member, as the promotion services post it. */
function pay(type: string, memberId: number, amount: number) {
  return postNow({
    type,
    entries: [
      { account: { house: 'promotions-expense', currency }, amount: -amount },
      { account: { member: memberId, currency }, amount },
    ],
  });
}

async function firstGame() {
  const g = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code'])
    .where('status', '=', 'active')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return g;
}

/**
 * Agent A with a direct member M1 and a sub-agent S holding M2. M1 loses 100.00 and gets a 3.00
 * rebate; M2 loses 50.00 and gets a 2.00 mission reward and a 1.00 manual credit; S gets a VIP bonus
 * without playing.
 */
async function team() {
  const g = await firstGame();
  const a = await account({ type: 1 });
  const s = await account({ type: 2, uplineId: a.id });
  const m1 = await account({ uplineId: a.id });
  const m2 = await account({ uplineId: s.id });
  const now = t.ctx.now();
  await insertRound(t.ctx, { memberId: m1.id, nodeId: Number(g.node_id), bet: 10_000, win: 0, at: now });
  await insertRound(t.ctx, { memberId: m2.id, nodeId: Number(g.node_id), bet: 6_000, win: 1_000, at: now });
  await pay('bonus.rebate', m1.id, 300);
  await pay('bonus.mission', m2.id, 200);
  await pay('bonus.vip-birthday', s.id, 400);
  await t.ctx.db.transaction().execute((trx) =>
    postAdjustment(trx, {
      memberId: m2.id,
      currency,
      amount: 100,
      idempotencyKey: `ngr-http-adj-${++seq}`,
      reference: 'A',
    }),
  );
  return { a, s, m1, m2, g };
}

const ZERO = { bonus: 0, rebate: 0, mission: 0, ticket: 0, referral: 0, vip: 0, points: 0, manual: 0, goodwill: 0 };
const deductions = (d: Partial<typeof ZERO & { providerFee: number; paymentFee: number }>) => ({
  ...ZERO,
  providerFee: 0,
  paymentFee: 0,
  ...d,
});

describe('the dividend base broken down', () => {
  it('the user loss statements show each member its deductions and NGR, with totals, as the brand counts them', async () => {
    const { a, s, m1, m2 } = await team();
    await refreshAgentStats(t.ctx);
    const v = (await get('/wps/agent/team/loss?sort=ngr&order=desc', a.token)).json().value;
    expect(v.content).toEqual([
      expect.objectContaining({
        memberId: m1.id,
        validBets: 100,
        wins: 0,
        profitLoss: -100,
        ggr: 100,
        deductions: deductions({ rebate: 3 }),
        ngr: 97,
      }),
      expect.objectContaining({
        memberId: m2.id,
        level: 2,
        ggr: 50,
        deductions: deductions({ mission: 2, manual: 1 }),
        ngr: 47,
      }),
      // The sub-agent did not play: a member the house paid is listed all the same.
      expect.objectContaining({ memberId: s.id, rounds: 0, ggr: 0, deductions: deductions({ vip: 4 }), ngr: -4 }),
    ]);
    expect(v.totals).toMatchObject({
      validBets: 160,
      wins: 10,
      ggr: 150,
      deductions: deductions({ rebate: 3, mission: 2, vip: 4, manual: 1 }),
      ngr: 140,
    });

    // The operator stops deducting rebates and charges a provider fee: the next refresh follows.
    const g = await firstGame();
    await setBrandSetting(t.ctx.db, 'agentNgr', {
      ...brandDefaults.agentNgr,
      rebate: false,
      providerFeePpm: { [g.vendor_code]: 100_000 },
    });
    try {
      await refreshAgentStats(t.ctx);
      const w = (await get('/wps/agent/team/loss?sort=ngr&order=desc', a.token)).json().value;
      expect(w.totals).toMatchObject({
        ggr: 150,
        deductions: deductions({ mission: 2, vip: 4, manual: 1, providerFee: 15 }),
        ngr: 128,
      });
    } finally {
      await setBrandSetting(t.ctx.db, 'agentNgr', brandDefaults.agentNgr);
      await refreshAgentStats(t.ctx);
    }
    // Another agent's team is not in it.
    const other = await account({ type: 1 });
    expect((await get('/wps/agent/team/loss', other.token)).json().value).toMatchObject({
      content: [],
      totalElements: 0,
    });
  });

  it('the user loss statements show the base per branch: each sub-agent or direct downline with a team, and the direct members together', async () => {
    const { a, s, m1, m2, g } = await team();
    // P, a plain direct member with a member Q of its own, heads a branch; so does E, a sub-agent
    // without members.
    const p = await account({ uplineId: a.id });
    const q = await account({ uplineId: p.id });
    const e = await account({ type: 2, uplineId: a.id });
    const now = t.ctx.now();
    await insertRound(t.ctx, { memberId: q.id, nodeId: Number(g.node_id), bet: 2_000, win: 0, at: now });
    await insertRound(t.ctx, { memberId: e.id, nodeId: Number(g.node_id), bet: 500, win: 0, at: now });
    await refreshAgentStats(t.ctx);

    const v = (await get('/wps/agent/team/loss', a.token)).json().value;
    expect(v.timeZone).toBe((await getBrand(t.ctx.db)).timeZone);
    const byHead = new Map(
      v.branches.map((b: { downline: { id: number; username: string } | null }) => [b.downline?.id ?? 'own', b]),
    );
    expect(byHead.get(s.id)).toMatchObject({
      downline: { id: s.id, username: s.username },
      members: 2,
      validBets: 60,
      wins: 10,
      ggr: 50,
      deductions: deductions({ mission: 2, manual: 1, vip: 4 }),
      ngr: 43,
    });
    expect(byHead.get(p.id)).toMatchObject({ members: 1, validBets: 20, ggr: 20, deductions: deductions({}), ngr: 20 });
    expect(byHead.get(e.id)).toMatchObject({ members: 1, validBets: 5, ngr: 5 });
    expect(byHead.get('own')).toMatchObject({
      downline: null,
      members: 1,
      validBets: 100,
      deductions: deductions({ rebate: 3 }),
      ngr: 97,
    });
    expect(byHead.size).toBe(4);
    // The agent's own direct members come last; the branches add up to the totals.
    expect(v.branches.at(-1).downline).toBeNull();
    expect(v.totals).toMatchObject({ validBets: 185, ggr: 175, ngr: 165 });
    expect(v.branches.reduce((n: number, b: { ngr: number }) => n + b.ngr, 0)).toBe(v.totals.ngr);

    // One branch's members, with that branch's totals; every branch is still listed.
    const inS = (await get(`/wps/agent/team/loss?branch=${s.id}&sort=level`, a.token)).json().value;
    expect(inS.content.map((r: { memberId: number }) => r.memberId)).toEqual([s.id, m2.id]);
    expect(inS.totals).toMatchObject({ validBets: 60, ngr: 43 });
    expect(inS.branches).toEqual(v.branches);
    const own = (await get('/wps/agent/team/loss?branch=own', a.token)).json().value;
    expect(own.content.map((r: { memberId: number }) => r.memberId)).toEqual([m1.id]);
    expect(own.totalElements).toBe(1);
    // A team member that heads no branch has none; one from elsewhere is not found; no code is refused.
    const none = (await get(`/wps/agent/team/loss?branch=${q.id}`, a.token)).json().value;
    expect(none).toMatchObject({ content: [], totalElements: 0 });
    const other = await account({ type: 1 });
    expect((await get(`/wps/agent/team/loss?branch=${other.id}`, a.token)).json().code).toBe('NOT_FOUND');
    expect((await get('/wps/agent/team/loss?branch=mine', a.token)).json().code).toBe('VALIDATION_FAILED');
    // A search keeps to the members it finds, in the branches too.
    const found = (await get(`/wps/agent/team/loss?q=${m1.username}`, a.token)).json().value;
    expect(found.branches).toEqual([expect.objectContaining({ downline: null, members: 1, ngr: 97 })]);
  });

  it("a statement's detail shows the base per branch and per member for the statement's window", async () => {
    const { a, s, m1, m2 } = await team();
    const now = t.ctx.now();
    const contract = await t.ctx.db
      .insertInto('contracts')
      .values({
        kind: 'dividend',
        period: 'daily',
        tiers: JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm: 300_000 }]) as never,
        rate_ppm: 300_000,
        upline_id: null,
        holder_id: a.id,
        status: 'active',
        termination_requested_by: null,
        termination_requested_at: null,
        termination_reason: null,
        offered_by_operator: null,
        created_at: now,
        accepted_at: now,
        ended_at: null,
        ended_by: null,
        end_reason: null,
        settled_until: null,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statement = await t.ctx.db
      .insertInto('contract_statements')
      .values({
        contract_id: contract.id,
        holder_id: a.id,
        kind: 'dividend',
        period_start: new Date(now.getTime() - HOUR),
        period_end: new Date(now.getTime() + HOUR),
        valid_bets: 16_000,
        net_loss: 14_000,
        active_members: 2,
        rate_ppm: 300_000,
        gross: 4_200,
        carry_in: 0,
        amount: 4_200,
        carry_out: 0,
        status: 'paid',
        posting_id: null,
        paid_at: now,
        released_by: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await get(`/wps/agent/statements/${statement.id}`, a.token);
    expect(res.statusCode).toBe(200);
    const b = res.json().value.breakdown;
    const byBranch = new Map(b.branches.map((x: { downline: { id: number } }) => [x.downline.id, x]));
    expect(byBranch.get(m1.id)).toEqual({
      downline: { id: m1.id, username: m1.username },
      members: 1,
      validBets: 100,
      wins: 0,
      ggr: 100,
      deductions: deductions({ rebate: 3 }),
      ngr: 97,
    });
    // The sub-agent's branch: itself and its member.
    expect(byBranch.get(s.id)).toMatchObject({
      members: 2,
      validBets: 60,
      wins: 10,
      ggr: 50,
      deductions: deductions({ mission: 2, manual: 1, vip: 4 }),
      ngr: 43,
    });
    expect(b.totals).toEqual({
      validBets: 160,
      wins: 10,
      ggr: 150,
      deductions: deductions({ rebate: 3, mission: 2, manual: 1, vip: 4 }),
      ngr: 140,
    });
    expect(b.members).toMatchObject({ totalElements: 3, pageNum: 1 });
    expect(b.members.content).toContainEqual({
      member: { id: m2.id, username: m2.username },
      level: 2,
      branch: { id: s.id, username: s.username },
      validBets: 60,
      wins: 10,
      ggr: 50,
      deductions: deductions({ mission: 2, manual: 1 }),
      ngr: 47,
    });
    // A page of members at a time.
    const page = (await get(`/wps/agent/statements/${statement.id}?pageNo=3&pageSize=1`, a.token)).json().value;
    expect(page.breakdown.members).toMatchObject({ totalElements: 3, totalPages: 3, pageNum: 3 });
    expect(page.breakdown.members.content).toHaveLength(1);
    const seen = new Set<number>();
    for (const n of [1, 2, 3]) {
      const p = (await get(`/wps/agent/statements/${statement.id}?pageNo=${n}&pageSize=1`, a.token)).json().value;
      seen.add(p.breakdown.members.content[0].member.id);
    }
    expect([...seen].sort()).toEqual([s.id, m1.id, m2.id].sort());

    // The operator sees the same base in the back office.
    const admin = await adminToken(t.app);
    const office = await get(`/admin/agents/statements/${statement.id}/base?pageSize=2`, admin);
    expect(office.statusCode).toBe(200);
    expect(office.json().value).toMatchObject({
      totals: b.totals,
      branches: b.branches,
      members: { totalElements: 3, totalPages: 2, pageSize: 2 },
    });
    expect((await get('/admin/agents/statements/999999999/base', admin)).json().code).toBe('STATEMENT_NOT_FOUND');
    // A member session is not an operator's.
    expect((await get(`/admin/agents/statements/${statement.id}/base`, a.token)).statusCode).toBe(403);

    // The sub-agent cannot read its upline's statement, nor can bad paging ask anything.
    expect((await get(`/wps/agent/statements/${statement.id}`, s.token)).json().code).toBe('STATEMENT_NOT_FOUND');
    const bad = await get(`/wps/agent/statements/${statement.id}?pageSize=500`, a.token);
    expect(bad.statusCode).toBe(400);
  });
});
