import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The agents among the members (types 1, 2, 41, 42; spec §3), for the team overview's sub-agent
// count: its one scan of the agent's agent_tree range probes this small set instead of every member
// (bench/agents.ts, docs/benchmarks.md "Agent centre at scale").
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'CREATE INDEX agent_members_agents ON members (id) WHERE type IN (1, 2, 41, 42);');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP INDEX agent_members_agents;');
}
