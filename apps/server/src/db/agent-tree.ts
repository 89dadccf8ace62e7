import type { Conn } from './database';

/**
 * Whether `memberId` is in the team of `agentId`: any level below it in the closure of
 * members.upline_id (agent_tree, migration 0026), never the agent itself (depth 0).
 */
export async function isInTeam(db: Conn, agentId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('member_id', '=', memberId)
    .where('depth', '>=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
