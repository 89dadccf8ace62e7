import {
  CONTRACT_KINDS,
  type ContractKind,
  type ContractPeriod,
  DIVIDEND_PERIODS,
  FIXED_PERIOD,
} from '@gamehall/shared/api/contracts';
import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { getBrand } from '../brand/brand.service';
import { type Posting, type PostingResult, post, postMany } from '../ledger/ledger.service';
import { refreshAgentDay } from './agent-stats.service';
import { statementPaidMessages } from './contract-messages';
import type { AgentNgrSettings } from './member-revenue.sql';
import { type Branch, type Computed, computeWindow, type WindowContract } from './settlement.compute';
import * as q from './settlement.queries';

// Contract settlement (spec §3, §9; docs/agents.md "Multi-level pay", "Dividend carry-over",
// "Settlement", "Holding"). For each (kind, period) and each finished window, every due contract is
// computed from the window's figures in one set-based query (settlement.compute.ts says what each
// is paid), then written in batches: the statement (unique per contract and period start), its
// lines, the contract's carry and settled_until, and the payout posting (key
// contract:<id>:<period start>) commit together, so a rerun, a crash half-way or two nodes at once
// pay each statement once, and a resumed window is computed from the same carries.

export const HOUSE_ACCOUNT = 'agent-commissions';
/** Rounds close in their own transactions; a window is settled this long after it ends. */
export const SETTLE_GRACE_MS = 60_000;
/** Windows one run settles per (kind, period) at most; a longer backlog continues next run. */
const MAX_WINDOWS_PER_RUN = 500;
const BATCH = 200;

export type Window = { start: Date; end: Date };

const FREQUENT = new Set<ContractKind>(['hourly_salary', 'realtime_salary']);

/** The instant the zone's day y-m-d starts (m 0-based; overflowing days and months roll over). */
function zoneMidnight(y: number, m: number, d: number, tz: string): Date {
  return dayStart(new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10), tz);
}

/** The zone's calendar date of an instant. */
function zoneDate(at: Date, tz: string): { y: number; m: number; d: number; weekday: number } {
  const day = new Date(`${brandDay(at, tz)}T00:00:00Z`);
  return { y: day.getUTCFullYear(), m: day.getUTCMonth(), d: day.getUTCDate(), weekday: day.getUTCDay() };
}

/**
 * The settlement window of a period that contains an instant: 5 minutes and hours on the clock,
 * days, Monday-to-Sunday weeks, half months (1st-15th, 16th-end) and months in the brand's zone.
 */
export function windowOf(period: ContractPeriod, at: Date, tz: string): Window {
  const t = at.getTime();
  if (period === 'realtime' || period === 'hourly') {
    const size = period === 'realtime' ? 5 * 60_000 : 3600_000;
    const start = Math.floor(t / size) * size;
    return { start: new Date(start), end: new Date(start + size) };
  }
  const { y, m, d, weekday } = zoneDate(at, tz);
  switch (period) {
    case 'daily':
      return { start: zoneMidnight(y, m, d, tz), end: zoneMidnight(y, m, d + 1, tz) };
    case 'weekly': {
      const back = (weekday + 6) % 7;
      return { start: zoneMidnight(y, m, d - back, tz), end: zoneMidnight(y, m, d - back + 7, tz) };
    }
    case 'semimonthly':
      return d <= 15
        ? { start: zoneMidnight(y, m, 1, tz), end: zoneMidnight(y, m, 16, tz) }
        : { start: zoneMidnight(y, m, 16, tz), end: zoneMidnight(y, m + 1, 1, tz) };
    default:
      return { start: zoneMidnight(y, m, 1, tz), end: zoneMidnight(y, m + 1, 1, tz) };
  }
}

export type Settings = {
  tz: string;
  currency: string;
  holdThreshold: number;
  netLosingBranches: boolean;
  /** The dividend base's deductions (brand agentNgr). */
  ngr: AgentNgrSettings;
  /** Contracts written per transaction (tests make it small to stop a window half-way). */
  batchSize?: number;
};

/** The brand days a day-aligned window covers (the first and last, and all of them). */
export function windowDays(w: Window, tz: string): { from: string; to: string; list: string[] } {
  const from = brandDay(w.start, tz);
  const to = brandDay(new Date(w.end.getTime() - 1), tz);
  const list: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) list.push(d);
  return { from, to, list };
}

/**
 * Settles every due contract of one (kind, period) for one window; returns the statements written.
 * The window is computed once, whole (settlement.compute.ts: a tree's budgets need all its
 * contracts), from each contract's carry before the window (the statement's carry in where one is
 * written already), so a run that resumes a half-written window computes the same figures; then
 * the contracts still unsettled are written in batches.
 */
export async function settleWindow(
  ctx: AppContext,
  kind: ContractKind,
  period: ContractPeriod,
  w: Window,
  s: Settings,
): Promise<number> {
  await q.closeEnded(ctx.db, kind, period, w.end);
  let all = await q.windowContracts(ctx.db, kind, period, w.start, w.end);
  if (!all.some((c) => !c.settled)) return 0;
  // Carries taken over from ended contracts move first, on their own, so the window is computed
  // from carries no batch changes under another.
  const pending = new Map(
    all.filter((c) => !c.settled && c.carry_from !== null).map((c) => [c.id, c.carry_from as number]),
  );
  if (kind === 'dividend' && pending.size > 0) {
    const taken = await ctx.db.transaction().execute((trx) => q.takeCarries(trx, pending));
    if (taken.size > 0) all = await q.windowContracts(ctx.db, kind, period, w.start, w.end);
  }
  // A dividend reads its window's brand days as settled: the first settlement of a day computes it
  // with the settings of now and freezes it (docs/agents.md "Settled periods are frozen"), so the
  // statement, the user loss statements and the statement's base read the same figures for ever.
  const days = windowDays(w, s.tz);
  if (kind === 'dividend')
    for (const day of days.list) await refreshAgentDay(ctx, day, s.tz, { ngr: s.ngr, settle: true });
  const figures = await q.branchFigures(ctx.db, kind, period, w.start, w.end, days);
  const branches = new Map<number, Branch[]>();
  for (const b of figures) {
    const branch: Branch = {
      directId: b.direct_id,
      validBets: b.valid_bets,
      wins: b.wins,
      netLoss: b.net_loss,
      deductions: b.deductions,
      active: b.active,
    };
    const list = branches.get(b.contract_id);
    if (list) list.push(branch);
    else branches.set(b.contract_id, [branch]);
  }
  const contracts: WindowContract[] = all.map((c) => ({
    id: c.id,
    holderId: c.holder_id,
    parent: c.parent,
    tiers: c.tiers,
    carry: c.carry,
  }));
  const computed = computeWindow(kind, contracts, branches, { netLosingBranches: s.netLosingBranches });
  const due = all.filter((c) => !c.settled);
  let written = 0;
  const size = s.batchSize ?? BATCH;
  for (let i = 0; i < due.length; i += size) {
    const batch = due.slice(i, i + size);
    written += await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const open = await q.lockUnsettled(
        trx,
        batch.map((c) => c.id),
        w.end,
      );
      const todo = batch.filter((c) => open.has(c.id));
      const statements: q.NewStatement[] = [];
      const carries: { contractId: number; carry: number }[] = [];
      for (const c of todo) {
        const r = computed.get(c.id) as Computed;
        if (kind === 'dividend' && r.carryOut !== c.carry) carries.push({ contractId: c.id, carry: r.carryOut });
        if (!r.present) continue;
        const status = r.amount > 0 && r.amount >= s.holdThreshold ? 'held' : 'paid';
        statements.push({
          contractId: c.id,
          holderId: c.holder_id,
          kind,
          start: w.start,
          end: w.end,
          ...r,
          status,
          now,
        });
      }
      const ids = await q.insertStatements(trx, statements);
      const lines: q.NewLine[] = [];
      const postings: { statementId: number; postingId: number }[] = [];
      const payable: Payable[] = [];
      for (const st of statements) {
        const id = ids.get(st.contractId);
        if (id === undefined) continue;
        const r = computed.get(st.contractId) as Computed;
        r.lines.forEach((l, n) => {
          lines.push({ statementId: id, lineNo: n + 1, ...l });
        });
        if (st.status === 'paid' && st.amount > 0) payable.push({ ...st, statementId: id, currency: s.currency });
      }
      // The batch's payouts in one round trip: a settlement of thousands of contracts waits on the
      // database once per batch, not once per statement.
      const posted = await postMany(trx, payable.map(payoutOf));
      payable.forEach((st, n) => {
        postings.push({ statementId: st.statementId, postingId: (posted[n] as PostingResult).postingId });
      });
      await q.insertLines(trx, lines);
      // The agent hears of a payout in the same transaction. Hourly and real-time salaries pay up
      // to 24 and 288 times a day: only their held statements (an operator must act) are messaged.
      await statementPaidMessages(
        trx,
        statements
          .filter((st) => ids.has(st.contractId) && (st.status === 'held' || !FREQUENT.has(kind)))
          .map((st) => ({ ...st, periodStart: st.start, periodEnd: st.end })),
      );
      await q.setCarries(trx, carries);
      await q.setPostings(trx, postings);
      await q.markSettled(
        trx,
        todo.map((c) => c.id),
        w.end,
        now,
      );
      return ids.size;
    });
  }
  return written;
}

/** The payout posting of a statement: agent-commissions -> the agent's cash, keyed by (contract, period). */
type Payable = {
  contractId: number;
  holderId: number;
  kind: ContractKind;
  start: Date;
  amount: number;
  statementId: number;
  currency: string;
};

/** The payout posting of a statement: agent-commissions -> the agent's cash, keyed by (contract, period). */
function payoutOf(st: Payable): Posting {
  return {
    idempotencyKey: `contract:${st.contractId}:${st.start.toISOString()}`,
    type: `commission.${st.kind}`,
    reference: `statement:${st.statementId}`,
    entries: [
      { account: { house: HOUSE_ACCOUNT, currency: st.currency }, amount: -st.amount },
      { account: { member: st.holderId, currency: st.currency }, amount: st.amount },
    ],
  };
}

/** Pays one statement (a released hold); answers the posting id. */
export async function payStatement(trx: Trx, st: Payable): Promise<number> {
  return (await post(trx, payoutOf(st))).postingId;
}

/** Every (kind, period) pair the job settles. */
export const SETTLEMENT_GROUPS: { kind: ContractKind; period: ContractPeriod }[] = CONTRACT_KINDS.flatMap(
  (kind): { kind: ContractKind; period: ContractPeriod }[] =>
    kind === 'dividend' ? DIVIDEND_PERIODS.map((period) => ({ kind, period })) : [{ kind, period: FIXED_PERIOD[kind] }],
);

/**
 * Settles every finished window of these (kind, period) pairs, oldest first, from the earliest
 * one a contract still owes (late windows are caught up). Returns the statements written.
 */
export async function settleContracts(
  ctx: AppContext,
  groups: { kind: ContractKind; period: ContractPeriod }[] = SETTLEMENT_GROUPS,
): Promise<number> {
  const brand = await getBrand(ctx.db);
  const s: Settings = {
    tz: brand.timeZone,
    currency: brand.currency,
    holdThreshold: brand.agentPayoutHoldThreshold,
    netLosingBranches: brand.agentNetLosingBranches,
    ngr: brand.agentNgr,
  };
  const cutoff = ctx.now().getTime() - SETTLE_GRACE_MS;
  let written = 0;
  for (const g of groups) {
    const earliest = await q.earliestDue(ctx.db, g.kind, g.period);
    if (!earliest) continue;
    let w = windowOf(g.period, earliest, s.tz);
    for (let n = 0; n < MAX_WINDOWS_PER_RUN && w.end.getTime() <= cutoff; n++) {
      written += await settleWindow(ctx, g.kind, g.period, w, s);
      w = windowOf(g.period, w.end, s.tz);
    }
  }
  return written;
}
