import { inAmbientTransactionOf } from '../../db/ambient-transaction';
import type { Db } from '../../db/database';
import {
  type LedgerPostEntry,
  type LedgerPostHead,
  type LedgerPostOutcome,
  postLedger,
  postLedgerBatch,
} from './ledger.queries';

// Group commit for ledger.postAlone (the ledger benchmark). A posting that is its unit of work's only
// write needs no transaction of its own, so concurrent ones can share one: postings queue, and on
// the next turn of the event loop a free slot (MAX_IN_FLIGHT) takes up to MAX_BATCH of them as one
// ledger_post_batch call (migration 0012). A posting that arrives when a slot is free goes on the
// next turn, alone, so a quiet server adds next to no delay; under load the batches grow by
// themselves.
//
// Every caller still gets its own outcome (posted, replayed, conflict, insufficient) and its
// posting is committed when its promise settles. If the batch fails as a whole (an error in one
// posting, a lost connection), nothing of it was written and each posting is tried again alone, so
// only the posting at fault fails. A retry after an unknown commit (connection lost during COMMIT)
// finds its key and answers the first result, as any retry of a posting does.
//
// Two batches at once: one PostgreSQL backend runs a batch while Node prepares the next; a batch
// locks its accounts in code order before posting, so the two cannot deadlock.
const MAX_BATCH = 128;
const MAX_IN_FLIGHT = 2;

type Job = {
  head: LedgerPostHead;
  entries: LedgerPostEntry[];
  resolve: (outcome: LedgerPostOutcome) => void;
  reject: (error: unknown) => void;
};

export type BatcherStats = { batches: number; postings: number; largest: number; fallbacks: number };

class PostingBatcher {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private scheduled = false;
  readonly stats: BatcherStats = { batches: 0, postings: 0, largest: 0, fallbacks: 0 };

  constructor(
    private readonly db: Db,
    private readonly channel: string,
  ) {}

  submit(head: LedgerPostHead, entries: LedgerPostEntry[]): Promise<LedgerPostOutcome> {
    // Inside an ambient transaction (an operator's action, db/ambient-transaction.ts) the posting is
    // part of that transaction; a batch would carry other callers' postings into it.
    if (inAmbientTransactionOf(this.db)) return postLedger(this.db, { ...head, channel: this.channel }, entries);
    return new Promise((resolve, reject) => {
      this.queue.push({ head, entries, resolve, reject });
      this.schedule();
    });
  }

  // Batches are formed on the next turn of the event loop, not at once: when a batch answers, its
  // callers' next postings are submitted by the continuations of that same turn, and forming the
  // next batch at the first of them would send it nearly empty (measured: 8.6 postings a batch at
  // 64 clients, against about 30 when formed after the turn). A lone posting waits one turn.
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
      // With both slots free, half each: PostgreSQL posts one batch while Node prepares the other.
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
      job.resolve(await postLedger(this.db, { ...job.head, channel: this.channel }, job.entries));
    } catch (e) {
      job.reject(e);
    }
  }

  private async run(jobs: Job[]) {
    this.stats.batches++;
    this.stats.postings += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    if (jobs.length === 1) return this.alone(jobs[0] as Job);
    let outcomes: LedgerPostOutcome[];
    try {
      outcomes = await postLedgerBatch(this.db, this.channel, jobs);
    } catch {
      this.stats.fallbacks++;
      await Promise.all(jobs.map((job) => this.alone(job)));
      return;
    }
    jobs.forEach((job, i) => {
      job.resolve(outcomes[i] as LedgerPostOutcome);
    });
  }
}

const batchers = new WeakMap<Db, PostingBatcher>();

/** The batcher of this database handle (one per handle, made on first use). */
export function postingBatcher(db: Db, channel: string): PostingBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PostingBatcher(db, channel);
    batchers.set(db, batcher);
  }
  return batcher;
}

/** How the batcher of this handle has batched so far (tests and diagnostics). */
export function batcherStats(db: Db): BatcherStats {
  const batcher = batchers.get(db);
  return batcher ? { ...batcher.stats } : { batches: 0, postings: 0, largest: 0, fallbacks: 0 };
}
