import type { Job } from '../../scheduler/scheduler';
import { runAutomaticRebates } from './rebates.service';

// docs/vip.md "Jobs": automatic mode pays once per member and brand day from the brand hour on.
export const rebatesJob: Job = {
  name: 'rebates.automatic',
  everyMs: 60_000,
  run: (ctx) => runAutomaticRebates(ctx),
};
