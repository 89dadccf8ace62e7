import type { Db } from '../../db/database';
import {
  type BatchOutcome,
  callInOneStatement,
  callsInOneStatement,
  type OneStatementCall,
  type OneStatementOutcome,
} from './vendor-gateway.queries';

// Group commit for vendor calls (issue 17), as the wallet's posting batcher does for lone postings:
// a bet or a win is one statement in its own implicit transaction (vendor_bet / vendor_win,
// migration 0055), so concurrent calls can share one transaction. Calls queue, and on the next turn
// of the event loop a free slot (MAX_IN_FLIGHT) takes up to MAX_BATCH of them as one
// vendor_call_batch statement. A call that arrives when a slot is free goes on the next turn,
// alone, so a quiet server adds next to no delay; under load the batches grow by themselves.
//
// Each call gets the outcome it would have alone, and what it wrote is committed when its promise
// settles. A call the batch found busy (another transaction holds its round or transaction id)
// runs alone and waits for that lock there. If the batch fails as a whole (an error in one call, a
// lost connection), nothing of it was written and each call runs alone, so only the call at fault
// fails. A retry after an unknown commit finds its transaction id and answers the first answer.
// PostgreSQL only: the embedded database runs one statement at a time anyway.
const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 2;

type Job = {
  call: OneStatementCall;
  resolve: (outcome: OneStatementOutcome) => void;
  reject: (error: unknown) => void;
};

export type CallBatcherStats = { batches: number; calls: number; largest: number; fallbacks: number; busy: number };

class VendorCallBatcher {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private scheduled = false;
  readonly stats: CallBatcherStats = { batches: 0, calls: 0, largest: 0, fallbacks: 0, busy: 0 };

  constructor(private readonly db: Db) {}

  submit(call: OneStatementCall): Promise<OneStatementOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      this.schedule();
    });
  }

  // Formed on the next turn of the event loop, so the calls the answers of one batch set off in the
  // same turn travel together (posting-batcher.ts measured why).
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const share = Math.ceil(this.queue.length / (MAX_IN_FLIGHT - this.inFlight));
      const jobs = this.queue.splice(0, Math.min(MAX_BATCH, share));
      this.inFlight++;
      void this.run(jobs).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async alone(job: Job) {
    try {
      job.resolve(await callInOneStatement(this.db, job.call));
    } catch (e) {
      job.reject(e);
    }
  }

  private async run(jobs: Job[]) {
    this.stats.batches++;
    this.stats.calls += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    if (jobs.length === 1) return this.alone(jobs[0] as Job);
    let outcomes: BatchOutcome[];
    try {
      outcomes = await callsInOneStatement(
        this.db,
        jobs.map((job) => job.call),
      );
    } catch {
      this.stats.fallbacks++;
      await Promise.all(jobs.map((job) => this.alone(job)));
      return;
    }
    const busy: Job[] = [];
    jobs.forEach((job, i) => {
      const outcome = outcomes[i] as BatchOutcome;
      if (outcome.outcome === 'busy') busy.push(job);
      else job.resolve({ ...outcome, outcome: outcome.outcome });
    });
    this.stats.busy += busy.length;
    // They wait for the lock alone, without holding this slot.
    for (const job of busy) void this.alone(job);
  }
}

const batchers = new WeakMap<Db, VendorCallBatcher>();

/** The call batcher of this database handle (one per handle, made on first use). */
export function vendorCallBatcher(db: Db): VendorCallBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new VendorCallBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

/** How the batcher of this handle has batched so far (tests and diagnostics). */
export function callBatcherStats(db: Db): CallBatcherStats {
  const batcher = batchers.get(db);
  return batcher ? { ...batcher.stats } : { batches: 0, calls: 0, largest: 0, fallbacks: 0, busy: 0 };
}
