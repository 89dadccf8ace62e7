import type { ContractKind } from '@gamehall/shared/api/contracts';
import type { Deductions, StoredTier } from './contracts.tables';

// What each contract of one (kind, period) is paid for one window (docs/agents.md "Multi-level
// pay"), as pure functions over the window's figures, so the worked examples and the property
// tests exercise exactly what settlement writes.
//
// Every contract claims its rate on its whole team's base plus its carry-in (never below zero).
// The contracts form trees: a contract is under the contract its upline holds in the same window.
// A tree's root may pay out at most its own claim; every contract passes down to its contracted
// downlines' subtrees their claims, pro rata when its own budget cannot cover them all, and keeps
// the rest. So the total paid in a tree is never more than its top agent's claim, no agent is paid
// more than its own rate on its own team, and an upline is paid its gross less what its
// downlines' branches are actually paid.

const PPM = 1_000_000n;

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

/** One direct downline's branch of a contract holder's team: the downline and everyone under it. */
export type Branch = {
  directId: number;
  validBets: number;
  wins: number;
  /** Net gaming revenue: valid bets minus wins minus the deductions. */
  netLoss: number;
  deductions: Deductions;
  active: number;
};

export type WindowContract = {
  id: number;
  holderId: number;
  uplineId: number | null;
  tiers: StoredTier[];
  /** The contract's carry before this window (<= 0; dividends only). */
  carry: number;
};

export type Line = {
  downlineId: number | null;
  validBets: number;
  wins: number;
  netLoss: number;
  deductions: Deductions;
  activeMembers: number;
  /** The rate the branch's contracted downline reached on its own team (0 when none). */
  downlineRatePpm: number;
  /** The holder's rate on the line's base. */
  gross: number;
  /** What the branch's contracted downline and its downlines were paid. */
  branchPaid: number;
  /** gross - branchPaid. */
  amount: number;
};

export type Computed = {
  /** Whether the team had closed rounds in the window: only then is a statement written. */
  present: boolean;
  validBets: number;
  wins: number;
  netLoss: number;
  deductions: Deductions;
  activeMembers: number;
  ratePpm: number;
  gross: number;
  carryIn: number;
  /** What the contracted downline branches were paid (their whole subtrees). */
  downlinePaid: number;
  /** What the upline's cap withheld from this contract's claim. */
  capped: number;
  amount: number;
  carryOut: number;
  lines: Line[];
};

export type ComputeOptions = {
  /**
   * Dividends: a contracted downline's branch whose base is negative is netted against the
   * holder's other branches (true, the default) or left out of the holder's base and borne by the
   * downline's carry alone (false).
   */
  netLosingBranches: boolean;
};

function addDeductions(into: Deductions, from: Deductions): void {
  for (const [k, v] of Object.entries(from)) if (v !== 0) into[k] = (into[k] ?? 0) + v;
}

/** Sums branches into one set of figures. */
function sum(branches: Branch[]) {
  const deductions: Deductions = {};
  let validBets = 0;
  let wins = 0;
  let netLoss = 0;
  let active = 0;
  for (const b of branches) {
    validBets += b.validBets;
    wins += b.wins;
    netLoss += b.netLoss;
    active += b.active;
    addDeductions(deductions, b.deductions);
  }
  return { validBets, wins, netLoss, deductions, active };
}

/**
 * Every contract's figures for one window. `branches` holds each contract's branches (a contract
 * without any had no play in its team); `contracts` are the window's contracts of one kind and
 * period.
 */
export function computeWindow(
  kind: ContractKind,
  contracts: WindowContract[],
  branches: Map<number, Branch[]>,
  opts: ComputeOptions,
): Map<number, Computed> {
  const dividend = kind === 'dividend';
  const byHolder = new Map(contracts.map((c) => [c.holderId, c]));
  const out = new Map<number, Computed>();
  const childrenOf = new Map<number, { line: Line; child: WindowContract }[]>();
  const hasParent = new Set<number>();
  const claim = new Map<number, number>();

  // Each contract's own figures, lines and claim.
  for (const c of contracts) {
    const bs = branches.get(c.id) ?? [];
    const team = sum(bs);
    const rate = tierRate(c.tiers, team.validBets, team.active);
    const baseOf = (b: { validBets: number; netLoss: number }) => BigInt(dividend ? b.netLoss : b.validBets);
    const lines: Line[] = [];
    const rest: Branch[] = [];
    const children: { line: Line; child: WindowContract }[] = [];
    for (const b of bs) {
      const child = byHolder.get(b.directId);
      if (!child || child.uplineId !== c.holderId) {
        rest.push(b);
        continue;
      }
      hasParent.add(child.id);
      const leftOut = dividend && !opts.netLosingBranches && b.netLoss < 0;
      const gross = leftOut ? 0 : floorPpm(BigInt(rate) * baseOf(b));
      const line: Line = {
        downlineId: b.directId,
        validBets: b.validBets,
        wins: b.wins,
        netLoss: b.netLoss,
        deductions: b.deductions,
        activeMembers: b.active,
        downlineRatePpm: 0,
        gross,
        branchPaid: 0,
        amount: gross,
      };
      lines.push(line);
      children.push({ line, child });
    }
    if (rest.length > 0 || lines.length === 0) {
      const r = sum(rest);
      const gross = floorPpm(BigInt(rate) * baseOf(r));
      lines.unshift({
        downlineId: null,
        validBets: r.validBets,
        wins: r.wins,
        netLoss: r.netLoss,
        deductions: r.deductions,
        activeMembers: r.active,
        downlineRatePpm: 0,
        gross,
        branchPaid: 0,
        amount: gross,
      });
    }
    const gross = lines.reduce((s, l) => s + l.gross, 0);
    const carryIn = dividend ? c.carry : 0;
    const net = gross + carryIn;
    childrenOf.set(c.id, children);
    claim.set(c.id, Math.max(0, net));
    out.set(c.id, {
      present: bs.length > 0,
      validBets: team.validBets,
      wins: team.wins,
      netLoss: team.netLoss,
      deductions: team.deductions,
      activeMembers: team.active,
      ratePpm: rate,
      gross,
      carryIn,
      downlinePaid: 0,
      capped: 0,
      amount: 0,
      carryOut: dividend ? Math.min(0, net) : 0,
      lines,
    });
  }

  // Budgets from each root down: children first, pro rata when short; the holder keeps the rest.
  const allot = (c: WindowContract, budget: number): number => {
    const r = out.get(c.id) as Computed;
    r.capped = (claim.get(c.id) as number) - budget;
    const children = childrenOf.get(c.id) as { line: Line; child: WindowContract }[];
    const claims = children.map(({ child }) => claim.get(child.id) as number);
    const total = claims.reduce((s, x) => s + x, 0);
    let paidBelow = 0;
    children.forEach(({ line, child }, n) => {
      const want = claims[n] as number;
      const given = total <= budget ? want : Number((BigInt(budget) * BigInt(want)) / BigInt(total));
      const subtree = allot(child, given);
      line.downlineRatePpm = (out.get(child.id) as Computed).ratePpm;
      line.branchPaid = subtree;
      line.amount = line.gross - subtree;
      paidBelow += subtree;
    });
    r.downlinePaid = paidBelow;
    r.amount = budget - paidBelow;
    return budget;
  };
  for (const c of contracts) if (!hasParent.has(c.id)) allot(c, claim.get(c.id) as number);
  return out;
}
