import type { AppContext } from '../../context';
import type { Job } from '../../scheduler/scheduler';
import { verifyLedger } from './ledger.service';
import { insertCheck, pruneChecks } from './ledger-checks.queries';
import { verifyPointsLedger } from './points-ledger.service';

/** Checks are kept a week: the metrics read the newest, an operator may look back a few days. */
const KEEP_CHECKS_MS = 7 * 24 * 3600_000;

/**
 * Both ledgers' invariants (what `npm run ledger:verify` checks), every hour, once across the fleet,
 * on PostgreSQL, on the read pool when there is one: the check sums every entry, so it runs where it does not
 * slow down players' postings. Its result is recorded for the metrics (ledger.metrics.ts), which
 * alert on a failed or a stale check; `npm run ledger:verify` then names each violation.
 */
export const ledgerCheckJob: Job = {
  name: 'ledger.check',
  everyMs: 3600_000,
  // Not on the embedded database: its one connection would hold every request while the check sums
  // the whole ledger (on the demo's data a browser test waited past a minute for a deposit). There
  // `npm run ledger:verify` checks it, with the server stopped (docs/operations.md "Backups").
  run: (ctx) => (ctx.database.kind === 'postgres' ? checkLedgers(ctx) : Promise.resolve()),
};

export async function checkLedgers(ctx: AppContext): Promise<void> {
  const read = ctx.readDb ?? ctx.db;
  const checks = [
    { ledger: 'money' as const, verify: () => verifyLedger(read) },
    { ledger: 'points' as const, verify: () => verifyPointsLedger(read) },
  ];
  for (const { ledger, verify } of checks) {
    const started = Date.now();
    // A check that cannot finish (the replica cancelled it, the database went away) is a failed
    // check, recorded as one: thrown, the scheduler would run the whole check again at its next tick.
    const outcome = await verify().then(
      (report) => ({ ok: report.ok, violations: report.violations.length, error: null }),
      (err: unknown) => ({
        ok: false,
        violations: 0,
        error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      }),
    );
    await insertCheck(ctx.db, { ledger, at: ctx.now(), durationMs: Date.now() - started, ...outcome });
  }
  await pruneChecks(ctx.db, new Date(ctx.now().getTime() - KEEP_CHECKS_MS));
}
