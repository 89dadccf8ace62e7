import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// An operator's deliberate hold on a held statement (docs/agents.md "Holding"): a held
// statement with a row here is kept back with the operator's note, and a release (one or many)
// refuses it (STATEMENT_ON_HOLD) until an operator takes the hold off. One row per statement.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE contract_statement_holds (
      statement_id bigint PRIMARY KEY REFERENCES contract_statements(id),
      note text NOT NULL,
      held_by bigint NOT NULL REFERENCES members(id),
      held_at timestamptz NOT NULL
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE contract_statement_holds;');
}
