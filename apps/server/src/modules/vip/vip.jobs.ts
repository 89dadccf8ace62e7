import type { Job } from '../../scheduler/scheduler';
import { runBirthdayBonuses, runMonthlyReview } from './vip.service';

// docs/vip.md "Jobs". Each is idempotent on its own (one row per member and period), so the period
// here only says how soon after the month's or the day's start the work is picked up.
export const vipJobs: Job[] = [
  { name: 'vip.monthly-review', everyMs: 10 * 60_000, run: (ctx) => runMonthlyReview(ctx) },
  { name: 'vip.birthday-bonus', everyMs: 10 * 60_000, run: (ctx) => runBirthdayBonuses(ctx) },
];
