import type { Job } from '../../scheduler/scheduler';
import { pushTarget } from '../sportsbook/risk-factor.service';
import { runDueSyncs } from './catalogue-sync.service';
import { endDueMaintenance } from './games-setup.service';
import { refreshPopularity } from './popularity.service';
import { pushSessionEnds } from './session-ends.service';

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

// A house studio that is down fails every run until it is back; the rows wait, unlogged.
const quiet = { warn: () => {} };

/**
 * Tells the house studio of the game sessions whose member session was revoked (session-ends.service.ts),
 * every two seconds: until it hears, a revoked device's card table socket keeps showing its cards.
 */
export const sessionEndsJob: Job = {
  name: 'games.sessionEnds',
  everyMs: 2_000,
  run: (ctx) => pushSessionEnds(ctx, pushTarget(ctx, quiet)),
};

/**
 * The catalogue syncs an integration's schedule has made due (catalogue-sync.service.ts), looked for
 * every ten minutes: the schedules are hours long, and each sync asks the provider for its list.
 */
export const catalogueSyncJob: Job = {
  name: 'games.catalogue-sync',
  everyMs: 600_000,
  run: (ctx) => runDueSyncs(ctx),
};
