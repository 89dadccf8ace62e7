import { type Kysely, sql } from 'kysely';

// Agent pay never exceeds the top contract (docs/agents.md "Multi-level pay"). A statement now
// says what its downline branches were actually paid and what the upline's cap withheld, and each
// line keeps its own gross beside the branch's pay; the base is net gaming revenue, so statements
// and lines keep the wins and the deductions it was reduced by. A contract can take over the open
// carry of an ended contract between the same two agents (brand setting), named by carry_from.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE contract_statements
      ADD COLUMN wins bigint NOT NULL DEFAULT 0,
      ADD COLUMN deductions jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN downline_paid bigint NOT NULL DEFAULT 0,
      ADD COLUMN capped bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`
    ALTER TABLE contract_statement_lines
      ADD COLUMN wins bigint NOT NULL DEFAULT 0,
      ADD COLUMN deductions jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN gross bigint NOT NULL DEFAULT 0,
      ADD COLUMN branch_paid bigint NOT NULL DEFAULT 0`.execute(db);
  // Lines written before this had no separate gross: their amount was the line's whole share.
  await sql`UPDATE contract_statement_lines SET gross = amount`.execute(db);
  await sql`ALTER TABLE contracts ADD COLUMN carry_from bigint REFERENCES contracts(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contracts DROP COLUMN carry_from`.execute(db);
  await sql`
    ALTER TABLE contract_statement_lines
      DROP COLUMN wins, DROP COLUMN deductions, DROP COLUMN gross, DROP COLUMN branch_paid`.execute(db);
  await sql`
    ALTER TABLE contract_statements
      DROP COLUMN wins, DROP COLUMN deductions, DROP COLUMN downline_paid, DROP COLUMN capped`.execute(db);
}
