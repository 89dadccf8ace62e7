import type { StudioDb } from './db/database';

/**
 * Writes the lease row `name` for `holder` until `until`: inserted, or updated when `holder` holds it
 * already or it lapsed before `now`. Answers the holder when the row was written, none when another
 * holds it.
 */
export function upsertLease(db: StudioDb, name: string, holder: string, now: Date, until: Date) {
  return db
    .insertInto('studio_leases')
    .values({ name, holder, lease_until: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, lease_until: until })
        .where((eb) => eb.or([eb('studio_leases.holder', '=', holder), eb('studio_leases.lease_until', '<', now)])),
    )
    .returning('holder')
    .executeTakeFirst();
}

/** Sets every lease `holder` still holds at `now` to `lapsedAt`. */
export async function lapseLeasesOf(db: StudioDb, holder: string, now: Date, lapsedAt: Date): Promise<void> {
  await db
    .updateTable('studio_leases')
    .set({ lease_until: lapsedAt })
    .where('holder', '=', holder)
    .where('lease_until', '>', now)
    .execute();
}
