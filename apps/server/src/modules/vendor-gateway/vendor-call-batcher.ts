import { inAmbientTransactionOf } from '../../db/ambient-transaction';
import type { Db } from '../../db/database';
import { HOUSE_SHARDS } from '../ledger/ledger.service';
import {
  type BatchOutcome,
  callInOneStatement,
  callsInOneStatement,
  type OneStatementCall,
  type OneStatementOutcome,
} from './vendor-gateway.queries';

// Group commit for vendor calls, as the ledger's posting batcher does for lone postings:
// a bet or a win is one statement in its own implicit transaction (vendor_bet / vendor_win,
// migration 0055), so concurrent calls can share one transaction. Calls queue in LANES lanes by
// their member (member id mod LANES), and on the next turn of the event loop each lane with no
// batch in flight sends up to MAX_BATCH of its calls as one vendor_call_batch statement. The wallet
// books a member's postings on house shard member id mod HOUSE_SHARDS, and LANES divides
// HOUSE_SHARDS, so each house shard row belongs to one lane: batches in flight never wait on each
// other's rows (measured: with one queue, two batches in flight shared shard rows and PostgreSQL's
// work ran on one backend at a time), and a member's calls never race each other across lanes.
// Few lanes make large batches: one transaction, one commit and one statement for many calls is
// what makes a call cheap for PostgreSQL (bench/vendor.ts, 64 players, a pool of 10: with a lane per
// shard row, 16 lanes, batches held 2-3 calls and a call cost PostgreSQL 0.63-0.76 ms of CPU; with
// two lanes, 15 calls and 0.38-0.43 ms). A call that arrives when its lane is free goes on the next
// turn, alone, so a quiet server adds next to no delay; under load the batches grow by themselves.
//
// Each call gets the outcome it would have alone, and what it wrote is committed when its promise
// settles. A call the batch found busy (another transaction holds its round or transaction id)
// runs alone and waits for that lock there. If the batch fails as a whole (an error in one call, a
// lost connection), nothing of it was written and each call runs alone, so only the call at fault
// fails. A retry after an unknown commit finds its transaction id and answers the first answer.
// PostgreSQL only: the embedded database runs one statement at a time anyway.
const MAX_BATCH = 64;
// Two batches in flight at most, PostgreSQL running one while Node gathers the other's calls; the
// pool must hold LANES connections beside the other requests' (production's default is 10).
const LANES = 2;
if (HOUSE_SHARDS % LANES !== 0) throw new Error('vendor call lanes must divide the house shards');

type Job = {
  call: OneStatementCall;
  resolve: (outcome: OneStatementOutcome) => void;
  reject: (error: unknown) => void;
};

export type CallBatcherStats = { batches: number; calls: number; largest: number; fallbacks: number; busy: number };

function laneOf(call: OneStatementCall): number {
  return call.memberId % LANES;
}

class VendorCallBatcher {
  private readonly lanes = new Map<number, { queue: Job[]; inFlight: boolean }>();
  private scheduled = false;
  readonly stats: CallBatcherStats = { batches: 0, calls: 0, largest: 0, fallbacks: 0, busy: 0 };

  constructor(private readonly db: Db) {}

  submit(call: OneStatementCall): Promise<OneStatementOutcome> {
    // Inside an ambient transaction (db/ambient-transaction.ts) the call belongs to that transaction;
    // a batch would carry other callers' calls into it.
    if (inAmbientTransactionOf(this.db)) return callInOneStatement(this.db, call);
    return new Promise((resolve, reject) => {
      const key = laneOf(call);
      let lane = this.lanes.get(key);
      if (!lane) {
        lane = { queue: [], inFlight: false };
        this.lanes.set(key, lane);
      }
      lane.queue.push({ call, resolve, reject });
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
    for (const lane of this.lanes.values()) {
      if (lane.inFlight || lane.queue.length === 0) continue;
      const jobs = lane.queue.splice(0, MAX_BATCH);
      lane.inFlight = true;
      void this.run(jobs).finally(() => {
        lane.inFlight = false;
        if (lane.queue.length > 0) this.schedule();
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
