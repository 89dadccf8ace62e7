import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The ledgers' scheduled invariant checks (ledger.jobs.ts): each run's result, so every node's
// metrics report the fleet's last check, whichever node ran it, and a restarted node does not
// forget it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ledger_checks (
      id bigserial PRIMARY KEY,
      ledger text NOT NULL CHECK (ledger IN ('money', 'points')),
      at timestamptz NOT NULL DEFAULT now(),
      ok boolean NOT NULL,
      violations integer NOT NULL CHECK (violations >= 0),
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      -- Why the check could not run to its end (ok is then false, violations 0).
      error text
    );
    CREATE INDEX ledger_checks_ledger ON ledger_checks (ledger, id DESC);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE ledger_checks;');
}
