import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { type Job, periodOf, runDue, startScheduler } from './scheduler';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
function countingJob(everyMs = 60_000, work: () => Promise<void> = async () => {}) {
  const job: Job & { runs: number } = {
    name: `test.job.${++counter}`,
    everyMs,
    runs: 0,
    run: async () => {
      job.runs++;
      await work();
    },
  };
  return job;
}

describe('scheduler', () => {
  it('cuts time into periods', () => {
    const job = countingJob(60_000);
    expect(periodOf(job, new Date('2026-01-01T10:05:59.999Z')).toISOString()).toBe('2026-01-01T10:05:00.000Z');
  });

  it('runs each period once and the next period again', async () => {
    const job = countingJob(60_000);
    expect(await runDue(t.ctx, job)).toBe(true);
    expect(await runDue(t.ctx, job)).toBe(false);
    expect(job.runs).toBe(1);
    t.advance(60_000);
    expect(await runDue(t.ctx, job)).toBe(true);
    expect(job.runs).toBe(2);
    // Periods older than a day are forgotten.
    t.advance(25 * 3600_000);
    await runDue(t.ctx, job);
    const rows = await t.ctx.db.selectFrom('job_runs').select('period_start').where('name', '=', job.name).execute();
    expect(rows).toHaveLength(1);
  });

  it('does not record a period whose run failed, so the next tick retries it', async () => {
    let fail = true;
    const job = countingJob(60_000, async () => {
      if (fail) throw new Error('boom');
    });
    await expect(runDue(t.ctx, job)).rejects.toThrow('boom');
    fail = false;
    expect(await runDue(t.ctx, job)).toBe(true);
    expect(job.runs).toBe(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, concurrent nodes run a period once (advisory lock)',
    { tags: ['postgres'] },
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const job = countingJob(60_000, () => gate);
      const first = runDue(t.ctx, job);
      // Give the first caller time to take the lock, then race it from "another node".
      await new Promise((r) => setTimeout(r, 100));
      const others = await Promise.all([runDue(t.ctx, job), runDue(t.ctx, job)]);
      expect(others).toEqual([false, false]);
      release();
      expect(await first).toBe(true);
      expect(await runDue(t.ctx, job)).toBe(false);
      expect(job.runs).toBe(1);
    },
  );

  it('runs due jobs on a timer, logs failures and stops cleanly', async () => {
    const job = countingJob(3_600_000);
    const failing: Job = {
      name: `test.failing.${++counter}`,
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('job failed');
      },
    };
    const errors: string[] = [];
    const scheduler = startScheduler(t.ctx, [failing, job], { tickMs: 20, log: (_err, name) => errors.push(name) });
    // Until both have run (a loaded machine can take longer than a few ticks), then a few ticks more:
    // the hourly job must not run again in them.
    for (let waited = 0; (job.runs === 0 || errors.length === 0) && waited < 20_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 200));
    await scheduler.stop();
    expect(job.runs).toBe(1);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((n) => n === failing.name)).toBe(true);
  });
});
