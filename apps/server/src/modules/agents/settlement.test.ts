// postgres: settlement runs side by side pay each statement once (row locks)
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../site/brand.service';
import { balanceOf, verifyLedger } from '../wallet/wallet.service';
import type { StoredTier } from './contracts.tables';
import { computeStatement, settleContracts, settleWindow, type Window, windowOf } from './settlement.service';

// Settlement (docs/agents.md "Multi-level pay", "Dividend carry-over", "Settlement", "Holding"):
// random trees, rounds and rates against a reference written from the formula over the raw
// rounds; reruns and concurrent runs pay once; the ledger verifies afterwards.

let t: TestApp;
let nodeId: number;
let currency: string;
let tz: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  nodeId = game.node_id;
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  tz = brand.timeZone;
});
afterAll(() => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Each property run settles a window of its own day, later than the previous run's.
let runDay = 0;
const firstDay = Date.now() - 400 * DAY;

type Node = {
  parent: number;
  agent: boolean;
  contract: { ratePpm: number; minValidBet: number; minActive: number } | null;
};
type Round = { member: number; bet: number; win: number };

const tree = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.tuple(
    fc.array(
      fc.record({
        parent: fc.nat(),
        agent: fc.boolean(),
        hasContract: fc.boolean(),
        rate: fc.integer({ min: 0, max: 1_000_000 }),
        minValidBet: fc.constantFrom(0, 0, 500, 5_000),
        minActive: fc.constantFrom(0, 0, 1, 3),
      }),
      { minLength: n, maxLength: n },
    ),
    fc.integer({ min: 1, max: 400_000 }),
    fc.array(
      fc.record({
        member: fc.nat(),
        bet: fc.integer({ min: 1, max: 50_000 }),
        win: fc.integer({ min: 0, max: 120_000 }),
      }),
      { maxLength: 25 },
    ),
    fc.constantFrom('hourly_salary', 'realtime_salary', 'daily_salary', 'dividend'),
  ),
);

/** The reference: the formula of docs/agents.md over the raw rounds, node by node. */
function expected(
  kind: string,
  nodes: Node[],
  rounds: Round[],
  rootContract: StoredTier[],
): Map<number, { amount: number; present: boolean }> {
  const parentOf = (i: number) => (i === 0 ? -1 : (nodes[i] as Node).parent);
  const all = nodes.map((_, i) => i);
  const under = (a: number, self: boolean) =>
    all.filter((m) => {
      if (m === a) return self;
      for (let p = parentOf(m); p !== -1; p = parentOf(p)) if (p === a) return true;
      return false;
    });
  const figures = (members: number[]) => {
    const set = new Set(members);
    const mine = rounds.filter((r) => set.has(r.member));
    const vb = mine.reduce((s, r) => s + r.bet, 0);
    const nl = mine.reduce((s, r) => s + r.bet - r.win, 0);
    const active = new Set(mine.map((r) => r.member)).size;
    return { vb, nl, active, any: mine.length > 0 };
  };
  const tiersOf = (i: number): StoredTier[] | null => {
    if (i === 0) return rootContract;
    const c = (nodes[i] as Node).contract;
    return c ? [{ minValidBet: c.minValidBet, minActiveMembers: c.minActive, ratePpm: c.ratePpm }] : null;
  };
  const rateOf = (tiers: StoredTier[], f: { vb: number; active: number }) =>
    Math.max(0, ...tiers.filter((x) => f.vb >= x.minValidBet && f.active >= x.minActiveMembers).map((x) => x.ratePpm));
  const base = (f: { vb: number; nl: number }) => BigInt(kind === 'dividend' ? f.nl : f.vb);
  const floor = (x: bigint) => Number(x >= 0n ? x / 1_000_000n : -((-x + 999_999n) / 1_000_000n));
  const out = new Map<number, { amount: number; present: boolean }>();
  for (const a of all) {
    const tiers = tiersOf(a);
    if (!tiers) continue;
    const team = figures(under(a, false));
    const r = rateOf(tiers, team);
    let gross = 0;
    const rest: number[] = [];
    for (const d of all.filter((m) => m !== 0 && parentOf(m) === a)) {
      const dTiers = tiersOf(d);
      if (!dTiers) {
        rest.push(...under(d, true));
        continue;
      }
      const dTeam = figures(under(d, false));
      const branch = figures(under(d, true));
      if (!branch.any) continue;
      gross += floor(BigInt(r) * base(branch) - BigInt(rateOf(dTiers, dTeam)) * base(dTeam));
    }
    gross += floor(BigInt(r) * base(figures(rest)));
    out.set(a, { amount: Math.max(0, gross), present: team.any });
  }
  return out;
}

describe('settlement', () => {
  it('pays each level the formula, once, however often and however concurrently it runs', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async ([raw, rootRate, rawRounds, kind]) => {
        const period =
          kind === 'dividend'
            ? 'daily'
            : kind === 'hourly_salary'
              ? 'hourly'
              : kind === 'realtime_salary'
                ? 'realtime'
                : 'daily';
        runDay++;
        const w: Window = windowOf(period, new Date(firstDay + runDay * DAY), tz);
        // Node 0 is the top agent; node i's parent is one of the nodes before it.
        const nodes: Node[] = [{ parent: -1, agent: true, contract: null }];
        const rates: number[] = [rootRate];
        raw.forEach((x, k) => {
          const i = k + 1;
          const parent = x.parent % i;
          const parentNode = nodes[parent] as Node;
          const parentRate = parent === 0 ? rootRate : parentNode.contract?.ratePpm;
          // A contract only from an agent holding one, at most its rate (docs/agents.md "Offers").
          const canHave = parentNode.agent && parentRate !== undefined && x.hasContract;
          const ratePpm = canHave ? x.rate % ((parentRate as number) + 1) : 0;
          nodes.push({
            parent,
            agent: x.agent,
            contract: canHave ? { ratePpm, minValidBet: x.minValidBet, minActive: x.minActive } : null,
          });
          rates.push(ratePpm);
        });
        const ids: number[] = [];
        for (const [i, n] of nodes.entries()) {
          const m = await createMember(t.ctx, {
            type: n.agent ? (i === 0 ? 1 : 2) : 0,
            uplineId: i === 0 ? null : ids[n.parent],
          });
          ids.push(m.id);
        }
        const rootTiers: StoredTier[] = [{ minValidBet: 0, minActiveMembers: 0, ratePpm: rootRate }];
        const contractIds = new Map<number, number>();
        const insert = async (i: number, tiers: StoredTier[]) => {
          const row = await t.ctx.db
            .insertInto('contracts')
            .values({
              kind: kind as 'dividend',
              period: period as 'daily',
              tiers: JSON.stringify(tiers),
              rate_ppm: Math.max(...tiers.map((x) => x.ratePpm)),
              upline_id: i === 0 ? null : (ids[(nodes[i] as Node).parent] as number),
              holder_id: ids[i] as number,
              status: 'active',
              termination_requested_by: null,
              termination_requested_at: null,
              termination_reason: null,
              offered_by_operator: null,
              created_at: new Date(w.start.getTime() - HOUR),
              accepted_at: new Date(w.start.getTime() - HOUR),
              // Ends with this window, so later runs' windows do not owe it anything.
              ended_at: w.end,
              ended_by: 'system',
              end_reason: 'test',
              settled_until: null,
              updated_at: w.start,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          contractIds.set(i, Number(row.id));
        };
        await insert(0, rootTiers);
        for (const [i, n] of nodes.entries())
          if (i > 0 && n.contract)
            await insert(i, [
              {
                minValidBet: n.contract.minValidBet,
                minActiveMembers: n.contract.minActive,
                ratePpm: n.contract.ratePpm,
              },
            ]);
        const rounds: Round[] = rawRounds.map((r) => ({ ...r, member: r.member % nodes.length }));
        for (const r of rounds)
          await insertRound(t.ctx, {
            memberId: ids[r.member] as number,
            nodeId,
            bet: r.bet,
            win: r.win,
            at: new Date(w.start.getTime() + 1000),
          });
        // Rounds outside the window and rolled back ones do not count.
        await insertRound(t.ctx, { memberId: ids[0] as number, nodeId, bet: 777, at: new Date(w.end.getTime()) });
        if (nodes.length > 1)
          await insertRound(t.ctx, {
            memberId: ids[1] as number,
            nodeId,
            bet: 999,
            status: 'rolled_back',
            at: new Date(w.start.getTime() + 5),
          });

        const s = { tz, currency, holdThreshold: Number.MAX_SAFE_INTEGER };
        await Promise.all([
          settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s),
          settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s),
        ]);
        await settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s);

        const want = expected(kind, nodes, rounds, rootTiers);
        for (const [i, contractId] of contractIds) {
          const e = want.get(i) as { amount: number; present: boolean };
          const st = await t.ctx.db
            .selectFrom('contract_statements')
            .select(['amount', 'status', 'id'])
            .where('contract_id', '=', contractId)
            .execute();
          expect(st.length).toBe(e.present ? 1 : 0);
          if (e.present) expect(Number(st[0]?.amount)).toBe(e.amount);
          const postings = await t.ctx.db
            .selectFrom('ledger_postings')
            .select('id')
            .where('idempotency_key', '=', `contract:${contractId}:${w.start.toISOString()}`)
            .execute();
          expect(postings.length).toBe(e.present && e.amount > 0 ? 1 : 0);
          const cash = await balanceOf(t.ctx.db, ids[i] as number, currency);
          expect(Number(cash.balance)).toBe(e.present ? e.amount : 0);
        }
      }),
      { numRuns: 20 },
    );
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  }, 240_000);

  it('carries a dividend loss forward and sets it off before paying', () => {
    const tiers = [{ minValidBet: 0, minActiveMembers: 0, ratePpm: 100_000 }];
    const branch = (nl: number) => [
      {
        contract_id: 1,
        direct_id: 2,
        valid_bets: 1000,
        net_loss: nl,
        active: 1,
        own_valid_bets: 1000,
        own_net_loss: nl,
        own_active: 1,
      },
    ];
    const first = computeStatement('dividend', tiers, 0, branch(-5000), new Map());
    expect(first).toMatchObject({ gross: -500, amount: 0, carryOut: -500 });
    const second = computeStatement('dividend', tiers, first.carryOut, branch(8000), new Map());
    expect(second).toMatchObject({ gross: 800, carryIn: -500, amount: 300, carryOut: 0 });
    // Salaries never carry.
    expect(computeStatement('daily_salary', tiers, 0, branch(-5000), new Map())).toMatchObject({
      amount: 100,
      carryOut: 0,
    });
  });

  it('holds a statement at the threshold until an operator releases it, then pays it once', async () => {
    const admin = await adminToken(t.app);
    const top = await createMember(t.ctx, { type: 1 });
    const member = await createMember(t.ctx, { type: 0, uplineId: top.id });
    const now = t.ctx.now();
    const w = windowOf('hourly', new Date(now.getTime() - 3 * HOUR), tz);
    const contract = await t.ctx.db
      .insertInto('contracts')
      .values({
        kind: 'hourly_salary',
        period: 'hourly',
        tiers: JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm: 1_000_000 }]),
        rate_ppm: 1_000_000,
        upline_id: null,
        holder_id: top.id,
        status: 'active',
        termination_requested_by: null,
        termination_requested_at: null,
        termination_reason: null,
        offered_by_operator: null,
        created_at: w.start,
        accepted_at: w.start,
        ended_at: null,
        ended_by: null,
        end_reason: null,
        settled_until: null,
        updated_at: w.start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const threshold = (await getBrand(t.ctx.db)).agentPayoutHoldThreshold;
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet: threshold, at: new Date(w.start.getTime() + 10) });
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet: 100, at: new Date(w.end.getTime() + 10) });
    // The job catches up every finished hour since the contract began.
    await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
    const rows = await t.ctx.db
      .selectFrom('contract_statements')
      .select(['id', 'status', 'amount', 'period_start'])
      .where('contract_id', '=', Number(contract.id))
      .orderBy('period_start')
      .execute();
    expect(rows.map((r) => [r.status, Number(r.amount)])).toEqual([
      ['held', threshold],
      ['paid', 100],
    ]);
    expect(Number((await balanceOf(t.ctx.db, top.id, currency)).balance)).toBe(100);
    const held = rows[0]?.id as number;
    const token = await issueSession(t.ctx, t.ctx.db, {
      memberId: top.id,
      area: 'agent',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/statements/${held}`,
      headers: { authorization: token },
    });
    // The member holds no contract: its play is on the line of the agent's other direct members.
    expect(mine.json().value).toMatchObject({
      status: 'held',
      lines: [{ downline: null, validBets: threshold / 100 }],
    });
    const other = await createMember(t.ctx, { type: 1 });
    const otherToken = await issueSession(t.ctx, t.ctx.db, {
      memberId: other.id,
      area: 'agent',
      ip: '127.0.0.1',
      userAgent: null,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/agent/statements/${held}`,
          headers: { authorization: otherToken },
        })
      ).json().code,
    ).toBe('STATEMENT_NOT_FOUND');

    const release = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/agents/statements/${held}/release`,
        headers: { authorization: admin },
        payload: {},
      });
    const [a, b] = await Promise.all([release(), release()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(Number((await balanceOf(t.ctx.db, top.id, currency)).balance)).toBe(100 + threshold);
    const grid = await t.app.inject({
      method: 'GET',
      url: `/admin/agents/statements?holder=${top.username}`,
      headers: { authorization: admin },
    });
    expect(grid.json().value.list).toHaveLength(2);

    // The agent centre's income: both statements paid, by kind.
    const income = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/income?pageSize=50',
      headers: { authorization: token },
    });
    expect(income.json().value.totals).toMatchObject({
      hourly_salary: (100 + threshold) / 100,
      total: (100 + threshold) / 100,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/statements?kind=hourly_salary',
      headers: { authorization: token },
    });
    expect(list.json().value.totalElements).toBe(2);
    const revenue = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/revenue?groupBy=month',
      headers: { authorization: token },
    });
    expect(revenue.json().value.totals.total).toBe((100 + threshold) / 100);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
