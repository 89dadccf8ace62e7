import { randomUUID } from 'node:crypto';
import type { StudioDb } from './db/database';

// A named lease row in studio_leases (every loop's lease: 'crash' and one 'table:<key>' per live
// table) so that one process per database runs a loop's phases. A holder renews it on every tick;
// another process takes it once it has lapsed.

/** Takes or renews the lease `name`; true when `holder` now holds it until now + ms. */
export async function holdLease(db: StudioDb, name: string, holder: string, now: Date, ms: number): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const row = await db
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
  return row?.holder === holder;
}

/** Lets the lease go at once (a clean stop), so another process need not wait for it to lapse. */
export async function releaseLeases(db: StudioDb, holder: string, now: Date): Promise<void> {
  await db
    .updateTable('studio_leases')
    // Lapsed: a lease is taken over once lease_until < now.
    .set({ lease_until: new Date(now.getTime() - 1) })
    .where('holder', '=', holder)
    .where('lease_until', '>', now)
    .execute();
}

/**
 * The lease `name` for one holder of this process, for a loop that runs once per database (a
 * sportsbook data feed): hold (take or renew) and release.
 */
export function processLease(
  db: StudioDb,
  name: string,
  now: () => Date,
): { hold(ms: number): Promise<boolean>; release(): Promise<void> } {
  const holder = randomUUID();
  return {
    hold: (ms) => holdLease(db, name, holder, now(), ms),
    release: () => releaseLeases(db, holder, now()),
  };
}
