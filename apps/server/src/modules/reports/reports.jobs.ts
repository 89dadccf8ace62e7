import type { Job } from '../../scheduler/scheduler';
import { refreshRollups } from './reports.service';

/**
 * The dashboard's and reports' daily rollups: today and yesterday passed over every two minutes
 * (recomputed when anything they read changed since the last pass, and hourly), days never
 * computed filled in. Each period runs once across nodes (scheduler advisory lock) and each day's
 * refresh holds its own lock, so nothing is counted twice.
 */
export const reportRollupsJob: Job = {
  name: 'reports.daily-rollups',
  everyMs: 120_000,
  run: (ctx) => refreshRollups(ctx),
};
