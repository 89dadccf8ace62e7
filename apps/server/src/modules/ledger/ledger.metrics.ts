import { eventCounter, eventHistogram } from '../../event-metrics';
import type { GaugeSource } from '../../http/metrics';
import { latestChecks } from './ledger-checks.queries';

// The ledger's figures for the operations team (docs/operations.md "Metrics"), in prom-client's
// global registry: the node's scrape gathers them beside its request figures.

export type PostingResultLabel = 'posted' | 'replayed' | 'refused' | 'conflict';

const postings = eventCounter({
  name: 'gamehall_ledger_postings_total',
  help:
    "Postings answered by the ledger's functions, by result: posted, replayed (a repeated key), refused " +
    '(insufficient funds), conflict (a repeated key with other details). Counted when answered, inside the ' +
    "caller's transaction: one that rolls back later, or runs again after a deadlock, counts too. A vendor " +
    "bet or win posted inside the wallet's one statement is counted in gamehall_vendor_calls_total only.",
  labelNames: ['result'],
});

const postingSeconds = eventHistogram({
  name: 'gamehall_ledger_posting_duration_seconds',
  help: "Time to post: one posting alone (group commit included), one inside its caller's transaction, or a batch",
  labelNames: ['mode'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

export function countPosting(result: PostingResultLabel, n = 1): void {
  postings.inc({ result }, n);
}

/** Times one ledger call, refused or not (a refusal costs the same round trip). */
export async function timePosting<T>(mode: 'alone' | 'transaction' | 'batch', work: () => Promise<T>): Promise<T> {
  const end = postingSeconds.startTimer({ mode });
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * The newest scheduled check of each ledger (ledger.jobs.ts), whichever node ran it: whether it
 * passed, how many violations it found, and how long ago it ran. No series before a first check.
 */
export const ledgerCheckGauges: GaugeSource = {
  label: 'ledger',
  gauges: [
    { name: 'gamehall_ledger_check_ok', help: "1 when the ledger's newest invariant check passed, else 0" },
    { name: 'gamehall_ledger_check_violations', help: "Violations the ledger's newest invariant check found" },
    { name: 'gamehall_ledger_check_age_seconds', help: "Seconds since the ledger's newest invariant check" },
  ],
  read: async (ctx) => {
    const now = ctx.now().getTime();
    return (await latestChecks(ctx.db)).map((row) => ({
      label: row.ledger,
      values: [row.ok ? 1 : 0, row.violations, Math.max(0, (now - new Date(row.at).getTime()) / 1000)],
    }));
  },
};
