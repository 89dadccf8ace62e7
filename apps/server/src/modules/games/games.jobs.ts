import type { Job } from '../../scheduler/scheduler';
import { endDueMaintenance } from './games-setup.service';
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

/**
 * Ends each vendor maintenance whose announced end has passed (vendors.maintenance_until): the
 * vendor goes back to active, so what players were told holds within a minute.
 */
export const vendorMaintenanceEndJob: Job = {
  name: 'games.vendor-maintenance-end',
  everyMs: 60_000,
  run: (ctx) => endDueMaintenance(ctx),
};
