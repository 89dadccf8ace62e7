import type { RebatePayout, RebateReportValue, RebateSummaryValue } from '@gamehall/shared/api/vip';
import { toMajor } from '@gamehall/shared/money';
import type { PayoutRow, rebateReport, summary } from './rebates.service';
import type { RebateLine } from './rebates.tables';

function presentLine(l: RebateLine) {
  return { gameType: l.gameType, validBet: toMajor(l.validBet), ratePpm: l.ratePpm, amount: toMajor(l.amount) };
}

export function presentSummary(s: Awaited<ReturnType<typeof summary>>): RebateSummaryValue {
  return {
    mode: s.mode,
    payoutHour: s.payoutHour,
    timeZone: s.timeZone,
    accrued: toMajor(s.accrued),
    validBet: toMajor(s.validBet),
    lines: s.lines.map(presentLine),
    lastPaidAt: s.lastPaidAt ? s.lastPaidAt.toISOString() : null,
  };
}

export function presentPayout(p: {
  id: number;
  mode: 'automatic' | 'manual';
  amount: number;
  validBet: number;
  lines: RebateLine[];
  createdAt: Date;
}): RebatePayout {
  return {
    id: p.id,
    mode: p.mode,
    amount: toMajor(p.amount),
    validBet: toMajor(p.validBet),
    lines: p.lines.map(presentLine),
    createdAt: p.createdAt.toISOString(),
  };
}

export function presentPayoutRow(r: PayoutRow): RebatePayout {
  const lines = typeof r.lines === 'string' ? (JSON.parse(r.lines) as RebateLine[]) : r.lines;
  return presentPayout({
    id: r.id,
    mode: r.mode,
    amount: Number(r.amount),
    validBet: Number(r.valid_bet),
    lines,
    createdAt: new Date(r.created_at),
  });
}

/** The back office's rebate report (money in major units). */
export function presentReport(r: Awaited<ReturnType<typeof rebateReport>>): RebateReportValue {
  return {
    timeZone: r.timeZone,
    days: r.days.map((d) => ({
      day: d.day,
      accrued: toMajor(d.accrued),
      validBet: toMajor(d.validBet),
      paid: toMajor(d.paid),
      payouts: d.payouts,
    })),
  };
}
