import type { AppContext } from '../../context';
import { fieldErrors } from '../../http/errors';
import * as rebates from '../rebates/rebates.service';

// The back office's rebate report: rebates accrued and paid per brand day. Apart from the VIP
// service because the rebates service reads VIP's settings (vip.service.ts) and would otherwise
// form a cycle with it.

const MAX_REPORT_DAYS = 92;

/** The report's days must be real dates, in order, at most 92 of them. */
export async function rebateReport(ctx: AppContext, from: string, to: string) {
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(f) || new Date(f).toISOString().slice(0, 10) !== from) throw fieldErrors({ from: 'INVALID' });
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== to) throw fieldErrors({ to: 'INVALID' });
  if (t < f || (t - f) / 86_400_000 + 1 > MAX_REPORT_DAYS) throw fieldErrors({ to: 'INVALID' });
  return rebates.reportByDay(ctx, from, to);
}
