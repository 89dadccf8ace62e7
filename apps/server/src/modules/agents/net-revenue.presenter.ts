import type { NgrFigures } from '@gamehall/shared/api/agents';
import type { StatementBase, StatementBreakdown } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import { pageCounts } from '../../http/paging';
import { DEDUCTION_COLUMNS, DEDUCTION_NAMES } from './member-revenue.sql';
import type { teamRevenue } from './net-revenue.queries';

/** GGR, each deduction and NGR in major units, from minor-unit figures (NGR computed in minor units). */
export function ngrFigures(
  validBets: number,
  wins: number,
  d: Record<(typeof DEDUCTION_COLUMNS)[number], number>,
): NgrFigures {
  let ngr = validBets - wins;
  const deductions = {} as NgrFigures['deductions'];
  for (const c of DEDUCTION_COLUMNS) {
    ngr -= d[c];
    deductions[DEDUCTION_NAMES[c]] = toMajor(d[c]);
  }
  return { ggr: toMajor(validBets - wins), deductions, ngr: toMajor(ngr) };
}

type Figures = Record<'valid_bets' | 'wins' | (typeof DEDUCTION_COLUMNS)[number], number>;

function base(f: Figures): StatementBase {
  return { validBets: toMajor(f.valid_bets), wins: toMajor(f.wins), ...ngrFigures(f.valid_bets, f.wins, f) };
}

/** A statement's base per branch and per member (net-revenue.queries.ts teamRevenue). */
export function presentBreakdown(
  r: Awaited<ReturnType<typeof teamRevenue>>,
  page: { pageNo: number; pageSize: number },
): StatementBreakdown {
  const totals = Object.fromEntries(
    (['valid_bets', 'wins', ...DEDUCTION_COLUMNS] as const).map((c) => [c, r.branches.reduce((n, b) => n + b[c], 0)]),
  ) as Figures;
  return {
    branches: r.branches.map((b) => ({
      downline: { id: b.branch_id, username: b.branch_username },
      members: b.members,
      ...base(b),
    })),
    members: {
      content: r.members.map((m) => ({
        member: { id: m.member_id, username: m.username },
        level: m.level,
        branch: { id: m.branch_id, username: m.branch_username },
        ...base(m),
      })),
      ...pageCounts(r.memberCount, page),
    },
    totals: base(totals),
  };
}
