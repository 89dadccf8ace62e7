import type { StudioDb } from '../../kit/db/database';
import type { SbBetStatus } from '../../kit/db/schema';

// What the pages read of the bets: their rows, their legs with the markets and events as they are
// now, and their corrections.

/** A bet's columns as views.ts BetRow holds them. */
export const BET_COLUMNS = [
  'studio_sb_bets.id',
  'studio_sb_bets.bet_id',
  'studio_sb_bets.kind',
  'studio_sb_bets.size',
  'studio_sb_bets.combinations',
  'studio_sb_bets.stake',
  'studio_sb_bets.open_stake',
  'studio_sb_bets.odds1000',
  'studio_sb_bets.potential_payout',
  'studio_sb_bets.status',
  'studio_sb_bets.refusal',
  'studio_sb_bets.payout',
  'studio_sb_bets.cashed_out',
  'studio_sb_bets.auto_cashout',
  'studio_sb_bets.created_at',
  'studio_sb_bets.settled_at',
  'studio_sb_bets.in_play',
  'studio_sb_bets.player',
  'studio_sb_bets.vendor',
  'studio_sb_bets.mode',
  'studio_sb_bets.game_code',
] as const;

/** A correction's move's columns (studio_sb_moves, kind 'fix') as views.ts FixRow holds them. */
export const FIX_COLUMNS = ['amount', 'status', 'taken', 'uncollected', 'reason', 'created_at'] as const;

export function betRowsByIds(db: StudioDb, ids: number[]) {
  return db.selectFrom('studio_sb_bets').select(BET_COLUMNS).where('id', 'in', ids).execute();
}

/**
 * A player's bets of one game code and mode in these statuses, newest first: at most `limit`, those
 * before the bet `beforeId` when given.
 */
export function playerBetRows(
  db: StudioDb,
  who: { vendor: string; player: string; mode: 'real' | 'trial'; gameCode: string },
  statuses: SbBetStatus[],
  beforeId: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('studio_sb_bets')
    .select(BET_COLUMNS)
    .where('vendor', '=', who.vendor)
    .where('player', '=', who.player)
    .where('mode', '=', who.mode)
    .where('game_code', '=', who.gameCode)
    .where('status', 'in', statuses);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The legs of some bets with their markets and events as they are now, by bet and leg. */
export function legRowsOf(db: StudioDb, betIds: number[]) {
  return db
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
    .innerJoin('studio_sb_events', 'studio_sb_events.id', 'studio_sb_legs.event_id')
    .select([
      'studio_sb_legs.bet_id',
      'studio_sb_legs.leg_no',
      'studio_sb_legs.event_id',
      'studio_sb_legs.selection',
      'studio_sb_legs.odds1000',
      'studio_sb_legs.outcome',
      'studio_sb_markets.key as market_key',
      'studio_sb_markets.type as market_type',
      'studio_sb_markets.period as market_period',
      'studio_sb_markets.line4 as market_line4',
      'studio_sb_markets.status as market_status',
      'studio_sb_markets.odds as market_odds',
      'studio_sb_events.sport',
      'studio_sb_events.league_id',
      'studio_sb_events.home',
      'studio_sb_events.away',
      'studio_sb_events.starts_at',
      'studio_sb_events.status as event_status',
      'studio_sb_events.state',
      'studio_sb_events.result',
    ])
    .where('studio_sb_legs.bet_id', 'in', betIds)
    .orderBy('studio_sb_legs.bet_id')
    .orderBy('studio_sb_legs.leg_no')
    .execute();
}

/** The corrections of some bets, in the order they were made. */
export function fixRowsOf(db: StudioDb, betIds: number[]) {
  return db
    .selectFrom('studio_sb_moves')
    .select(['bet_id', ...FIX_COLUMNS])
    .where('bet_id', 'in', betIds)
    .where('kind', '=', 'fix')
    .orderBy('id')
    .execute();
}
