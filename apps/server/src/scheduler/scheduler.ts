import type { AppContext } from '../context';
import { eventCounter, eventGauge, eventHistogram } from '../event-metrics';
import { inSpan } from '../http/trace-context';
import { markPeriodDone, periodDone, pruneRuns, withAdvisoryLock } from './scheduler.queries';

// How long finished periods are remembered (far longer than any node's clock skew or tick).
const KEEP_RUNS_MS = 24 * 3600_000;

// Scheduled jobs (architecture: "scheduled jobs take a pg_try_advisory_lock so each period is
// settled once"). Time is cut into periods of `everyMs`; each (job, period) runs at most once
// across every node: on PostgreSQL a node takes an advisory lock on the pair and records the
// finished period in job_runs, so another node skips it both while it runs and afterwards. On
// PGlite there is only one process, so the job just runs.

export type Job = {
  name: string;
  everyMs: number;
  run: (ctx: AppContext) => Promise<unknown>;
};

// Each job's runs on this node, for the operations team: a job that keeps failing, or that has not
// succeeded for longer than its period (ops/prometheus/alerts.yml). Only the node that ran a period
// counts it; across a fleet, the newest success is the highest of the nodes' figures.
const runs = eventCounter({
  name: 'gamehall_job_runs_total',
  help: 'Scheduled job runs on the node, by job_name and result (ok, failed)',
  labelNames: ['job_name', 'result'],
});
const runSeconds = eventHistogram({
  name: 'gamehall_job_duration_seconds',
  help: 'Time a scheduled job took to run, by job_name',
  labelNames: ['job_name'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
});
const lastSuccess = eventGauge({
  name: 'gamehall_job_last_success_timestamp_seconds',
  help: 'When a scheduled job last ran to its end on the node (Unix time), by job_name',
  labelNames: ['job_name'],
  aggregator: 'max',
});

// The label is job_name: Prometheus gives every series a `job` of its own (the scrape's).
async function timed(job_name: string, run: () => Promise<unknown>): Promise<void> {
  const end = runSeconds.startTimer({ job_name });
  try {
    await run();
    runs.inc({ job_name, result: 'ok' });
    lastSuccess.set({ job_name }, Date.now() / 1000);
  } catch (error) {
    runs.inc({ job_name, result: 'failed' });
    throw error;
  } finally {
    end();
  }
}

export function periodOf(job: Job, now: Date): Date {
  return new Date(Math.floor(now.getTime() / job.everyMs) * job.everyMs);
}

/** Runs the job's current period if nobody has; true when this call ran it. */
export async function runDue(ctx: AppContext, job: Job): Promise<boolean> {
  const period = periodOf(job, ctx.now());
  if (await periodDone(ctx.db, job.name, period)) return false;
  const work = async () => {
    // Checked again under the lock: another node may have finished it a moment ago.
    if (await periodDone(ctx.db, job.name, period)) return;
    // One trace per run (http/trace-context.ts), holding the job's statements and calls.
    await inSpan(`job ${job.name}`, { 'gamehall.job': job.name }, async () => {
      await timed(job.name, () => job.run(ctx));
      await markPeriodDone(ctx.db, job.name, period, ctx.now());
      await pruneRuns(ctx.db, job.name, new Date(period.getTime() - KEEP_RUNS_MS));
    });
  };
  if (ctx.database.kind !== 'postgres') {
    await work();
    return true;
  }
  return withAdvisoryLock(ctx.database.sessionDb, `job:${job.name}:${period.toISOString()}`, work);
}

export type Scheduler = { stop: () => Promise<void> };

/** Checks every job each `tickMs`; a failing job is logged and retried on the next tick. */
export function startScheduler(
  ctx: AppContext,
  jobs: Job[],
  options: { tickMs?: number; log?: (err: unknown, job: string) => void } = {},
): Scheduler {
  const tickMs = options.tickMs ?? 15_000;
  let busy: Promise<void> | undefined;
  let stopped = false;
  // A tick that is still busy makes the next one skip, so runs never pile up.
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = (async () => {
      for (const job of jobs) {
        if (stopped) return;
        try {
          await runDue(ctx, job);
        } catch (err) {
          options.log?.(err, job.name);
        }
      }
    })().finally(() => {
      busy = undefined;
    });
  }, tickMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await busy;
    },
  };
}
