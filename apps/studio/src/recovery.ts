import { recoverLottery } from './casino/lottery';
import { type RecoveryCounts, recoverRounds } from './casino/rounds';
import type { RoundDeps } from './kit/deps';

export type RecoveryPass = RecoveryCounts & { lottery: Awaited<ReturnType<typeof recoverLottery>> };

/** One pass over every kind of owed work: rounds, then lottery draws and tickets. */
export async function recoverAll(deps: RoundDeps, abandonAfterMs: number): Promise<RecoveryPass> {
  const rounds = await recoverRounds(deps, { abandonAfterMs });
  return { ...rounds, lottery: await recoverLottery(deps) };
}

// The in-process retry loop: wins that were not delivered, bets without an answer (rolled back) and
// abandoned free-spin rounds (auto-completed). It runs a first pass at start (work left by a previous
// process) and then every `intervalMs`; each row carries its own backoff (next_attempt_at), and a
// claim on the row keeps two nodes from delivering the same round at once (the wallet API's
// idempotency on transactionId makes a repeat harmless anyway).

export type RecoveryLoop = { stop: () => Promise<void>; runOnce: () => Promise<RecoveryPass> };

export function startRecoveryLoop(
  deps: RoundDeps,
  options: { intervalMs: number; abandonAfterMs: number },
): RecoveryLoop {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const runOnce = () => {
    const pass = running.then(() => recoverAll(deps, options.abandonAfterMs));
    running = pass.catch((err) => deps.log.warn({ err }, 'studio: recovery pass failed'));
    return pass;
  };
  const timer = setInterval(() => {
    if (!stopped) void runOnce().catch(() => undefined);
  }, options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
