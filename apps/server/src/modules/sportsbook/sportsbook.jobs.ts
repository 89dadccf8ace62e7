import type { Job } from '../../scheduler/scheduler';
import { pushRiskFactors, pushTarget } from './risk-factor.service';

// A book that is down fails every run until it is back: the failure is kept on the rows
// (sportsbook_risk_pushes.attempts, last_error), not written to the log each turn.
const quiet = { warn: () => {} };

/** The risk factors due to the sportsbook (docs/sportsbook.md "Risk level"), a few batches each turn. */
export const riskFactorPushJob: Job = {
  name: 'sportsbook.riskFactors',
  everyMs: 5_000,
  run: (ctx) => pushRiskFactors(ctx, pushTarget(ctx, quiet)),
};
