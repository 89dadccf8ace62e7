import { type Insertable, sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioSbFeedRejectsTable } from '../../kit/db/schema';

// What the feed sources could not bring in: the rejections kept and the counts per source.

export function insertFeedReject(db: StudioDb, row: Insertable<StudioSbFeedRejectsTable>) {
  return db.insertInto('studio_sb_feed_rejects').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Adds one rejection to its source's counts. */
export async function countFeedReject(
  db: StudioDb,
  source: string,
  kind: StudioSbFeedRejectsTable['kind'],
  at: Date,
): Promise<void> {
  await db
    .insertInto('studio_sb_feed_reject_counts')
    .values({
      source,
      invalid: kind === 'invalid' ? 1 : 0,
      errors: kind === 'error' ? 1 : 0,
      last_at: at,
    })
    .onConflict((oc) =>
      oc.column('source').doUpdateSet({
        invalid: sql`studio_sb_feed_reject_counts.invalid + excluded.invalid`,
        errors: sql`studio_sb_feed_reject_counts.errors + excluded.errors`,
        last_at: at,
      }),
    )
    .execute();
}

/** Drops the rejections kept whose id is `lastId` or below. */
export async function deleteFeedRejectsUpTo(db: StudioDb, lastId: number): Promise<void> {
  await db.deleteFrom('studio_sb_feed_rejects').where('id', '<=', lastId).execute();
}

export function newestFeedRejects(db: StudioDb, limit: number) {
  return db
    .selectFrom('studio_sb_feed_rejects')
    .select(['id', 'source', 'seq', 'kind', 'reason', 'at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The counts per source, the one rejected last first. */
export function feedRejectCounts(db: StudioDb) {
  return db
    .selectFrom('studio_sb_feed_reject_counts')
    .select(['source', 'invalid', 'errors', 'last_at'])
    .orderBy('last_at', 'desc')
    .execute();
}
