import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The dividend base keeps goodwill credits apart from corrections (docs/agents.md "Figures"): each
// is a brand setting of its own, and an agent's statement names which one was charged to the team.
// d_manual keeps the corrections; d_goodwill is new. Days already computed keep both in d_manual
// (settled days are frozen as they were settled); the rollup splits every day it computes from now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE agent_member_days ADD COLUMN d_goodwill bigint NOT NULL DEFAULT 0;
    ALTER TABLE agent_member_late ADD COLUMN d_goodwill bigint NOT NULL DEFAULT 0;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    UPDATE agent_member_days SET d_manual = d_manual + d_goodwill WHERE d_goodwill <> 0;
    UPDATE agent_member_late SET d_manual = d_manual + d_goodwill WHERE d_goodwill <> 0;
    ALTER TABLE agent_member_days DROP COLUMN d_goodwill;
    ALTER TABLE agent_member_late DROP COLUMN d_goodwill;
    `,
  );
}
