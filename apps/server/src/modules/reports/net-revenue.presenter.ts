import type { NgrFigures, NgrReport, NgrRows } from '@gamehall/shared/api/reports';
import { toMajor } from '@gamehall/shared/money';
import { presentGrid } from '../../http/paging';
import type { Figures, NgrReportResult, NgrRowsResult } from './net-revenue.service';

type Page = { pageNo: number; pageSize: number };

function presentFigures(f: Figures): NgrFigures {
  return {
    betAmount: toMajor(f.bet_amount),
    winAmount: toMajor(f.win_amount),
    ggr: toMajor(f.ggr),
    bonus: toMajor(f.bonus),
    rebate: toMajor(f.rebate),
    mission: toMajor(f.mission),
    ticket: toMajor(f.ticket),
    referral: toMajor(f.referral),
    vip: toMajor(f.vip),
    points: toMajor(f.points),
    manual: toMajor(f.manual),
    commission: toMajor(f.commission),
    providerFee: toMajor(f.provider_fee),
    paymentFee: toMajor(f.payment_fee),
    deductions: toMajor(f.deductions),
    ngr: toMajor(f.ngr),
  };
}

export function presentNgrReport(r: NgrReportResult, page: Page): NgrReport {
  return {
    ...presentGrid(r, page, (row) => ({
      key: row.key,
      label: row.label,
      vendorCode: row.vendor_code,
      gameType: row.game_type,
      gameCode: row.game_code,
      memberId: row.member_id,
      ...presentFigures(row.figures),
    })),
    totals: presentFigures(r.totals),
    timeZone: r.timeZone,
    notByGame: r.notByGame ? presentFigures(r.notByGame) : null,
    refreshedAt: r.refreshedAt ? new Date(r.refreshedAt).toISOString() : null,
  };
}

export function presentNgrRows(r: NgrRowsResult, page: Page): NgrRows {
  return {
    kind: r.kind,
    timeZone: r.timeZone,
    ...presentGrid(r, page, (row) => ({
      id: row.id,
      at: row.at,
      memberId: row.member_id,
      username: row.username,
      what: row.what,
      reference: row.reference,
      base: row.base === null ? null : toMajor(row.base),
      ratePpm: row.rate_ppm,
      amount: toMajor(row.amount),
    })),
  };
}
