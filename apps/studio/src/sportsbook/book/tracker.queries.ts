import type { StudioDb } from '../../kit/db/database';

// What the match tracker reads of an event: its sport, where it stands, and the fixture and commit
// that tell whether the simulator plays it.

export function eventForTracker(db: StudioDb, eventId: string) {
  return db
    .selectFrom('studio_sb_events')
    .select(['id', 'sport', 'status', 'state', 'fixture', 'seed_hash'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
