import type { AdminVipValue, RebateReportValue } from '@gamehall/shared/api/vip';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { fieldErrors } from '../../http/errors';
import * as rebates from '../rebates/rebates.service';
import type * as vip from '../vip/vip.service';
import { presentLevel } from '../vip/vip.views';

const MAX_REPORT_DAYS = 92;

export function presentOverview(o: Awaited<ReturnType<typeof vip.adminOverview>>): AdminVipValue {
  return { levels: o.levels.map(presentLevel), settings: o.settings };
}

/** The report's days must be real dates, in order, at most 92 of them. */
export async function rebateReport(ctx: AppContext, from: string, to: string) {
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(f) || new Date(f).toISOString().slice(0, 10) !== from) throw fieldErrors({ from: 'INVALID' });
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== to) throw fieldErrors({ to: 'INVALID' });
  if (t < f || (t - f) / 86_400_000 + 1 > MAX_REPORT_DAYS) throw fieldErrors({ to: 'INVALID' });
  return rebates.reportByDay(ctx, from, to);
}

export function presentReport(r: Awaited<ReturnType<typeof rebates.reportByDay>>): RebateReportValue {
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
