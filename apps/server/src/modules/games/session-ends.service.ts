import { GAME_SESSION_HOURS } from '@gamehall/shared/api/games';
import { TRADER_ROUTES, TraderSessionEndsAnswer } from '@gamehall/shared/api/sportsbook-trader';
import type { AppContext } from '../../context';
import { invalidationConcerns } from '../../realtime/event-bus';
import { type TraderTarget, traderCall } from '../sportsbook/sportsbook-client';
import { dueSessionEnds, giveUpSessionEnds, markSessionEndsSent } from './launch.queries';

// A revoked member session ends the game sessions it launched (migration 0121): the wallet refuses
// their tokens at once, and this push tells the house studio, which refuses them too and closes
// their sockets (a card table's socket carries the player's own cards). The studio's answer is the
// same for a repeat, so a batch sent twice (an answer lost, two job runs) does no harm; a batch
// that fails waits for the next run.

/** Tokens per request (the studio takes at most 500). */
const BATCH = 200;
const PUSH_TIMEOUT_MS = 10_000;

export type SessionEndsRun = { sent: number; known: number; failed: number };

export async function pushSessionEnds(
  ctx: AppContext,
  target: TraderTarget,
  budgetMs = 2_000,
): Promise<SessionEndsRun> {
  const until = Date.now() + budgetMs;
  const run: SessionEndsRun = { sent: 0, known: 0, failed: 0 };
  const since = new Date(ctx.now().getTime() - GAME_SESSION_HOURS * 3_600_000);
  // Each run, not only after a delivery: a studio down for hours must not leave them due for good.
  await giveUpSessionEnds(ctx.db, since, ctx.now());
  while (Date.now() < until) {
    const due = await dueSessionEnds(ctx.db, since, BATCH);
    if (due.length === 0) break;
    try {
      const answer = await traderCall(
        target,
        {
          method: 'POST',
          path: TRADER_ROUTES.sessionEnds,
          body: { tokenHashes: due.map((d) => d.token_hash) },
          timeoutMs: PUSH_TIMEOUT_MS,
        },
        TraderSessionEndsAnswer,
      );
      run.known += answer.known;
    } catch {
      run.failed += due.length;
      break;
    }
    await markSessionEndsSent(
      ctx.db,
      due.map((d) => Number(d.id)),
      ctx.now(),
    );
    run.sent += due.length;
    if (due.length < BATCH) break;
  }
  return run;
}

/**
 * Pushes at once when a member's sessions change (the sessions trigger's invalidation, from any
 * node), so a revoked device's game sockets close within moments rather than at the scheduler's
 * next tick; the job stays the fallback. One push at a time: a change during a push runs another.
 */
export async function watchSessionEnds(ctx: AppContext, target: TraderTarget): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  let again = false;
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pushSessionEnds(ctx, target).catch(() => undefined);
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  };
  const stop = await ctx.events.watchInvalidations((payload) => {
    if (invalidationConcerns(payload) !== 'nobody') kick();
  });
  return async () => {
    stop();
    await running;
  };
}
