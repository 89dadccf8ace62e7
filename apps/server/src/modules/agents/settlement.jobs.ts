import type { Job } from '../../scheduler/scheduler';
import { SETTLEMENT_GROUPS, settleContracts } from './settlement.service';

// The settlement jobs (spec §9: real-time salary every 5 minutes; docs/agents.md "Settlement").
// Each job checks more often than its windows end, so a window is paid within a tick or so of
// SETTLE_GRACE_MS after it ends; windows missed while the jobs were down are caught up.

function groupsOf(kinds: string[], periods?: string[]) {
  return SETTLEMENT_GROUPS.filter((g) => kinds.includes(g.kind) && (!periods || periods.includes(g.period)));
}

export const realtimeSalaryJob: Job = {
  name: 'contracts.realtime-salary',
  everyMs: 60_000,
  run: (ctx) => settleContracts(ctx, groupsOf(['realtime_salary'])),
};

export const hourlySalaryJob: Job = {
  name: 'contracts.hourly-salary',
  everyMs: 5 * 60_000,
  run: (ctx) => settleContracts(ctx, groupsOf(['hourly_salary'])),
};

export const dailySalaryJob: Job = {
  name: 'contracts.daily-salary',
  everyMs: 15 * 60_000,
  run: (ctx) => settleContracts(ctx, groupsOf(['daily_salary'])),
};

export const dividendJob: Job = {
  name: 'contracts.dividend',
  everyMs: 15 * 60_000,
  run: (ctx) => settleContracts(ctx, groupsOf(['dividend'])),
};

export const settlementJobs: Job[] = [realtimeSalaryJob, hourlySalaryJob, dailySalaryJob, dividendJob];
