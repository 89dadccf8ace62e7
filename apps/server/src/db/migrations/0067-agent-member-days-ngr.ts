import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The agents' dividend base is net gaming revenue (docs/agents.md "Figures"): each
// member's day keeps what the house paid the member in cash by category and the fees, computed by
// the same query as the settlement (modules/agents/member-revenue.sql.ts), so the user loss statements
// show the base broken down. Zero for days computed before; the job recomputes recent days.
const COLUMNS = [
  'd_bonus',
  'd_rebate',
  'd_mission',
  'd_ticket',
  'd_referral',
  'd_vip',
  'd_points',
  'd_manual',
  'd_provider_fee',
  'd_payment_fee',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    COLUMNS.map((c) => `ALTER TABLE agent_member_days ADD COLUMN ${c} bigint NOT NULL DEFAULT 0;`).join('\n'),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, COLUMNS.map((c) => `ALTER TABLE agent_member_days DROP COLUMN ${c};`).join('\n'));
}
