import {
  CONTRACT_KINDS,
  type ContractKind,
  type ContractPeriod,
  DIVIDEND_PERIODS,
  FIXED_PERIOD,
} from '@gamehall/shared/api/contracts';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { getBrand } from '../site/brand.service';
import { type Posting, type PostingResult, post, postMany } from '../wallet/wallet.service';
import type { StoredTier } from './contracts.tables';
import * as q from './settlement.queries';

// Contract settlement (spec §3, §9; docs/agents.md "Multi-level pay", "Dividend carry-over",
// "Settlement", "Holding"). For each (kind, period) and each finished window, every due contract is
// computed from the window's closed rounds in one set-based query, then written in batches: the
// statement (unique per contract and period start), its lines, the contract's carry and
// settled_until, and the payout posting (key contract:<id>:<period start>) commit together, so a
// rerun, a crash half-way or two nodes at once pay each statement once.

export const HOUSE_ACCOUNT = 'agent-commissions';
/** Rounds close in their own transactions; a window is settled this long after it ends. */
export const SETTLE_GRACE_MS = 60_000;
/** Windows one run settles per (kind, period) at most; a longer backlog continues next run. */
const MAX_WINDOWS_PER_RUN = 500;
const BATCH = 200;
const PPM = 1_000_000n;

export type Window = { start: Date; end: Date };

/** Offset of the zone from UTC at this instant, in ms. */
function zoneOffset(at: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return (
    Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000
  );
}

/** The instant the zone's day y-m-d starts (m 0-based; overflowing days and months roll over). */
function zoneMidnight(y: number, m: number, d: number, tz: string): Date {
  const guess = Date.UTC(y, m, d);
  const first = guess - zoneOffset(guess, tz);
  return new Date(guess - zoneOffset(first, tz));
}

/** The zone's calendar date of an instant. */
function zoneDate(at: Date, tz: string): { y: number; m: number; d: number; weekday: number } {
  const local = new Date(at.getTime() + zoneOffset(at.getTime(), tz));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate(), weekday: local.getUTCDay() };
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

/** The tier rate a team's figures reach: the highest tier whose thresholds it met, else 0. */
export function tierRate(tiers: StoredTier[], validBets: number, activeMembers: number): number {
  let rate = 0;
  for (const t of tiers)
    if (validBets >= t.minValidBet && activeMembers >= t.minActiveMembers && t.ratePpm > rate) rate = t.ratePpm;
  return rate;
}

/** floor(x / 1,000,000) of a bigint, toward minus infinity. */
function floorPpm(x: bigint): number {
  const qt = x / PPM;
  return Number(x % PPM !== 0n && x < 0n ? qt - 1n : qt);
}

export type Line = {
  downlineId: number | null;
  validBets: number;
  netLoss: number;
  activeMembers: number;
  downlineRatePpm: number;
  amount: number;
};
export type Computed = {
  validBets: number;
  netLoss: number;
  activeMembers: number;
  ratePpm: number;
  gross: number;
  carryIn: number;
  amount: number;
  carryOut: number;
  lines: Line[];
};

/**
 * One contract's figures for one window (docs/agents.md "Multi-level pay"): the agent's tier rate r
 * on its whole team, less, on each branch of a direct downline D holding a contract of this kind
 * from it, D's tier rate r_D on D's own team. Each line is floor((r x branch base - r_D x D's team
 * base) / 10^6); the gross is their sum. Dividends share net loss and carry a negative forward;
 * salaries share valid bets and never pay below zero.
 */
export function computeStatement(
  kind: ContractKind,
  tiers: StoredTier[],
  carry: number,
  branches: q.BranchFigures[],
  downlineTiers: Map<number, StoredTier[]>,
): Computed {
  const validBets = branches.reduce((s, b) => s + b.valid_bets, 0);
  const netLoss = branches.reduce((s, b) => s + b.net_loss, 0);
  const activeMembers = branches.reduce((s, b) => s + b.active, 0);
  const rate = tierRate(tiers, validBets, activeMembers);
  const baseOf = (vb: number, nl: number) => BigInt(kind === 'dividend' ? nl : vb);
  const lines: Line[] = [];
  const rest = { validBets: 0, netLoss: 0, activeMembers: 0 };
  for (const b of branches) {
    const dTiers = downlineTiers.get(b.direct_id);
    if (!dTiers) {
      rest.validBets += b.valid_bets;
      rest.netLoss += b.net_loss;
      rest.activeMembers += b.active;
      continue;
    }
    const teamVb = b.valid_bets - b.own_valid_bets;
    const teamNl = b.net_loss - b.own_net_loss;
    const dRate = tierRate(dTiers, teamVb, b.active - b.own_active);
    const amount = floorPpm(BigInt(rate) * baseOf(b.valid_bets, b.net_loss) - BigInt(dRate) * baseOf(teamVb, teamNl));
    lines.push({
      downlineId: b.direct_id,
      validBets: b.valid_bets,
      netLoss: b.net_loss,
      activeMembers: b.active,
      downlineRatePpm: dRate,
      amount,
    });
  }
  if (rest.validBets !== 0 || rest.netLoss !== 0 || rest.activeMembers !== 0 || lines.length === 0)
    lines.unshift({
      downlineId: null,
      ...rest,
      downlineRatePpm: 0,
      amount: floorPpm(BigInt(rate) * baseOf(rest.validBets, rest.netLoss)),
    });
  const gross = lines.reduce((s, l) => s + l.amount, 0);
  if (kind !== 'dividend')
    return {
      validBets,
      netLoss,
      activeMembers,
      ratePpm: rate,
      gross,
      carryIn: 0,
      amount: Math.max(0, gross),
      carryOut: 0,
      lines,
    };
  const net = gross + carry;
  return {
    validBets,
    netLoss,
    activeMembers,
    ratePpm: rate,
    gross,
    carryIn: carry,
    amount: Math.max(0, net),
    carryOut: Math.min(0, net),
    lines,
  };
}

type Settings = { tz: string; currency: string; holdThreshold: number };

/** Settles every due contract of one (kind, period) for one window; returns the statements written. */
export async function settleWindow(
  ctx: AppContext,
  kind: ContractKind,
  period: ContractPeriod,
  w: Window,
  s: Settings,
): Promise<number> {
  const due = await q.dueContracts(ctx.db, kind, period, w.end);
  await q.closeEnded(ctx.db, kind, period, w.end);
  if (due.length === 0) return 0;
  const branches = await q.branchFigures(ctx.db, kind, period, w.start, w.end);
  const given = await q.givenContracts(ctx.db, kind, period, w.end);
  const byContract = new Map<number, q.BranchFigures[]>();
  for (const b of branches) {
    const list = byContract.get(b.contract_id);
    if (list) list.push(b);
    else byContract.set(b.contract_id, [b]);
  }
  const givenBy = new Map<number, Map<number, StoredTier[]>>();
  for (const g of given) {
    const m = givenBy.get(g.upline_id) ?? new Map<number, StoredTier[]>();
    m.set(g.holder_id, g.tiers);
    givenBy.set(g.upline_id, m);
  }
  let written = 0;
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    written += await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const open = await q.lockUnsettled(
        trx,
        batch.map((c) => c.id),
        w.end,
      );
      const todo = batch.filter((c) => open.has(c.id));
      const computed = new Map<number, Computed>();
      const statements: q.NewStatement[] = [];
      for (const c of todo) {
        const bs = byContract.get(c.id) ?? [];
        if (bs.length === 0) continue;
        const r = computeStatement(kind, c.tiers, c.carry, bs, givenBy.get(c.holder_id) ?? new Map());
        computed.set(c.id, r);
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
      const carries: { contractId: number; carry: number }[] = [];
      for (const st of statements) {
        const id = ids.get(st.contractId);
        if (id === undefined) continue;
        const r = computed.get(st.contractId) as Computed;
        r.lines.forEach((l, n) => {
          lines.push({ statementId: id, lineNo: n + 1, ...l });
        });
        if (kind === 'dividend') carries.push({ contractId: st.contractId, carry: r.carryOut });
        if (st.status === 'paid' && st.amount > 0) payable.push({ ...st, statementId: id, currency: s.currency });
      }
      // The batch's payouts in one round trip: a settlement of thousands of contracts waits on the
      // database once per batch, not once per statement.
      const posted = await postMany(trx, payable.map(payoutOf));
      payable.forEach((st, n) => {
        postings.push({ statementId: st.statementId, postingId: (posted[n] as PostingResult).postingId });
      });
      await q.insertLines(trx, lines);
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
  const s: Settings = { tz: brand.timeZone, currency: brand.currency, holdThreshold: brand.agentPayoutHoldThreshold };
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
