import type { Job } from '../../scheduler/scheduler';
import { refreshAgentStats } from './agent-stats.service';

/**
 * The agent centre's daily figures (migration 0027): today and yesterday passed over every two
 * minutes (the members that changed since the last pass recomputed, the whole day hourly), days
 * never computed filled in. The team overview says how fresh they are (`asOf`).
 */
export const agentStatsJob: Job = {
  name: 'agents.daily-figures',
  everyMs: 120_000,
  run: (ctx) => refreshAgentStats(ctx),
};
