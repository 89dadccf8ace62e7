import type { Conn } from '../../db/database';

// The round details' reads: a member's round with its vendor's integration, and the vendors set up
// to answer details (round-details.service.ts). vendor_rounds is written only by vendor-gateway.

export async function vendorsWithGamesApi(db: Conn, protocols: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('vendor_integrations')
    .select('vendor_code')
    .where('protocol', 'in', protocols as ('gamehall' | 'caleta' | 'evolution')[])
    .where('games_api', 'is not', null)
    .where('operator_private_key', 'is not', null)
    .execute();
  return rows.map((r) => r.vendor_code);
}

export function memberRoundSource(db: Conn, round: { memberId: number; vendor: string; roundId: string }) {
  return db
    .selectFrom('vendor_rounds as r')
    .innerJoin('vendor_integrations as i', 'i.vendor_code', 'r.vendor_code')
    .select(['i.protocol', 'i.games_api', 'i.operator_private_key'])
    .where('r.member_id', '=', round.memberId)
    .where('r.vendor_code', '=', round.vendor)
    .where('r.round_id', '=', round.roundId)
    .executeTakeFirst();
}
