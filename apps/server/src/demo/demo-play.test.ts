import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../modules/accounts/sessions.service';
import { refreshAgentStats } from '../modules/agents/agent-stats.service';
import { getBrand } from '../modules/brand/brand.service';
import { verifyLedger } from '../modules/ledger/ledger.service';
import { DEMO_TEAM_USERNAMES } from '../seed/demo-accounts-seed';
import { createTestApp, type TestApp } from '../test/harness';
import { demoStart, runDemo } from './demo';
import { DEMO_AGENT_CHAIN } from './demo-contracts';

// The demo's first start (docs/agents.md "Demo"): agent01's team plays yesterday evening at the
// studio through the vendor wallet API on a moved clock, the chain agent01 > subagent01 > 02 > 03
// gets one contract of each kind at falling rates through the contract services, the members claim
// their mission and rebate (house payments the dividend base deducts), and the real settlement
// settles the finished windows. Once.

type Reply = { statusCode: number; json: () => unknown; body: string };
type Contract = { kind: string; status: string; ratePpm: number; upline: { username: string } | null };
type Statement = { periodStart: string; periodEnd: string; amount: number; validBets: number; status: string };

describe('demo first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function memberId(username: string): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function as(username: string) {
    const token = await issueSession(t.ctx, t.ctx.db, {
      memberId: await memberId(username),
      area: 'agent',
      ip: '127.0.0.1',
      userAgent: null,
    });
    return async <T>(url: string): Promise<T> => {
      const res = (await t.app.inject({ method: 'GET', url, headers: { authorization: token } })) as Reply;
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { value: T }).value;
    };
  }

  it('plays the past evening, makes the contracts of each kind and settles real statements, once', async () => {
    const start = await demoStart(t.ctx);
    const first = await runDemo(t.ctx);
    const players = DEMO_TEAM_USERNAMES.filter((u) => u.startsWith('team')).length;
    expect(first.rounds).toBeGreaterThan(players * 5);
    expect(first.contracts).toBe(CONTRACT_KINDS.length * DEMO_AGENT_CHAIN.length);
    expect(first.statements).toBeGreaterThan(0);
    // Each member claimed its "play 10 rounds" mission and its rebate.
    expect(first.rewards).toBeGreaterThanOrEqual(players * 2);

    // The rounds and their postings are dated in the evening the demo played, before today.
    const rounds = await t.ctx.db
      .selectFrom('vendor_rounds as r')
      .innerJoin('agent_tree as a', 'a.member_id', 'r.member_id')
      .innerJoin('members as top', 'top.id', 'a.ancestor_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.min('r.created_at').as('first'),
        eb.fn.max('r.closed_at').as('last'),
      ])
      .where('top.username', '=', 'agent01')
      .where('r.status', '=', 'closed')
      .executeTakeFirstOrThrow();
    expect(Number(rounds.n)).toBe(first.rounds);
    const evening = [start.getTime(), start.getTime() + 4 * 3600_000];
    for (const at of [rounds.first, rounds.last]) {
      expect(new Date(at as Date).getTime()).toBeGreaterThan(evening[0] as number);
      expect(new Date(at as Date).getTime()).toBeLessThan(evening[1] as number);
    }
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .where('type', 'in', ['bet.vendor', 'win.vendor'])
      .executeTakeFirstOrThrow();
    for (const at of [postings.first, postings.last]) {
      expect(new Date(at as Date).getTime()).toBeGreaterThan(evening[0] as number);
      expect(new Date(at as Date).getTime()).toBeLessThan(evening[1] as number);
    }
    // So are the house's payments for that play: the missions' cash and the rebates.
    const paid = await t.ctx.db
      .selectFrom('ledger_postings')
      .select(['type', 'created_at'])
      .where('type', 'in', ['bonus.mission', 'bonus.rebate'])
      .execute();
    expect(new Set(paid.map((p) => p.type))).toEqual(new Set(['bonus.mission', 'bonus.rebate']));
    expect(paid).toHaveLength(first.rewards);
    for (const p of paid) {
      expect(new Date(p.created_at).getTime()).toBeGreaterThan(evening[0] as number);
      expect(new Date(p.created_at).getTime()).toBeLessThan(evening[1] as number);
    }

    // agent01 holds an active contract of each kind from the operator; each sub-agent one from its
    // upline at a lower rate.
    const agent = await as('agent01');
    const held = await agent<{ content: Contract[] }>('/wps/contracts?status=active&pageSize=50');
    expect(held.content.map((c) => c.kind).sort()).toEqual([...CONTRACT_KINDS].sort());
    expect(held.content.every((c) => c.upline === null)).toBe(true);
    for (const [level, username] of DEMO_AGENT_CHAIN.entries()) {
      if (level === 0) continue;
      const mine = await (await as(username))<{ content: Contract[] }>('/wps/contracts?status=active&pageSize=50');
      const above = await (await as(DEMO_AGENT_CHAIN[level - 1] as string))<{ content: Contract[] }>(
        '/wps/contracts?status=active&pageSize=50',
      );
      for (const kind of CONTRACT_KINDS) {
        const own = mine.content.find((c) => c.kind === kind);
        const upline = above.content.find((c) => c.kind === kind);
        expect(own?.upline?.username).toBe(DEMO_AGENT_CHAIN[level - 1]);
        expect(own?.ratePpm).toBeLessThan(upline?.ratePpm as number);
      }
    }

    // Settled periods of every kind, with the team's valid bets; the salaries paid something.
    for (const kind of CONTRACT_KINDS) {
      const list = await agent<{ content: Statement[]; totals: { validBets: number; amount: number } }>(
        `/wps/agent/statements?kind=${kind}&pageSize=100`,
      );
      expect(list.content.length, kind).toBeGreaterThan(0);
      expect(list.totals.validBets, kind).toBeGreaterThan(0);
      if (kind !== 'dividend') expect(list.totals.amount, kind).toBeGreaterThan(0);
      for (const s of list.content) expect(new Date(s.periodEnd).getTime()).toBeLessThanOrEqual(Date.now());
    }
    const realtime = await agent<{ content: Statement[] }>('/wps/agent/statements?kind=realtime_salary&pageSize=100');
    expect(realtime.content.length).toBeGreaterThan(3);

    // agent01's dividend of the evening is on net gaming revenue: its base shows the house's
    // payments as deductions, per branch and in total, and NGR below GGR.
    type Figures = { ggr: number; ngr: number; deductions: { mission: number; rebate: number } };
    const dividends = await agent<{ content: (Statement & { id: number })[] }>(
      '/wps/agent/statements?kind=dividend&pageSize=100',
    );
    const ofEvening = dividends.content.find((s) => new Date(s.periodStart).getTime() <= start.getTime());
    expect(ofEvening).toBeDefined();
    const detail = await agent<{
      deductions: Record<string, number>;
      breakdown: { branches: Figures[]; totals: Figures };
    }>(`/wps/agent/statements/${ofEvening?.id}`);
    expect(detail.deductions.mission).toBeGreaterThan(0);
    expect(detail.deductions.rebate).toBeGreaterThan(0);
    const { totals } = detail.breakdown;
    expect(totals.deductions.mission).toBeGreaterThan(0);
    expect(totals.deductions.rebate).toBeGreaterThan(0);
    expect(totals.ngr).toBeLessThan(totals.ggr);
    expect(detail.breakdown.branches.filter((b) => b.deductions.mission > 0).length).toBeGreaterThan(1);

    // The user loss statements show the same deductions per branch once the day's figures are in.
    await refreshAgentStats(t.ctx);
    const tz = (await getBrand(t.ctx.db)).timeZone;
    const day = brandDay(start, tz);
    const loss = await agent<{ totals: Figures; branches: (Figures & { downline: { username: string } | null })[] }>(
      `/wps/agent/team/loss?from=${day}&to=${day}`,
    );
    expect(loss.totals.deductions.mission).toBeGreaterThan(0);
    expect(loss.totals.deductions.rebate).toBeGreaterThan(0);
    expect(loss.totals.ngr).toBeLessThan(loss.totals.ggr);
    expect(loss.branches.map((b) => b.downline?.username ?? null)).toEqual(['subagent01', null]);
    expect(loss.branches.every((b) => b.deductions.mission > 0)).toBe(true);

    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);

    // A second start finds it all done: no round, contract or statement more.
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('contract_statements')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await runDemo(t.ctx)).toEqual({ rounds: 0, rewards: 0, contracts: 0, statements: 0 });
    expect(await count()).toBe(before);
  }, 240_000);
});
