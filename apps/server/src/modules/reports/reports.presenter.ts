import type {
  CashierReport,
  Dashboard as DashboardValue,
  GamesReport,
  PaymentFeePayouts,
  PaymentFees,
  RegistrationsReport,
} from '@gamehall/shared/api/reports';
import { toMajor } from '@gamehall/shared/money';
import { presentGrid } from '../../http/paging';
import type { CashierReportRow, RegistrationRow } from './reports.queries';
import type {
  cashierReport,
  Dashboard,
  gamesReport,
  paymentFeePayouts,
  paymentFees,
  registrationsReport,
} from './reports.service';

type Page = { pageNo: number; pageSize: number };
type Figures = Dashboard['todayFigures'];

function presentFigures(f: Figures) {
  return {
    registrations: f.registrations,
    firstDepositors: f.firstDepositors,
    depositOrders: f.depositOrders,
    depositAmount: toMajor(f.depositAmount),
    withdrawalOrders: f.withdrawalOrders,
    withdrawalAmount: toMajor(f.withdrawalAmount),
    rounds: f.rounds,
    betAmount: toMajor(f.betAmount),
    winAmount: toMajor(f.winAmount),
    ggr: toMajor(f.ggr),
    activePlayers: f.activePlayers,
    ngrGgr: toMajor(f.ngrGgr),
    deductions: toMajor(f.deductions),
    ngr: toMajor(f.ngr),
  };
}

export function presentDashboard(d: Dashboard): DashboardValue {
  return {
    timeZone: d.timeZone,
    today: d.today,
    refreshedAt: d.refreshedAt ? new Date(d.refreshedAt).toISOString() : null,
    todayFigures: presentFigures(d.todayFigures),
    last30Days: presentFigures(d.last30Days),
    daily: d.daily.map(({ day, ...f }) => ({ day, ...presentFigures(f) })),
    onlineNow: d.onlineNow,
    pending: {
      deposits: d.pending.deposits,
      withdrawals: d.pending.withdrawals,
      bankAccounts: d.pending.bank_accounts,
    },
    liabilities: d.liabilities
      ? {
          bonus: toMajor(d.liabilities.bonus),
          bonusMembers: d.liabilities.bonusMembers,
          points: d.liabilities.points,
          pointsValue: toMajor(d.liabilities.pointsValue),
          pointsMembers: d.liabilities.pointsMembers,
          refreshedAt: new Date(d.liabilities.refreshedAt).toISOString(),
        }
      : null,
  };
}

type GamesResult = Awaited<ReturnType<typeof gamesReport>>;

function presentGameFigures(f: GamesResult['totals']) {
  return {
    rounds: f.rounds,
    betAmount: toMajor(f.bet_amount),
    winAmount: toMajor(f.win_amount),
    ggr: toMajor(f.ggr),
    rtp: f.rtp,
    uniquePlayers: f.unique_players,
  };
}

export function presentGamesReport(r: GamesResult, page: Page): GamesReport {
  return {
    ...presentGrid(r, page, (row) => ({
      key: row.key,
      vendorCode: row.vendor_code,
      gameType: row.game_type,
      gameCode: row.game_code,
      gameName: row.name,
      ...presentGameFigures(row),
    })),
    totals: presentGameFigures(r.totals),
  };
}

type Adjustments = { count: number; credits: number; debits: number } | null;

function presentCashierFigures(r: CashierReportRow, adjustments: Adjustments) {
  return {
    depositOrders: r.deposit_orders,
    depositAmount: toMajor(r.deposit_amount),
    withdrawalOrders: r.withdrawal_orders,
    withdrawalAmount: toMajor(r.withdrawal_amount),
    net: toMajor(r.deposit_amount - r.withdrawal_amount),
    adjustmentCount: adjustments?.count ?? null,
    adjustmentCredits: adjustments ? toMajor(adjustments.credits) : null,
    adjustmentDebits: adjustments ? toMajor(adjustments.debits) : null,
  };
}

const NO_CASHIER: CashierReportRow = {
  key: 'total',
  method_code: null,
  method_name: null,
  deposit_orders: 0,
  deposit_amount: 0,
  withdrawal_orders: 0,
  withdrawal_amount: 0,
};

export function presentCashierReport(r: Awaited<ReturnType<typeof cashierReport>>, page: Page): CashierReport {
  return {
    ...presentGrid(r, page, (row) => ({
      key: row.key,
      methodCode: row.method_code,
      methodName: row.method_name,
      ...presentCashierFigures(row, row.adjustments),
    })),
    totals: presentCashierFigures(r.totals ?? NO_CASHIER, r.adjustments),
  };
}

function presentRegistrationRow(row: RegistrationRow) {
  return {
    key: row.key,
    registrations: row.registrations,
    firstDepositors: row.first_depositors,
    firstDepositAmount: toMajor(row.first_deposit_amount),
  };
}

export function presentRegistrationsReport(
  r: Awaited<ReturnType<typeof registrationsReport>>,
  page: Page,
): RegistrationsReport {
  return {
    ...presentGrid(r, page, presentRegistrationRow),
    cohorts: r.cohorts.map((c) => ({
      week: c.week,
      registrations: c.registrations,
      firstDepositors: c.firstDepositors,
      byWeek: c.byWeek,
    })),
  };
}

export function presentPaymentFees(r: Awaited<ReturnType<typeof paymentFees>>): PaymentFees {
  const figures = (x: { payouts: number; payoutFees: number; rateFees: number | null }) => ({
    payouts: x.payouts,
    payoutFees: toMajor(x.payoutFees),
    rateFees: x.rateFees === null ? null : toMajor(x.rateFees),
    paymentFees: toMajor(x.payoutFees + (x.rateFees ?? 0)),
  });
  return {
    list: r.rows.map((row) => ({
      key: row.key,
      accountId: row.accountId,
      accountLabel: row.accountLabel,
      ...figures(row),
    })),
    totals: figures(r.totals),
  };
}

export function presentPaymentFeePayouts(
  r: Awaited<ReturnType<typeof paymentFeePayouts>>,
  page: Page,
): PaymentFeePayouts {
  return {
    list: r.rows.map((x) => ({
      reference: x.reference,
      memberId: x.memberId,
      username: x.username,
      amount: toMajor(x.amount),
      fee: toMajor(x.fee),
      paidAt: x.paidAt.toISOString(),
      accountId: x.accountId,
      accountLabel: x.label,
      payoutReference: x.payoutReference,
    })),
    total: r.total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
