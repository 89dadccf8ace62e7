import type { Job } from '../../scheduler/scheduler';
import { sendDueBroadcasts } from './broadcasts.service';

/** Scheduled broadcasts go out when their time comes. */
export const broadcastsJob: Job = {
  name: 'messages.broadcasts',
  everyMs: 60_000,
  run: (ctx) => sendDueBroadcasts(ctx),
};
