import type { StudioDb } from '../../kit/db/database';

// What the book's loop looks for: in-play bets whose delay passed and settlements left unfinished.

/** The pending bets whose decision is due at `now`, oldest first, at most `limit`. */
export function dueBetIds(db: StudioDb, now: Date, limit: number) {
  return db
    .selectFrom('studio_sb_bets')
    .select('id')
    .where('status', '=', 'pending')
    .where('accept_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One pending bet, if there is any (due or not). */
export function somePendingBet(db: StudioDb) {
  return db.selectFrom('studio_sb_bets').select('id').where('status', '=', 'pending').limit(1).executeTakeFirst();
}

/** The events a settlement was left applying to (a stop interrupted it). */
export function settlingEvents(db: StudioDb) {
  return db.selectFrom('studio_sb_events').select(['id', 'settle_reason']).where('settling', '=', true).execute();
}
