import { describe, expect, it } from 'vitest';
import type { StoredTier } from './contracts.tables';
import { type Branch, computeWindow, type WindowContract } from './settlement.compute';

// The worked examples of docs/agents.md "Multi-level pay", figure for figure (minor units: 10000
// is 100.00). A is the top agent (member 1), D its contracted direct downline (member 2); D's
// team hangs under member 2, A's other direct members are member 9.

const flat = (ratePpm: number): StoredTier[] => [{ minValidBet: 0, minActiveMembers: 0, ratePpm }];
const A = (tiers: StoredTier[], carry = 0): WindowContract => ({ id: 1, holderId: 1, parent: null, tiers, carry });
const D = (tiers: StoredTier[], carry = 0): WindowContract => ({
  id: 2,
  holderId: 2,
  parent: { id: 1, directId: 2 },
  tiers,
  carry,
});
const branch = (directId: number, validBets: number, netLoss: number): Branch => ({
  directId,
  validBets,
  wins: validBets - netLoss,
  netLoss,
  deductions: {},
  active: 1,
});
/** A's branches: D's (D itself plays nothing, so it equals D's team) and its other direct members. */
const figures = (dTeam: { vb: number; nl: number }, rest: { vb: number; nl: number } | null) =>
  new Map<number, Branch[]>([
    [1, [branch(2, dTeam.vb, dTeam.nl), ...(rest ? [branch(9, rest.vb, rest.nl)] : [])]],
    [2, [branch(3, dTeam.vb, dTeam.nl)]],
  ]);
const net = { netLosingBranches: true };

describe('worked examples (docs/agents.md)', () => {
  it('1. a winning sub-branch is netted: A is paid on the whole team, D carries its own loss', () => {
    // D's team won 100.00 (base -100.00), A's other members lost 300.00: the team's base is +200.00.
    const r = computeWindow(
      'dividend',
      [A(flat(300_000)), D(flat(250_000))],
      figures({ vb: 50_000, nl: -10_000 }, { vb: 60_000, nl: 30_000 }),
      net,
    );
    expect(r.get(1)).toMatchObject({ gross: 6000, downlinePaid: 0, capped: 0, amount: 6000, carryOut: 0 });
    expect(r.get(2)).toMatchObject({ gross: -2500, amount: 0, carryOut: -2500 });
    // The next period D's team loses 100.00: D's carry takes it all, A is paid 30% of it.
    const next = computeWindow(
      'dividend',
      [A(flat(300_000)), D(flat(250_000), -2500)],
      figures({ vb: 40_000, nl: 10_000 }, null),
      net,
    );
    expect(next.get(2)).toMatchObject({ gross: 2500, carryIn: -2500, amount: 0, carryOut: 0 });
    expect(next.get(1)).toMatchObject({ gross: 3000, downlinePaid: 0, amount: 3000 });
    // Two periods, team base 300.00 in all: 90.00 paid, A's 30% of it and not a cent more.
  });

  it('1b. with netting off, the losing branch is left out of A and carried by D alone, but A is paid no more than 30% of the team', () => {
    const off = { netLosingBranches: false };
    // The same period: A's gross leaves D's branch out (90.00), yet its whole team's base is 200.00.
    const r = computeWindow(
      'dividend',
      [A(flat(300_000)), D(flat(250_000))],
      figures({ vb: 50_000, nl: -10_000 }, { vb: 60_000, nl: 30_000 }),
      off,
    );
    expect(r.get(1)).toMatchObject({ gross: 9000, capped: 3000, amount: 6000, carryOut: 0 });
    expect(r.get(1)?.lines).toMatchObject([
      { downlineId: null, gross: 9000 },
      { downlineId: 2, gross: 0, branchPaid: 0 },
    ]);
    expect(r.get(2)).toMatchObject({ amount: 0, carryOut: -2500 });
    // Where it differs: A's other members lose only 50.00, so the team's base is -50.00. Netted, A
    // carries -15.00; off, A's gross (15.00) is withheld and A carries nothing.
    const losing = figures({ vb: 50_000, nl: -10_000 }, { vb: 60_000, nl: 5_000 });
    const on1 = computeWindow('dividend', [A(flat(300_000)), D(flat(250_000))], losing, net);
    expect(on1.get(1)).toMatchObject({ gross: -1500, amount: 0, carryOut: -1500 });
    const off1 = computeWindow('dividend', [A(flat(300_000)), D(flat(250_000))], losing, off);
    expect(off1.get(1)).toMatchObject({ gross: 1500, capped: 1500, amount: 0, carryOut: 0 });
    expect(off1.get(2)).toMatchObject({ amount: 0, carryOut: -2500 });
    // Next period D's team loses 100.00: D's carry takes its 25.00; A is paid 15.00 netted (two
    // periods, base 50.00: 30%), 30.00 off (30% of the second period's 100.00).
    const second = figures({ vb: 40_000, nl: 10_000 }, null);
    const on2 = computeWindow('dividend', [A(flat(300_000), -1500), D(flat(250_000), -2500)], second, net);
    expect(on2.get(1)).toMatchObject({ gross: 3000, amount: 1500, carryOut: 0 });
    expect(on2.get(2)).toMatchObject({ amount: 0, carryOut: 0 });
    const off2 = computeWindow('dividend', [A(flat(300_000)), D(flat(250_000), -2500)], second, off);
    expect(off2.get(1)).toMatchObject({ gross: 3000, amount: 3000, carryOut: 0 });
    expect(off2.get(2)).toMatchObject({ amount: 0, carryOut: 0 });
  });

  it('2. a losing sub-branch: D is paid its share out of A, never more than A could be paid', () => {
    // Uncapped: D's team lost 100.00, A's other members 100.00: A 60.00 gross, D 25.00, A 35.00.
    const r = computeWindow(
      'dividend',
      [A(flat(300_000)), D(flat(250_000))],
      figures({ vb: 50_000, nl: 10_000 }, { vb: 50_000, nl: 10_000 }),
      net,
    );
    expect(r.get(2)).toMatchObject({ gross: 2500, amount: 2500, capped: 0 });
    expect(r.get(1)).toMatchObject({ gross: 6000, downlinePaid: 2500, amount: 3500 });
    expect(r.get(1)?.lines).toMatchObject([
      { downlineId: null, gross: 3000, branchPaid: 0, amount: 3000 },
      { downlineId: 2, gross: 3000, branchPaid: 2500, downlineRatePpm: 250_000, amount: 500 },
    ]);
    // Capped: the same branch, but A's other members won 200.00, so the team's base is -100.00.
    // Nobody is paid; A carries its 30% of the loss; D's 25.00 is withheld, not owed.
    const capped = computeWindow(
      'dividend',
      [A(flat(300_000)), D(flat(250_000))],
      figures({ vb: 50_000, nl: 10_000 }, { vb: 50_000, nl: -20_000 }),
      net,
    );
    expect(capped.get(1)).toMatchObject({ gross: -3000, amount: 0, downlinePaid: 0, carryOut: -3000 });
    expect(capped.get(2)).toMatchObject({ gross: 2500, capped: 2500, amount: 0, carryOut: 0 });
    // A's carry in the next period caps D again until A's team has made it good.
    const after = computeWindow(
      'dividend',
      [A(flat(300_000), -3000), D(flat(250_000))],
      figures({ vb: 50_000, nl: 20_000 }, null),
      net,
    );
    expect(after.get(1)).toMatchObject({ gross: 6000, carryIn: -3000, downlinePaid: 3000, amount: 0 });
    expect(after.get(2)).toMatchObject({ gross: 5000, capped: 2000, amount: 3000 });
  });

  it('3. tiers not reached: A reaches only its lower tier, and D is paid within it', () => {
    // Daily salary. A: 0.5% from 0, 1% from 10,000.00 of team valid bets; D: 0.8% flat.
    const tiersA = [
      { minValidBet: 0, minActiveMembers: 0, ratePpm: 5_000 },
      { minValidBet: 1_000_000, minActiveMembers: 0, ratePpm: 10_000 },
    ];
    const r = computeWindow(
      'daily_salary',
      [A(tiersA), D(flat(8_000))],
      figures({ vb: 500_000, nl: 0 }, { vb: 100_000, nl: 0 }),
      net,
    );
    // Team valid bets 6,000.00: A's rate is 0.5%, 30.00; D claims 40.00 and gets the 30.00.
    expect(r.get(1)).toMatchObject({ ratePpm: 5_000, gross: 3000, downlinePaid: 3000, amount: 0 });
    expect(r.get(2)).toMatchObject({ ratePpm: 8_000, gross: 4000, capped: 1000, amount: 3000 });
    // With 10,000.00 the upper tier is reached: A 100.00, D 64.00 (its team's 8,000.00), A 36.00.
    const reached = computeWindow(
      'daily_salary',
      [A(tiersA), D(flat(8_000))],
      figures({ vb: 800_000, nl: 0 }, { vb: 200_000, nl: 0 }),
      net,
    );
    expect(reached.get(1)).toMatchObject({ ratePpm: 10_000, gross: 10_000, downlinePaid: 6400, amount: 3600 });
    expect(reached.get(2)).toMatchObject({ gross: 6400, capped: 0, amount: 6400 });
  });

  it('shares a short budget pro rata between two downlines, the upper agent keeping the remainder', () => {
    // A 30% on a team base of 100.00 = 30.00; D1 and D2 (25%) claim 25.00 and 12.50 on 100.00 and 50.00.
    const contracts: WindowContract[] = [
      A(flat(300_000)),
      D(flat(250_000)),
      { id: 3, holderId: 4, parent: { id: 1, directId: 4 }, tiers: flat(250_000), carry: 0 },
    ];
    const r = computeWindow(
      'dividend',
      contracts,
      new Map<number, Branch[]>([
        [1, [branch(2, 50_000, 10_000), branch(4, 30_000, 5_000), branch(9, 40_000, -5_000)]],
        [2, [branch(3, 50_000, 10_000)]],
        [3, [branch(5, 30_000, 5_000)]],
      ]),
      net,
    );
    expect(r.get(2)).toMatchObject({ gross: 2500, capped: 500, amount: 2000 });
    expect(r.get(3)).toMatchObject({ gross: 1250, capped: 250, amount: 1000 });
    expect(r.get(1)).toMatchObject({ gross: 3000, downlinePaid: 3000, amount: 0 });
  });
});
