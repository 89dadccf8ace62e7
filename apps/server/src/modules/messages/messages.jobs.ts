import type { Job } from '../../scheduler/scheduler';
import { sendDueBroadcasts } from './broadcasts.service';
import { sendDueCampaigns } from './campaigns.service';

/** Scheduled broadcasts go out when their time comes. */
export const broadcastsJob: Job = {
  name: 'messages.broadcasts',
  everyMs: 60_000,
  run: (ctx) => sendDueBroadcasts(ctx),
};

/** Scheduled campaigns go out when their time comes, each once (campaigns.service sendDueCampaigns). */
export const campaignsJob: Job = {
  name: 'messages.campaigns',
  everyMs: 60_000,
  run: (ctx) => sendDueCampaigns(ctx),
};
