import { randomUUID } from 'node:crypto';
import type { StudioDb } from './db/database';
import { lapseLeasesOf, upsertLease } from './lease.queries';

// A named lease row in studio_leases (every loop's lease: 'crash' and one 'table:<key>' per live
// table) so that one process per database runs a loop's phases. A holder renews it on every tick;
// another process takes it once it has lapsed.

/** Takes or renews the lease `name`; true when `holder` now holds it until now + ms. */
export async function holdLease(db: StudioDb, name: string, holder: string, now: Date, ms: number): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const row = await upsertLease(db, name, holder, now, until);
  return row?.holder === holder;
}

/** Lets the lease go at once (a clean stop), so another process need not wait for it to lapse. */
export async function releaseLeases(db: StudioDb, holder: string, now: Date): Promise<void> {
  // Lapsed: a lease is taken over once lease_until < now.
  await lapseLeasesOf(db, holder, now, new Date(now.getTime() - 1));
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
