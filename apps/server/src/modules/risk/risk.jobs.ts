import type { Job } from '../../scheduler/scheduler';
import { runBackfill } from './risk.service';

/** The links backfill an operator started (docs/risk.md "Backfill"): a few batches each turn, while one runs. */
export const riskBackfillJob: Job = {
  name: 'risk.backfill',
  everyMs: 5_000,
  run: (ctx) => runBackfill(ctx),
};
