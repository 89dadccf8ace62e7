import type { SelectExpression, Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';

/** The row id of a player's bet in one mode (none when it is not theirs). */
export function betRowIdOf(
  db: StudioDb,
  betId: string,
  who: { vendor: string; player: string; mode: 'real' | 'trial' },
) {
  return db
    .selectFrom('studio_sb_bets')
    .select(['id'])
    .where('bet_id', '=', betId)
    .where('vendor', '=', who.vendor)
    .where('player', '=', who.player)
    .where('mode', '=', who.mode)
    .executeTakeFirst();
}

/** A bet after a cash-out: its open stake and potential payout now, what it cashed out, closed when whole. */
export async function recordCashOut(
  trx: Transaction<StudioDatabase>,
  betRowId: number,
  after: {
    open_stake: number;
    potential_payout: number;
    cashed_out: number;
    cash_count: number;
    status?: 'cashed_out';
    settled_at?: Date;
    auto_cashout?: null;
  },
): Promise<void> {
  await trx.updateTable('studio_sb_bets').set(after).where('id', '=', betRowId).execute();
}

/** Sets (or, with null, removes) a bet's auto cash-out value. */
export async function setAutoCashOutValue(
  trx: Transaction<StudioDatabase>,
  betRowId: number,
  value: number | null,
): Promise<void> {
  await trx.updateTable('studio_sb_bets').set({ auto_cashout: value }).where('id', '=', betRowId).execute();
}

/** Open bets with an auto cash-out, oldest first, at most `limit` after the row id `afterId`. */
export function armedBetIds(db: StudioDb, afterId: number, limit: number) {
  return db
    .selectFrom('studio_sb_bets')
    .select(['id'])
    .where('status', '=', 'open')
    .where('auto_cashout', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A bet's row, with the columns the caller reads. */
export function betRowById<C extends SelectExpression<StudioDatabase, 'studio_sb_bets'>>(
  db: StudioDb,
  betRowId: number,
  columns: readonly C[],
) {
  return db.selectFrom('studio_sb_bets').select(columns).where('id', '=', betRowId).execute();
}
