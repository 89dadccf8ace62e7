import type { SelectExpression } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';

/** What a bet's round detail reads of its row (none for a bet that no longer exists). */
export function detailBetRow(db: StudioDb, betRowId: number) {
  return db
    .selectFrom('studio_sb_bets')
    .select([
      'id',
      'bet_id',
      'kind',
      'size',
      'combinations',
      'stake',
      'open_stake',
      'odds1000',
      'potential_payout',
      'status',
      'payout',
      'cashed_out',
      'in_play',
      'created_at',
      'settled_at',
    ])
    .where('id', '=', betRowId)
    .executeTakeFirst();
}

/** The league name of each of some events. */
export function leagueNamesOf(db: StudioDb, eventIds: string[]) {
  return db
    .selectFrom('studio_sb_events')
    .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
    .select(['studio_sb_events.id', 'studio_sb_leagues.name'])
    .where('studio_sb_events.id', 'in', eventIds)
    .execute();
}

/** A bet's corrections in order, with the columns the caller reads. */
export function correctionsOf<C extends SelectExpression<StudioDatabase, 'studio_sb_moves'>>(
  db: StudioDb,
  betRowId: number,
  columns: readonly C[],
) {
  return db
    .selectFrom('studio_sb_moves')
    .select(columns)
    .where('bet_id', '=', betRowId)
    .where('kind', '=', 'fix')
    .orderBy('id')
    .execute();
}
