import type {
  TeamBetsValue,
  TeamLossValue,
  TeamOverview,
  TeamPeriodFigures,
  TeamRoundsValue,
  TeamTransactionsValue,
} from '@gamehall/shared/api/agents';
import { toMajor } from '@gamehall/shared/money';
import { pageCounts } from '../../http/paging';
import { ngrFigures } from './net-revenue.presenter';
import type {
  BetGroupRow,
  BetTotals,
  Deductions,
  LossBranchRow,
  LossRow,
  RoundRow,
  TransactionRow,
} from './team.queries';
import type { Overview, PeriodFigures } from './team.service';

type Page = { pageNo: number; pageSize: number };

function presentPeriod(f: PeriodFigures): TeamPeriodFigures {
  return {
    from: f.from,
    to: f.to,
    newMembers: f.newMembers,
    activeMembers: f.activeMembers,
    firstDepositors: f.firstDepositors,
    depositCount: f.depositCount,
    deposits: toMajor(f.deposits),
    withdrawalCount: f.withdrawalCount,
    withdrawals: toMajor(f.withdrawals),
    rounds: f.rounds,
    validBets: toMajor(f.validBets),
    wins: toMajor(f.wins),
    profitLoss: toMajor(f.wins - f.validBets),
  };
}

export function presentOverview(o: Overview): TeamOverview {
  return {
    teamSize: o.teamSize,
    directDownlines: o.directDownlines,
    subAgents: o.subAgents,
    current: presentPeriod(o.current),
    previous: presentPeriod(o.previous),
    asOf: o.asOf ? o.asOf.toISOString() : null,
    currency: o.currency,
    timeZone: o.timeZone,
  };
}

function betFigures(f: BetTotals) {
  return {
    rounds: f.rounds,
    validBets: toMajor(f.valid_bets),
    wins: toMajor(f.wins),
    profitLoss: toMajor(f.wins - f.valid_bets),
  };
}

export function presentBets(
  r: { rows: BetGroupRow[]; total: number; totals: BetTotals; from: string; to: string },
  page: Page,
): TeamBetsValue {
  return {
    content: r.rows.map((row) => ({ key: row.key, name: row.name, ...betFigures(row) })),
    ...pageCounts(r.total, page),
    from: r.from,
    to: r.to,
    totals: betFigures(r.totals),
  };
}

export function presentRounds(
  r: { rows: RoundRow[]; total: number; totals: BetTotals; from: string; to: string },
  page: Page,
): TeamRoundsValue {
  return {
    content: r.rows.map((row) => ({
      id: row.id,
      roundId: row.round_id,
      memberId: row.member_id,
      username: row.username,
      vendorCode: row.vendor_code,
      gameType: row.game_type,
      gameCode: row.game_code,
      gameName: row.game_name,
      validBet: toMajor(row.bet_amount),
      win: toMajor(row.win_amount),
      profitLoss: toMajor(row.win_amount - row.bet_amount),
      closedAt: row.closed_at.toISOString(),
    })),
    ...pageCounts(r.total, page),
    from: r.from,
    to: r.to,
    totals: betFigures(r.totals),
  };
}

type LossTotals = BetTotals & { deposits: number; withdrawals: number } & Deductions;
function lossFigures(f: LossTotals) {
  return {
    ...betFigures(f),
    deposits: toMajor(f.deposits),
    withdrawals: toMajor(f.withdrawals),
    ...ngrFigures(f.valid_bets, f.wins, f),
  };
}

export function presentLoss(
  r: {
    rows: LossRow[];
    total: number;
    totals: LossTotals;
    branches: LossBranchRow[];
    from: string;
    to: string;
    timeZone: string;
  },
  page: Page,
): TeamLossValue {
  return {
    content: r.rows.map((row) => ({
      memberId: row.member_id,
      username: row.username,
      level: row.depth,
      ...lossFigures(row),
    })),
    ...pageCounts(r.total, page),
    from: r.from,
    to: r.to,
    timeZone: r.timeZone,
    totals: lossFigures(r.totals),
    branches: r.branches.map((b) => ({
      downline: b.downline_id === null ? null : { id: b.downline_id, username: b.downline_username ?? '' },
      members: b.members,
      ...lossFigures(b),
    })),
  };
}

export function presentTransactions(
  r: {
    rows: TransactionRow[];
    total: number;
    kind: 'deposit' | 'withdrawal' | 'transfer';
    totals: { count: number; amount: number; completedCount: number; completedAmount: number };
    from: string;
    to: string;
    timeZone: string;
  },
  page: Page,
): TeamTransactionsValue {
  return {
    content: r.rows.map((row) => ({
      reference: row.reference,
      kind: r.kind,
      memberId: row.member_id,
      username: row.username,
      amount: toMajor(row.amount),
      status: row.status,
      detail: row.detail,
      counterparty: row.counterparty,
      createdAt: row.created_at.toISOString(),
    })),
    ...pageCounts(r.total, page),
    from: r.from,
    to: r.to,
    timeZone: r.timeZone,
    totals: {
      count: r.totals.count,
      amount: toMajor(r.totals.amount),
      completedCount: r.totals.completedCount,
      completedAmount: toMajor(r.totals.completedAmount),
    },
  };
}
