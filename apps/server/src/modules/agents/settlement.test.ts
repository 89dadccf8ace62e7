// postgres: settlement runs side by side pay each statement once (row locks)
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import type { StoredTier } from './contracts.tables';
import type { AgentNgrSettings } from './member-revenue.sql';
import { settleContracts, settleWindow, type Window, windowOf } from './settlement.service';

// Settlement (docs/agents.md "Multi-level pay", "Dividend carry-over", "Settlement", "Holding"):
// random trees, rounds and rates against a reference written from the formula over the raw
// rounds; reruns and concurrent runs pay once; the ledger verifies afterwards.

let t: TestApp;
let nodeId: number;
let currency: string;
let tz: string;
let ngr: AgentNgrSettings;

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
  ngr = brand.agentNgr;
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

const rounds = fc.array(
  fc.record({
    member: fc.nat(),
    bet: fc.integer({ min: 1, max: 50_000 }),
    // Half the rounds lose outright, so branches of either sign meet in one team.
    win: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120_000 })),
  }),
  { minLength: 4, maxLength: 24 },
);
const tree = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.tuple(
    fc.array(
      fc.record({
        parent: fc.nat(),
        // Mostly agents with contracts, so that trees of contracts several levels deep are common.
        agent: fc.nat(3).map((x) => x > 0),
        hasContract: fc.nat(3).map((x) => x > 0),
        rate: fc.integer({ min: 0, max: 1_000_000 }),
        minValidBet: fc.constantFrom(0, 0, 500, 5_000, 60_000),
        minActive: fc.constantFrom(0, 0, 1, 3),
      }),
      { minLength: n, maxLength: n },
    ),
    fc.integer({ min: 1, max: 400_000 }),
    // The top agent's tier may be out of reach while a downline's is met.
    fc.constantFrom(0, 0, 80_000),
    // Consecutive windows of one tree, so dividend carries come into play.
    fc.array(rounds, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('hourly_salary', 'realtime_salary', 'daily_salary', 'dividend', 'dividend'),
    fc.boolean(),
    fc.nat(4),
  ),
);

const floorPpm = (x: bigint) => Number(x >= 0n ? x / 1_000_000n : -((-x + 999_999n) / 1_000_000n));

/**
 * The top agent's figures for one window from the raw rounds, written apart from the settlement
 * code: its reached rate, its gross (its rate on each line: each contracted direct downline's branch
 * and the rest together; with netting off a losing contracted branch is left out) and, for every
 * contract, its rate on its own team's base (the most it may be paid).
 */
function reference(kind: string, nodes: Node[], rs: Round[], rootTiers: StoredTier[], netting: boolean) {
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
    const mine = rs.filter((r) => set.has(r.member));
    return {
      vb: mine.reduce((s, r) => s + r.bet, 0),
      nl: mine.reduce((s, r) => s + r.bet - r.win, 0),
      active: new Set(mine.map((r) => r.member)).size,
      any: mine.length > 0,
    };
  };
  const tiersOf = (i: number): StoredTier[] | null => {
    if (i === 0) return rootTiers;
    const c = (nodes[i] as Node).contract;
    return c ? [{ minValidBet: c.minValidBet, minActiveMembers: c.minActive, ratePpm: c.ratePpm }] : null;
  };
  const rateOf = (tiers: StoredTier[], f: { vb: number; active: number }) =>
    Math.max(0, ...tiers.filter((x) => f.vb >= x.minValidBet && f.active >= x.minActiveMembers).map((x) => x.ratePpm));
  const base = (f: { vb: number; nl: number }) => BigInt(kind === 'dividend' ? f.nl : f.vb);
  const dividend = kind === 'dividend';
  /** The rate on each line's base, the lines summed; `leaveOut` drops losing contracted branches. */
  const grossOf = (a: number, leaveOut: boolean) => {
    const tiers = tiersOf(a) as StoredTier[];
    const team = figures(under(a, false));
    const r = BigInt(rateOf(tiers, team));
    let gross = 0;
    const rest: number[] = [];
    for (const d of all.filter((m) => m !== 0 && parentOf(m) === a)) {
      if (!tiersOf(d)) {
        rest.push(...under(d, true));
        continue;
      }
      const b = figures(under(d, true));
      if (dividend && leaveOut && b.nl < 0) continue;
      gross += floorPpm(r * base(b));
    }
    return gross + floorPpm(r * base(figures(rest)));
  };
  const contracted = all.filter((i) => tiersOf(i) !== null);
  return {
    present: new Map(contracted.map((i) => [i, figures(under(i, false)).any])),
    /** The top's gross as its statement shows it (netting off: losing contracted branches left out). */
    rootGross: grossOf(0, !netting),
    /** The top's rate on its whole team's base, every branch netted: the tree's budget. */
    rootWhole: grossOf(0, false),
    /** max(0, rate x own team base) per contract: the most it may be paid, in both modes. */
    most: new Map(contracted.map((i) => [i, Math.max(0, grossOf(i, false))])),
  };
}

describe('settlement', () => {
  it('never pays a team more than its top contract, each agent at most its own, once however it runs', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async ([raw, rootRate, rootMin, windowsRounds, kind, netting, stopAfter]) => {
        const period =
          kind === 'dividend'
            ? 'daily'
            : kind === 'hourly_salary'
              ? 'hourly'
              : kind === 'realtime_salary'
                ? 'realtime'
                : 'daily';
        runDay += 4;
        const windows: Window[] = [windowOf(period, new Date(firstDay + runDay * DAY), tz)];
        while (windows.length < windowsRounds.length)
          windows.push(windowOf(period, (windows[windows.length - 1] as Window).end, tz));
        const first = windows[0] as Window;
        const last = windows[windows.length - 1] as Window;
        // Node 0 is the top agent; node i's parent is one of the nodes before it.
        const nodes: Node[] = [{ parent: -1, agent: true, contract: null }];
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
        });
        const ids: number[] = [];
        for (const [i, n] of nodes.entries()) {
          const m = await createMember(t.ctx, {
            type: n.agent ? (i === 0 ? 1 : 2) : 0,
            uplineId: i === 0 ? null : ids[n.parent],
          });
          ids.push(m.id);
        }
        const rootTiers: StoredTier[] = [{ minValidBet: rootMin, minActiveMembers: 0, ratePpm: rootRate }];
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
              created_at: new Date(first.start.getTime() - HOUR),
              accepted_at: new Date(first.start.getTime() - HOUR),
              // Ends with the last window, so later runs' windows do not owe it anything.
              ended_at: last.end,
              ended_by: 'system',
              end_reason: 'test',
              settled_until: null,
              updated_at: first.start,
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
        const s = { tz, currency, holdThreshold: Number.MAX_SAFE_INTEGER, netLosingBranches: netting, ngr };
        let rootGrossSum = 0;
        let positiveSum = 0;
        let paidSum = 0;
        let rootCarry = 0;
        for (const [n, w] of windows.entries()) {
          const rs: Round[] = (windowsRounds[n] as Round[]).map((r) => ({ ...r, member: r.member % nodes.length }));
          for (const r of rs)
            await insertRound(t.ctx, {
              memberId: ids[r.member] as number,
              nodeId,
              bet: r.bet,
              win: r.win,
              at: new Date(w.start.getTime() + 1000),
            });
          // Rounds outside the window and rolled back ones do not count.
          await insertRound(t.ctx, { memberId: ids[0] as number, nodeId, bet: 777, at: new Date(w.end.getTime() + 7) });
          if (nodes.length > 1)
            await insertRound(t.ctx, {
              memberId: ids[1] as number,
              nodeId,
              bet: 999,
              status: 'rolled_back',
              at: new Date(w.start.getTime() + 5),
            });
          // A run stopped half-way (one contract a transaction, stopped after a few): the runs
          // after it must compute the rest of the window from the same carries.
          let calls = 0;
          const stopping = {
            ...t.ctx,
            now: () => {
              if (++calls > stopAfter) throw new Error('stopped half-way');
              return t.ctx.now();
            },
          };
          await settleWindow(stopping, kind as 'dividend', period as 'daily', w, { ...s, batchSize: 1 }).catch(
            (error: Error) => {
              if (error.message !== 'stopped half-way') throw error;
            },
          );
          await Promise.all([
            settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s),
            settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s),
          ]);
          await settleWindow(t.ctx, kind as 'dividend', period as 'daily', w, s);

          const ref = reference(kind, nodes, rs, rootTiers, netting);
          const st = await t.ctx.db
            .selectFrom('contract_statements')
            .select(['id', 'contract_id', 'amount', 'gross', 'carry_in', 'carry_out', 'downline_paid', 'capped'])
            .where('contract_id', 'in', [...contractIds.values()])
            .where('period_start', '=', w.start)
            .execute();
          const byContract = new Map(st.map((x) => [Number(x.contract_id), x]));
          let total = 0;
          for (const [i, contractId] of contractIds) {
            const row = byContract.get(contractId);
            // One statement exactly when the team played, each paid once by its own posting.
            expect(row !== undefined).toBe(ref.present.get(i));
            const postings = await t.ctx.db
              .selectFrom('ledger_postings')
              .select('id')
              .where('idempotency_key', '=', `contract:${contractId}:${w.start.toISOString()}`)
              .execute();
            expect(postings.length).toBe(row && Number(row.amount) > 0 ? 1 : 0);
            if (!row) continue;
            const amount = Number(row.amount);
            expect(amount).toBeGreaterThanOrEqual(0);
            // 3. no agent above its own rate on its own team's base.
            expect(amount).toBeLessThanOrEqual(ref.most.get(i) as number);
            // Every statement reconciles: paid + downlines' pay + withheld + carry out = gross + carry in.
            expect(amount + Number(row.downline_paid) + Number(row.capped) + Number(row.carry_out)).toBe(
              Number(row.gross) + Number(row.carry_in),
            );
            expect(Number(row.capped)).toBeGreaterThanOrEqual(0);
            const lines = await t.ctx.db
              .selectFrom('contract_statement_lines')
              .select(['downline_id', 'gross', 'branch_paid', 'amount'])
              .where('statement_id', '=', row.id)
              .execute();
            expect(lines.reduce((x, l) => x + Number(l.gross), 0)).toBe(Number(row.gross));
            // An upline's lines pay its downlines exactly what their branches were paid (the rule).
            let below = 0;
            for (const l of lines) {
              expect(Number(l.amount)).toBe(Number(l.gross) - Number(l.branch_paid));
              below += Number(l.branch_paid);
              if (l.downline_id === null) continue;
              const child = [...contractIds].find(([k]) => ids[k] === Number(l.downline_id));
              const childRow = child ? byContract.get(child[1]) : undefined;
              expect(Number(l.branch_paid)).toBe(
                childRow ? Number(childRow.amount) + Number(childRow.downline_paid) : 0,
              );
            }
            expect(below).toBe(Number(row.downline_paid));
            total += amount;
          }
          // 1. the team is paid exactly its top agent's claim: its rate on the whole team's base
          // with its carry set off, so at most that rate times a positive base and nothing on a
          // negative one, in both modes; the carry follows the gross the statement shows.
          const rootRow = byContract.get(contractIds.get(0) as number);
          const carryIn = rootCarry;
          if (rootRow) {
            expect(Number(rootRow.gross)).toBe(ref.rootGross);
            expect(Number(rootRow.carry_in)).toBe(carryIn);
            expect(Number(rootRow.carry_out)).toBe(Math.min(0, ref.rootGross + carryIn));
            rootCarry = Number(rootRow.carry_out);
          }
          expect(total).toBe(rootRow ? Math.max(0, ref.rootWhole + carryIn) : 0);
          expect(total).toBeLessThanOrEqual(Math.max(0, ref.rootWhole));
          rootGrossSum += ref.rootWhole;
          positiveSum += Math.max(0, ref.rootWhole);
          paidSum += total;
        }
        // 2. over the run: never above the positive periods' whole-team gross; netted, what was
        // paid plus the top agent's open carry is exactly the top rate on the run's whole base.
        expect(paidSum).toBeLessThanOrEqual(positiveSum);
        if (netting) expect(paidSum + rootCarry).toBe(rootGrossSum);
        // 4. the ledger agrees: each agent's cash is what its statements paid.
        for (const [i, contractId] of contractIds) {
          const paid = await t.ctx.db
            .selectFrom('contract_statements')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('sum'))
            .where('contract_id', '=', contractId)
            .executeTakeFirstOrThrow();
          const cash = await balanceOf(t.ctx.db, ids[i] as number, currency);
          expect(Number(cash.balance)).toBe(Number(paid.sum));
        }
      }),
      { numRuns: 20 },
    );
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  }, 240_000);

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
