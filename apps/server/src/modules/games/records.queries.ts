import { type ExpressionBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { Database } from '../../db/schema';

// Betting records, game recall and profit and loss by game type read the rounds the
// vendor wallet API records (vendor_rounds, and the detail a vendor sent for a round in
// vendor_round_details; both written only by vendor-gateway).

export type RoundFilter = {
  memberId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  gameType?: string | undefined;
  vendor?: string | undefined;
  status?: 'open' | 'closed' | 'rolled_back' | undefined;
  nodeId?: number | undefined;
};

type Eb = ExpressionBuilder<Database & { r: Database['vendor_rounds'] }, 'r'>;

function where(eb: Eb, f: RoundFilter) {
  const list = [eb('r.member_id', '=', f.memberId)];
  if (f.from) list.push(eb('r.created_at', '>=', f.from));
  if (f.to) list.push(eb('r.created_at', '<', f.to));
  if (f.gameType) list.push(eb('r.game_type', '=', f.gameType));
  if (f.vendor) list.push(eb('r.vendor_code', '=', f.vendor));
  if (f.status) list.push(eb('r.status', '=', f.status));
  if (f.nodeId !== undefined) list.push(eb('r.node_id', '=', f.nodeId));
  return eb.and(list);
}

/**
 * Rounds newest first with the game's names (a round may name a game no longer in the catalogue)
 * and the round's detail when its vendor sent one.
 */
export function pageRounds(db: Conn, f: RoundFilter, page: { limit: number; offset: number }) {
  return db
    .selectFrom('vendor_rounds as r')
    .leftJoin('games as g', 'g.node_id', 'r.node_id')
    .leftJoin('vendor_round_details as d', (j) =>
      j.onRef('d.vendor_code', '=', 'r.vendor_code').onRef('d.round_id', '=', 'r.round_id'),
    )
    .select([
      'r.round_id',
      'r.node_id',
      'r.vendor_code',
      'r.game_code',
      'r.game_type',
      'r.bet_amount',
      'r.win_amount',
      'r.status',
      'r.created_at',
      'r.closed_at',
      'g.name',
      'g.names',
      'd.detail',
    ])
    .where((eb) => where(eb as unknown as Eb, f))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type RoundRow = Awaited<ReturnType<typeof pageRounds>>[number];

/** Count of the rounds and sums over the settled (closed) ones. */
export async function roundTotals(db: Conn, f: RoundFilter) {
  const row = await db
    .selectFrom('vendor_rounds as r')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      sql<string | number>`coalesce(sum(r.bet_amount) filter (where r.status = 'closed'), 0)`.as('bet'),
      sql<string | number>`coalesce(sum(r.win_amount) filter (where r.status = 'closed'), 0)`.as('win'),
    ])
    .where((eb) => where(eb as unknown as Eb, f))
    .executeTakeFirstOrThrow();
  return { total: Number(row.n), bet: Number(row.bet), win: Number(row.win) };
}

/** Settled rounds per game type: count, bets, wins. */
export function sumsByGameType(db: Conn, f: RoundFilter) {
  return db
    .selectFrom('vendor_rounds as r')
    .select((eb) => [
      'r.game_type',
      eb.fn.countAll<number | string>().as('rounds'),
      sql<string | number>`coalesce(sum(r.bet_amount), 0)`.as('bet'),
      sql<string | number>`coalesce(sum(r.win_amount), 0)`.as('win'),
    ])
    .where((eb) => where(eb as unknown as Eb, { ...f, status: 'closed' }))
    .groupBy('r.game_type')
    .orderBy('r.game_type')
    .execute();
}

/** The biggest settled wins since a time (winner board), newest first among equal wins. */
export function biggestWins(db: Conn, since: Date, limit: number) {
  return db
    .selectFrom('vendor_rounds as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .leftJoin('games as g', 'g.node_id', 'r.node_id')
    .select(['r.node_id', 'r.game_code', 'r.win_amount', 'r.created_at', 'm.username', 'g.name', 'g.names'])
    .where('r.win_amount', '>', 0)
    .where('r.status', '=', 'closed')
    .where('r.created_at', '>=', since)
    .orderBy('r.win_amount', 'desc')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
