// postgres: settlement runs side by side pay each statement once (row locks)
import type { ContractKind, ContractPeriod } from '@gamehall/shared/api/contracts';
import { RevenueQuery } from '@gamehall/shared/api/contracts';
import { brandDay } from '@gamehall/shared/calendar-day';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followAppClock } from '../../db/app-clock';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { balanceOf, type Posting, post, postAdjustment, verifyLedger } from '../ledger/ledger.service';
import type { StoredTier } from './contracts.tables';
import { type AgentNgrSettings, NGR_CATEGORIES, type NgrCategory } from './member-revenue.sql';
import { settleContracts, settleWindow, type Window, windowDays, windowOf } from './settlement.service';
import { revenue } from './statements.service';

// Settlement (docs/agents.md "Multi-level pay", "Dividend carry-over", "Settlement", "Holding"):
// random trees, rounds, house payments and rates against a reference written from the rules over
// the raw data; reruns and concurrent runs pay once; statements, postings, balances and the
// revenue report agree; the ledger verifies afterwards.

let t: TestApp;
let nodeId: number;
let vendor: string;
let currency: string;
let tz: string;
let ngrDefaults: AgentNgrSettings;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const game = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code'])
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  nodeId = game.node_id;
  vendor = game.vendor_code;
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  tz = brand.timeZone;
  ngrDefaults = brand.agentNgr;
});
afterAll(() => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Each property run settles windows of its own, after the previous run's: a monthly run takes up
// to four months (three and the start of a month), so the runs start far enough in the past for
// all of them.
let cursor = Date.now() - 12 * 365 * DAY;

/** The house payments a member can receive in a window, as the services post them. */
const PAYMENTS = [
  'bonus',
  'convert',
  'rebate',
  'mission',
  'ticket',
  'referral',
  'vip',
  'points',
  'manual',
  'deposit',
  'bonusCredit',
] as const;
type Payment = (typeof PAYMENTS)[number];
/** Posting type of the payments that are one posting of house money to the member's cash. */
const CASH_TYPE: Partial<Record<Payment, string>> = {
  bonus: 'bonus',
  rebate: 'bonus.rebate',
  mission: 'bonus.mission',
  ticket: 'bonus.ticket',
  referral: 'bonus.referral',
  vip: 'bonus.vip-monthly',
  points: 'bonus.points-convert',
};
/** The dividend deduction each payment counts under (a converted bonus is bonus; a deposit only costs its fee). */
const CATEGORY: Partial<Record<Payment, NgrCategory>> = {
  bonus: 'bonus',
  convert: 'bonus',
  rebate: 'rebate',
  mission: 'mission',
  ticket: 'ticket',
  referral: 'referral',
  vip: 'vip',
  points: 'points',
  manual: 'manual',
};

type Node = {
  parent: number;
  agent: boolean;
  contract: { ratePpm: number; minValidBet: number; minActive: number } | null;
  /** The window before which the contract ends (never within the run when past the last). */
  endBefore: number;
};
type Round = { member: number; bet: number; win: number; when: number };
type Pay = { member: number; kind: Payment; amount: number; when: number };
/** Where in the window something happens, in thousandths of the window. */
const when = fc.integer({ min: 0, max: 999 });

const rounds = fc.array(
  fc.record({
    member: fc.nat(),
    bet: fc.integer({ min: 1, max: 50_000 }),
    // Half the rounds lose outright, so branches of either sign meet in one team.
    win: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120_000 })),
    when,
  }),
  { minLength: 4, maxLength: 24 },
);
const pays = fc.array(
  fc.record({
    member: fc.nat(),
    kind: fc.constantFrom(...PAYMENTS),
    amount: fc.integer({ min: 1, max: 30_000 }),
    when,
  }),
  { maxLength: 6 },
);
const scenario = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    raw: fc.array(
      fc.record({
        parent: fc.nat(),
        // Mostly agents with contracts, so that trees of contracts several levels deep are common.
        agent: fc.nat(3).map((x) => x > 0),
        hasContract: fc.nat(3).map((x) => x > 0),
        rate: fc.integer({ min: 0, max: 1_000_000 }),
        minValidBet: fc.constantFrom(0, 0, 500, 5_000, 60_000),
        minActive: fc.constantFrom(0, 0, 1, 3),
        // Some contracts end before the run or during it, leaving the contracts their holders gave.
        endBefore: fc.constantFrom(9, 9, 9, 0, 1, 2),
      }),
      { minLength: n, maxLength: n },
    ),
    rootRate: fc.integer({ min: 1, max: 400_000 }),
    // The top agent's tier may be out of reach while a downline's is met.
    rootMin: fc.constantFrom(0, 0, 80_000),
    // Consecutive windows of one tree, so dividend carries come into play.
    windows: fc.array(fc.record({ rounds, pays }), { minLength: 1, maxLength: 3 }),
    kind: fc.constantFrom<ContractKind>('hourly_salary', 'realtime_salary', 'daily_salary', 'dividend', 'dividend'),
    dividendPeriod: fc.constantFrom<ContractPeriod>('daily', 'daily', 'weekly', 'semimonthly', 'monthly'),
    netting: fc.boolean(),
    // Members moved to another upline (with their teams) before a window.
    moves: fc.array(fc.record({ node: fc.nat(), to: fc.nat(), before: fc.nat(2) }), { maxLength: 2 }),
    // The dividend base's settings: some deductions off, the fees set or not.
    ngrOff: fc.subarray([...NGR_CATEGORIES], { maxLength: 3 }),
    providerFeePpm: fc.constantFrom(0, 0, 150_000),
    paymentFeePpm: fc.constantFrom(0, 0, 20_000),
    stopAfter: fc.nat(4),
  }),
);

const floorPpm = (x: bigint) => Number(x >= 0n ? x / 1_000_000n : -((-x + 999_999n) / 1_000_000n));

/** A member's figures of one window, from the raw rounds and payments. */
type Figures = { vb: number; nl: number; active: boolean; any: boolean };

/**
 * Each member's figures of one window; `dayOf` is the brand day a round or payment falls on (its
 * `when`). The fees are charged per brand day, each rounded down, as a dividend settles its
 * window's days one by one (docs/agents.md "Settled periods are frozen"): the provider fee on each
 * day's positive GGR, the payment fee on each day's deposits.
 */
function memberFigures(
  kind: ContractKind,
  count: number,
  rs: Round[],
  ps: Pay[],
  ngr: AgentNgrSettings,
  dayOf: (when: number) => string,
): Figures[] {
  const dividend = kind === 'dividend';
  /** The fee at `ppm` of each day's positive sum of the amounts, rounded down per day. */
  const perDay = (items: { when: number; amount: number }[], ppm: number) => {
    const sums = new Map<string, number>();
    for (const x of items) sums.set(dayOf(x.when), (sums.get(dayOf(x.when)) ?? 0) + x.amount);
    return [...sums.values()].reduce((f, v) => f + Math.floor((Math.max(0, v) * ppm) / 1_000_000), 0);
  };
  return Array.from({ length: count }, (_, i) => {
    const mine = rs.filter((r) => r.member === i);
    const vb = mine.reduce((s, r) => s + r.bet, 0);
    const ggr = vb - mine.reduce((s, r) => s + r.win, 0);
    if (!dividend) return { vb, nl: ggr, active: mine.length > 0, any: mine.length > 0 };
    let deducted = 0;
    let counted = false;
    const deposits = ps.filter((x) => x.member === i && x.kind === 'deposit');
    for (const p of ps.filter((x) => x.member === i)) {
      const c = CATEGORY[p.kind];
      if (!c || !ngr[c]) continue;
      counted = true;
      deducted += p.kind === 'manual' ? p.amount - Math.floor(p.amount / 3) : p.amount;
    }
    const ggrs = mine.map((r) => ({ when: r.when, amount: r.bet - r.win }));
    const providerFee = perDay(ggrs, ngr.providerFeePpm[vendor] ?? 0);
    const paymentFee = perDay(deposits, ngr.paymentFeePpm);
    return {
      vb,
      nl: ggr - deducted - providerFee - paymentFee,
      active: mine.length > 0,
      any: mine.length > 0 || counted || (ngr.paymentFeePpm > 0 && deposits.length > 0),
    };
  });
}

/**
 * What the rules say of one window, written apart from the settlement code over the tree as it is
 * (`parent`), the contracts live in the window and each member's figures: where each contract sits
 * (under the nearest live contract above its holder), each contract's gross (its rate on each
 * line: each direct downline's branch holding live contracts, and the rest together; `leaveOut`
 * drops losing branches of the former, as netting off does), and the most each may be paid.
 */
function reference(
  kind: ContractKind,
  parent: number[],
  live: Set<number>,
  tiersOf: (i: number) => StoredTier[],
  fig: Figures[],
  netting: boolean,
) {
  const dividend = kind === 'dividend';
  const all = parent.map((_, i) => i);
  const subtree = (a: number): number[] => [a, ...all.filter((m) => parent[m] === a).flatMap(subtree)];
  const sum = (members: number[]) => ({
    vb: members.reduce((s, m) => s + (fig[m] as Figures).vb, 0),
    nl: members.reduce((s, m) => s + (fig[m] as Figures).nl, 0),
    active: members.filter((m) => (fig[m] as Figures).active).length,
    any: members.some((m) => (fig[m] as Figures).any),
  });
  const rateOf = (tiers: StoredTier[], f: { vb: number; active: number }) =>
    Math.max(0, ...tiers.filter((x) => f.vb >= x.minValidBet && f.active >= x.minActiveMembers).map((x) => x.ratePpm));
  const base = (f: { vb: number; nl: number }) => BigInt(dividend ? f.nl : f.vb);
  const holdsLive = (d: number) => subtree(d).some((m) => live.has(m));
  const grossOf = (a: number, leaveOut: boolean) => {
    const r = BigInt(rateOf(tiersOf(a), sum(subtree(a).slice(1))));
    let gross = 0;
    const rest: number[] = [];
    for (const d of all.filter((m) => parent[m] === a)) {
      if (!holdsLive(d)) {
        rest.push(...subtree(d));
        continue;
      }
      const b = sum(subtree(d));
      if (dividend && leaveOut && b.nl < 0) continue;
      gross += floorPpm(r * base(b));
    }
    return gross + floorPpm(r * base(sum(rest)));
  };
  /** The live contract a contract sits under, and the direct downline of its holder on the way. */
  const placed = (y: number) => {
    for (let via = y, p = parent[y] as number; p !== -1; via = p, p = parent[p] as number)
      if (live.has(p)) return { parent: p, via };
    return null;
  };
  return {
    present: (i: number) => sum(subtree(i).slice(1)).any,
    placed,
    /** The top's gross as its statement shows it (netting off: losing contracted branches left out). */
    rootGross: grossOf(0, !netting),
    /** The top's rate on its whole team's base, every branch netted: the tree's budget. */
    rootWhole: grossOf(0, false),
    /** max(0, rate x own team's base): the most a contract may be paid, in both modes. */
    most: (i: number) => Math.max(0, grossOf(i, false)),
  };
}

/** Posts the payment as of `at` the way its service does; answers what it put on the member's cash. */
async function payAt(memberId: number, p: Pay, at: Date, key: string): Promise<number> {
  const house = (type: string, amount: number, kind: 'cash' | 'bonus' = 'cash'): Posting => ({
    type,
    idempotencyKey: `${key}:${type}:${kind}`,
    reference: key,
    entries: [
      { account: { house: 'promotions-expense', currency }, amount: -amount },
      { account: { member: memberId, kind, currency }, amount },
    ],
  });
  return t.ctx.db.transaction().execute(async (trx) => {
    await followAppClock(trx, at);
    const type = CASH_TYPE[p.kind];
    if (type) {
      await post(trx, house(type, p.amount));
      return p.amount;
    }
    switch (p.kind) {
      case 'convert':
        // A bonus paid into the bonus balance counts only when its wagering converts it into cash.
        await post(trx, house('bonus', p.amount, 'bonus'));
        await post(trx, {
          type: 'bonus.convert',
          idempotencyKey: `${key}:convert`,
          reference: key,
          entries: [
            { account: { member: memberId, kind: 'bonus', currency }, amount: -p.amount },
            { account: { member: memberId, currency }, amount: p.amount },
          ],
        });
        return p.amount;
      case 'manual': {
        // A manual credit, and a debit taking a third of it back.
        const debit = Math.floor(p.amount / 3);
        await postAdjustment(trx, {
          memberId,
          currency,
          amount: p.amount,
          idempotencyKey: `${key}:cr`,
          reference: key,
        });
        if (debit > 0)
          await postAdjustment(trx, {
            memberId,
            currency,
            amount: -debit,
            idempotencyKey: `${key}:dr`,
            reference: key,
          });
        return p.amount - debit;
      }
      case 'deposit':
        // An approved deposit: only the payment fee counts against the base.
        await trx
          .insertInto('deposit_orders')
          .values({
            reference: key.slice(-30),
            member_id: memberId,
            request_id: key.slice(-30),
            method_code: 'BANK_TRANSFER',
            method_kind: 'bank_transfer',
            amount: p.amount,
            currency,
            status: 'approved',
            first_deposit: false,
            decided_at: at,
          })
          .execute();
        return 0;
      default:
        // A ticket prize paid into the bonus balance: not cash, never counted.
        await post(trx, house('bonus.ticket', p.amount, 'bonus'));
        return 0;
    }
  });
}

let payments = 0;

describe('settlement', { tags: ['postgres'] }, () => {
  it('never pays a team more than its top contract, each agent at most its own, once however it runs', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const { kind, netting, stopAfter } = sc;
        const period: ContractPeriod =
          kind === 'dividend'
            ? sc.dividendPeriod
            : kind === 'hourly_salary'
              ? 'hourly'
              : kind === 'realtime_salary'
                ? 'realtime'
                : 'daily';
        // The first window starts after the previous run's days: a day a dividend settled is frozen
        // (docs/agents.md "Settled periods are frozen"), so this run's rounds in it would be late data.
        let start = windowOf(period, new Date(cursor), tz);
        while (start.start.getTime() < cursor) start = windowOf(period, start.end, tz);
        const windows: Window[] = [start];
        while (windows.length < sc.windows.length)
          windows.push(windowOf(period, (windows[windows.length - 1] as Window).end, tz));
        const first = windows[0] as Window;
        const last = windows[windows.length - 1] as Window;
        cursor = last.end.getTime() + 2 * DAY;
        const ngr: AgentNgrSettings = {
          ...ngrDefaults,
          ...Object.fromEntries(sc.ngrOff.map((c) => [c, false])),
          providerFeePpm: sc.providerFeePpm > 0 ? { [vendor]: sc.providerFeePpm } : {},
          paymentFeePpm: sc.paymentFeePpm,
        };
        // Node 0 is the top agent; node i's parent is one of the nodes before it.
        const nodes: Node[] = [{ parent: -1, agent: true, contract: null, endBefore: 9 }];
        sc.raw.forEach((x, k) => {
          const i = k + 1;
          const parent = x.parent % i;
          const parentNode = nodes[parent] as Node;
          const parentRate = parent === 0 ? sc.rootRate : parentNode.contract?.ratePpm;
          // A contract only from an agent holding one, at most its rate (docs/agents.md "Offers").
          const canHave = parentNode.agent && parentRate !== undefined && x.hasContract;
          const ratePpm = canHave ? x.rate % ((parentRate as number) + 1) : 0;
          nodes.push({
            parent,
            agent: x.agent,
            contract: canHave ? { ratePpm, minValidBet: x.minValidBet, minActive: x.minActive } : null,
            endBefore: x.endBefore,
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
        const rootTiers: StoredTier[] = [{ minValidBet: sc.rootMin, minActiveMembers: 0, ratePpm: sc.rootRate }];
        const tiersOf = (i: number): StoredTier[] => {
          const c = (nodes[i] as Node).contract;
          return i === 0 || !c
            ? rootTiers
            : [{ minValidBet: c.minValidBet, minActiveMembers: c.minActive, ratePpm: c.ratePpm }];
        };
        const contractIds = new Map<number, number>();
        for (const [i, n] of nodes.entries()) {
          if (i > 0 && !n.contract) continue;
          const tiers = tiersOf(i);
          // Ends with the last window, so later runs' windows do not owe it anything, or earlier.
          const endsAt =
            n.endBefore < windows.length ? (windows[n.endBefore] as Window).start.getTime() + 1 : last.end.getTime();
          const row = await t.ctx.db
            .insertInto('contracts')
            .values({
              kind,
              period,
              tiers: JSON.stringify(tiers),
              rate_ppm: Math.max(...tiers.map((x) => x.ratePpm)),
              upline_id: i === 0 ? null : (ids[n.parent] as number),
              holder_id: ids[i] as number,
              status: 'active',
              termination_requested_by: null,
              termination_requested_at: null,
              termination_reason: null,
              offered_by_operator: null,
              created_at: new Date(first.start.getTime() - HOUR),
              accepted_at: new Date(first.start.getTime() - HOUR),
              ended_at: new Date(endsAt),
              ended_by: 'system',
              end_reason: 'test',
              settled_until: null,
              updated_at: first.start,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          contractIds.set(i, Number(row.id));
        }
        const parent = nodes.map((n) => n.parent);
        const s = { tz, currency, holdThreshold: Number.MAX_SAFE_INTEGER, netLosingBranches: netting, ngr };
        const cash = ids.map(() => 0);
        let wholeSum = 0;
        let positiveSum = 0;
        let shownSum = 0;
        let paidSum = 0;
        let rootCarry = 0;
        for (const [n, w] of windows.entries()) {
          // Members moved (with their teams) to another upline, never under their own team.
          for (const m of sc.moves.filter((x) => x.before === n && nodes.length > 1)) {
            const node = 1 + (m.node % (nodes.length - 1));
            const to = m.to % nodes.length;
            const inside = new Set([node]);
            for (let grew = true; grew; ) {
              grew = false;
              for (const [i, p] of parent.entries())
                if (!inside.has(i) && inside.has(p)) {
                  inside.add(i);
                  grew = true;
                }
            }
            if (inside.has(to)) continue;
            await t.ctx.db
              .updateTable('members')
              .set({ upline_id: ids[to] as number })
              .where('id', '=', ids[node] as number)
              .execute();
            parent[node] = to;
          }
          const at = (thousandths: number) =>
            new Date(
              w.start.getTime() +
                1000 +
                Math.floor(((w.end.getTime() - w.start.getTime() - 2000) * thousandths) / 1000),
            );
          const rs: Round[] = (sc.windows[n]?.rounds ?? []).map((r) => ({ ...r, member: r.member % nodes.length }));
          for (const r of rs)
            await insertRound(t.ctx, {
              memberId: ids[r.member] as number,
              nodeId,
              bet: r.bet,
              win: r.win,
              at: at(r.when),
            });
          const ps: Pay[] = (sc.windows[n]?.pays ?? []).map((p) => ({ ...p, member: p.member % nodes.length }));
          for (const p of ps)
            cash[p.member] =
              (cash[p.member] as number) +
              (await payAt(ids[p.member] as number, p, at(p.when), `pt${++payments}x${ids[p.member]}`));
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
          // after it must compute the rest of the window from the same carries and frozen days. A
          // dividend run first freezes the window's brand days, reading the clock once a day, so
          // stopAfter 0 stops it before its last day is frozen, 1 after all of them.
          const frozen = kind === 'dividend' ? windowDays(w, tz).list.length - 1 : 0;
          let calls = 0;
          const stopping = {
            ...t.ctx,
            now: () => {
              if (++calls > frozen + stopAfter) throw new Error('stopped half-way');
              return t.ctx.now();
            },
          };
          await settleWindow(stopping, kind, period, w, { ...s, batchSize: 1 }).catch((error: Error) => {
            if (error.message !== 'stopped half-way') throw error;
          });
          await Promise.all([settleWindow(t.ctx, kind, period, w, s), settleWindow(t.ctx, kind, period, w, s)]);
          await settleWindow(t.ctx, kind, period, w, s);

          const live = new Set([...contractIds.keys()].filter((i) => (nodes[i] as Node).endBefore > n));
          const fig = memberFigures(kind, nodes.length, rs, ps, ngr, (x) => brandDay(at(x), tz));
          const ref = reference(kind, parent, live, tiersOf, fig, netting);
          const st = await t.ctx.db
            .selectFrom('contract_statements')
            .select([
              'id',
              'contract_id',
              'amount',
              'gross',
              'carry_in',
              'carry_out',
              'downline_paid',
              'capped',
              'posting_id',
            ])
            .where('contract_id', 'in', [...contractIds.values()])
            .where('period_start', '=', w.start)
            .execute();
          const byNode = new Map(
            [...contractIds].flatMap(([i, id]) => {
              const row = st.find((x) => Number(x.contract_id) === id);
              return row ? [[i, row] as const] : [];
            }),
          );
          const subtreePaid = (i: number) => {
            const row = byNode.get(i);
            return row ? Number(row.amount) + Number(row.downline_paid) : 0;
          };
          let total = 0;
          for (const [i, contractId] of contractIds) {
            const row = byNode.get(i);
            // One statement exactly when a live contract's team had figures, each paid once by its
            // own posting of exactly its amount.
            expect(row !== undefined).toBe(live.has(i) && ref.present(i));
            const postings = await t.ctx.db
              .selectFrom('ledger_postings as p')
              .innerJoin('ledger_entries as e', 'e.posting_id', 'p.id')
              .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
              .select(['p.id', 'p.type', 'e.amount'])
              .where('p.idempotency_key', '=', `contract:${contractId}:${w.start.toISOString()}`)
              .where('a.member_id', '=', ids[i] as number)
              .execute();
            expect(postings.length).toBe(row && Number(row.amount) > 0 ? 1 : 0);
            if (!row) continue;
            const amount = Number(row.amount);
            if (amount > 0) {
              expect(postings[0]).toMatchObject({ type: `commission.${kind}` });
              expect(Number(postings[0]?.amount)).toBe(amount);
              expect(Number(row.posting_id)).toBe(Number(postings[0]?.id));
            } else expect(row.posting_id).toBeNull();
            expect(amount).toBeGreaterThanOrEqual(0);
            // 3. no agent above its own rate on its own team's base, in both modes.
            expect(amount).toBeLessThanOrEqual(ref.most(i));
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
            // Each line's branch pay is what the contracts placed under this one through that
            // direct downline were paid, with theirs (the rule; ended givers and moves included).
            let below = 0;
            for (const l of lines) {
              expect(Number(l.amount)).toBe(Number(l.gross) - Number(l.branch_paid));
              below += Number(l.branch_paid);
              const via = l.downline_id === null ? null : ids.indexOf(Number(l.downline_id));
              const expected = [...live]
                .filter((y) => y !== 0 && ref.placed(y)?.parent === i && ref.placed(y)?.via === via)
                .reduce((x, y) => x + subtreePaid(y), 0);
              expect(Number(l.branch_paid)).toBe(expected);
            }
            expect(below).toBe(Number(row.downline_paid));
            total += amount;
          }
          // 1. the team is paid exactly its top agent's claim: its rate on the whole team's base
          // with its carry set off, so at most that rate times a positive base and nothing on a
          // negative one, in both modes; the carry follows the gross the statement shows.
          const rootRow = byNode.get(0);
          const carryIn = rootCarry;
          if (rootRow) {
            expect(Number(rootRow.gross)).toBe(ref.rootGross);
            expect(Number(rootRow.carry_in)).toBe(carryIn);
            expect(Number(rootRow.carry_out)).toBe(Math.min(0, ref.rootGross + carryIn));
            rootCarry = Number(rootRow.carry_out);
            shownSum += ref.rootGross - Number(rootRow.capped);
          }
          expect(total).toBe(rootRow ? Math.max(0, ref.rootWhole + carryIn) : 0);
          expect(total).toBeLessThanOrEqual(Math.max(0, ref.rootWhole));
          wholeSum += ref.rootWhole;
          positiveSum += Math.max(0, ref.rootWhole);
          paidSum += total;
        }
        // 2. over the run: never above the positive periods' whole-team gross; what was paid plus
        // the top agent's open carry is the sum of its grosses less what its cap withheld, which
        // netted is exactly the top rate on the run's whole base.
        expect(paidSum).toBeLessThanOrEqual(positiveSum);
        expect(paidSum + rootCarry).toBe(shownSum);
        if (netting) expect(paidSum + rootCarry).toBe(wholeSum);
        // 4. statements, postings, balances and the revenue report agree to the cent.
        const from = brandDay(first.start, tz);
        const to = brandDay(new Date(last.end.getTime() - 1), tz);
        for (const [i, contractId] of contractIds) {
          const mine = await t.ctx.db
            .selectFrom('contract_statements')
            .select(['amount', 'period_start', 'status'])
            .where('contract_id', '=', contractId)
            .execute();
          const paid = mine.reduce((x, r) => x + Number(r.amount), 0);
          const commissions = await t.ctx.db
            .selectFrom('ledger_entries as e')
            .innerJoin('ledger_postings as p', 'p.id', 'e.posting_id')
            .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.val(0)).as('sum'))
            .where('a.member_id', '=', ids[i] as number)
            .where('a.kind', '=', 'cash')
            .where('p.type', '=', `commission.${kind}`)
            .executeTakeFirstOrThrow();
          expect(Number(commissions.sum)).toBe(paid);
          expect(Number((await balanceOf(t.ctx.db, ids[i] as number, currency)).balance)).toBe(
            paid + (cash[i] as number),
          );
          const report = await revenue(
            t.ctx,
            ids[i] as number,
            RevenueQuery.parse({ from, to, groupBy: 'day', pageSize: 200 }),
          );
          const cents = (x: number) => Math.round(x * 100);
          expect(report.totals).toMatchObject({
            statements: mine.length,
            paid: mine.filter((r) => Number(r.amount) > 0).length,
            zero: mine.filter((r) => Number(r.amount) === 0).length,
            held: 0,
          });
          expect(cents(report.totals[kind])).toBe(paid);
          expect(cents(report.totals.total)).toBe(paid);
          // Each statement in the period its window starts in.
          const byDay = new Map<string, number>();
          for (const r of mine) {
            const day = brandDay(new Date(r.period_start), tz);
            byDay.set(day, (byDay.get(day) ?? 0) + Number(r.amount));
          }
          expect(
            new Map(report.content.filter((p) => p.statements > 0).map((p) => [p.period, cents(p.amount)])),
          ).toEqual(byDay);
        }
      }),
      // 30 runs take about 14 s on PGlite on 2 cores at a load of 15. A failing property shrinks for
      // at most 150 s, so it reports its counterexample before vitest's timeout would.
      {
        numRuns: 30,
        // Always among the runs: a member of a half-month window loses 10.00 on one day and wins
        // 10.00 on another, so the provider fee is due on the first day though the window nets 0.
        examples: [
          [
            {
              raw: [1, 2, 3].map(() => ({
                parent: 0,
                agent: false,
                hasContract: false,
                rate: 0,
                minValidBet: 0 as const,
                minActive: 0 as const,
                endBefore: 9 as const,
              })),
              rootRate: 100_000,
              rootMin: 0 as const,
              windows: [
                {
                  rounds: [
                    { member: 1, bet: 1_000, win: 0, when: 100 },
                    { member: 1, bet: 1_000, win: 2_000, when: 600 },
                    { member: 2, bet: 3_000, win: 0, when: 900 },
                  ],
                  pays: [],
                },
              ],
              kind: 'dividend' as const,
              dividendPeriod: 'semimonthly' as const,
              netting: true,
              moves: [],
              ngrOff: [],
              providerFeePpm: 150_000 as const,
              paymentFeePpm: 0 as const,
              stopAfter: 2,
            },
          ],
        ],
        interruptAfterTimeLimit: 150_000,
        markInterruptAsFailure: true,
      },
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
