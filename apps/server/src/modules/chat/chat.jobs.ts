import type { Job } from '../../scheduler/scheduler';
import { notifyUnseenAnswers } from './chat.service';

/** An operator's answer the member has not read within a minute becomes a system message. */
export const unseenAnswersJob: Job = {
  name: 'chat.unseen-answers',
  everyMs: 30_000,
  run: (ctx) => notifyUnseenAnswers(ctx),
};
