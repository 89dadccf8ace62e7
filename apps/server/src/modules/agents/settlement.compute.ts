import type { ContractKind } from '@gamehall/shared/api/contracts';
import type { Deductions, StoredTier } from './contracts.tables';

// What each contract of one (kind, period) is paid for one window (docs/agents.md "Multi-level
// pay"), as pure functions over the window's figures, so the worked examples and the property
// tests exercise exactly what settlement writes.
//
// Every contract claims its rate on its whole team's base plus its carry-in (never below zero).
// The contracts form trees: a contract sits under the contract of its holder's nearest ancestor in
// the team tree holding one in the same window, whoever gave it, so a contract whose giver's own
// contract ended, or whose holder moved, still comes out of the budget of the contract whose team
// it is in. A tree's root may pay out at most its own claim; every contract passes down to the
// contracts under it their claims, pro rata when its own budget cannot cover them all, and keeps
// the rest. So the total paid in a tree is never more than its top agent's claim, no agent is paid
// more than its own rate on its own team, and an upline is paid its gross less what the contracts
// in its branches are actually paid.

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
  /**
   * The contract this one sits under: the one its holder's nearest ancestor (agent_tree, the tree
   * as it is now) holds in this window, reached through that ancestor's direct downline
   * `directId` (the holder itself or an ancestor of it); null at the top of a tree.
   */
  parent: { id: number; directId: number } | null;
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
  /** The rate the branch's direct downline reached on its own team when it holds a contract (else 0). */
  downlineRatePpm: number;
  /** The holder's rate on the line's base (0 for a losing branch left out, netting off). */
  gross: number;
  /** What the contracts in the branch that sit under the holder's were paid, with theirs. */
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
  /** What the contracts under this one were paid (each with the contracts under it). */
  downlinePaid: number;
  /**
   * What the cap withheld from this contract's claim: what its upline's budget could not cover
   * and, netting off, what lies above its rate on its whole team's base.
   */
  capped: number;
  amount: number;
  carryOut: number;
  lines: Line[];
};

export type ComputeOptions = {
  /**
   * Dividends: a branch holding contracts under this one whose base is negative is netted against
   * the holder's other branches (true, the default), or left out of the holder's gross and carry,
   * borne by those contracts' carries alone (false). Either way a contract is paid at most its
   * rate on its whole team's base plus its carry, so a tree never more than its top's.
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
 * period, each naming the contract it sits under.
 */
export function computeWindow(
  kind: ContractKind,
  contracts: WindowContract[],
  branches: Map<number, Branch[]>,
  opts: ComputeOptions,
): Map<number, Computed> {
  const dividend = kind === 'dividend';
  const byId = new Map(contracts.map((c) => [c.id, c]));
  /** Per contract: the contracts under it, by the direct downline whose branch holds each. */
  const under = new Map<number, Map<number, WindowContract[]>>();
  const roots: WindowContract[] = [];
  for (const c of contracts) {
    if (!c.parent || !byId.has(c.parent.id)) {
      roots.push(c);
      continue;
    }
    const byDirect = under.get(c.parent.id) ?? new Map<number, WindowContract[]>();
    under.set(c.parent.id, byDirect);
    byDirect.set(c.parent.directId, [...(byDirect.get(c.parent.directId) ?? []), c]);
  }
  const out = new Map<number, Computed>();
  /** max(0, gross + carry in): what the contract's own figures entitle it to. */
  const claim = new Map<number, number>();
  /** What it asks of its parent's budget: its claim, never above its rate on its whole team plus its carry. */
  const ask = new Map<number, number>();
  /** Per contract: its line for each direct downline's branch that holds contracts under it. */
  const linesByDirect = new Map<number, Map<number, Line>>();

  // Each contract's own figures, lines and claim.
  for (const c of contracts) {
    const bs = branches.get(c.id) ?? [];
    const team = sum(bs);
    const rate = tierRate(c.tiers, team.validBets, team.active);
    const baseOf = (b: { validBets: number; netLoss: number }) => BigInt(dividend ? b.netLoss : b.validBets);
    const holding = under.get(c.id);
    const lines: Line[] = [];
    const byDirect = new Map<number, Line>();
    const rest: Branch[] = [];
    /** The rate on the whole team's base: the gross with every branch netted. */
    let whole = 0;
    for (const b of bs) {
      if (!holding?.has(b.directId)) {
        rest.push(b);
        continue;
      }
      const full = floorPpm(BigInt(rate) * baseOf(b));
      whole += full;
      const gross = dividend && !opts.netLosingBranches && b.netLoss < 0 ? 0 : full;
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
      byDirect.set(b.directId, line);
    }
    if (rest.length > 0 || lines.length === 0) {
      const r = sum(rest);
      const gross = floorPpm(BigInt(rate) * baseOf(r));
      whole += gross;
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
    linesByDirect.set(c.id, byDirect);
    claim.set(c.id, Math.max(0, net));
    ask.set(c.id, Math.min(Math.max(0, net), Math.max(0, whole + carryIn)));
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

  // Budgets from each root down, pro rata when short; each holder keeps the rest. A contract
  // under a branch without figures has none either: its ask is 0 and it has no line to show.
  const allot = (c: WindowContract, budget: number): number => {
    const r = out.get(c.id) as Computed;
    r.capped = (claim.get(c.id) as number) - budget;
    const children = [...(under.get(c.id)?.entries() ?? [])].flatMap(([directId, list]) =>
      list.map((child) => ({ directId, child })),
    );
    const asks = children.map(({ child }) => ask.get(child.id) as number);
    const total = asks.reduce((s, x) => s + x, 0);
    const lines = linesByDirect.get(c.id) as Map<number, Line>;
    let paidBelow = 0;
    children.forEach(({ directId, child }, n) => {
      const want = asks[n] as number;
      const given = total <= budget ? want : Number((BigInt(budget) * BigInt(want)) / BigInt(total));
      const paid = allot(child, given);
      paidBelow += paid;
      const line = lines.get(directId);
      if (!line) return;
      if (child.holderId === directId) line.downlineRatePpm = (out.get(child.id) as Computed).ratePpm;
      line.branchPaid += paid;
      line.amount = line.gross - line.branchPaid;
    });
    r.downlinePaid = paidBelow;
    r.amount = budget - paidBelow;
    return budget;
  };
  for (const c of roots) allot(c, ask.get(c.id) as number);
  return out;
}
