import type { Job } from '../../scheduler/scheduler';
import { refreshPopularity } from './popularity.service';

/**
 * The games' recent players and HOT tags (popularity.service.ts), every ten minutes: rounds of
 * three days barely move in ten minutes, and each run that changes a figure rebuilds every node's
 * catalogue copy.
 */
export const gamePopularityJob: Job = {
  name: 'games.popularity',
  everyMs: 600_000,
  run: (ctx) => refreshPopularity(ctx),
};
