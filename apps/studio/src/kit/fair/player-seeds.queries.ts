import type { StudioDb } from '../db/database';
import type { SeedCommitment } from './seeds';

/** An active pair's row: a new server seed, the client seed, and nonce 0 for its first round. */
function activeSeedRow(owner: string, seed: SeedCommitment, clientSeed: string) {
  return {
    owner,
    server_seed: seed.serverSeed,
    server_seed_hash: seed.serverSeedHash,
    client_seed: clientSeed,
    nonce: 0,
    active: true,
  };
}

/**
 * Writes the owner's active seed pair unless one is active already (the partial unique index, one
 * active seed per owner, turns a second write into nothing).
 */
export async function insertActiveSeedUnlessAny(
  db: StudioDb,
  owner: string,
  seed: SeedCommitment,
  clientSeed: string,
): Promise<void> {
  await db
    .insertInto('studio_seeds')
    .values(activeSeedRow(owner, seed, clientSeed))
    .onConflict((oc) => oc.column('owner').where('active', '=', true).doNothing())
    .execute();
}

/** Writes the owner's new active seed pair; a second active pair fails on the unique index. */
export async function insertActiveSeed(
  db: StudioDb,
  owner: string,
  seed: SeedCommitment,
  clientSeed: string,
): Promise<void> {
  await db
    .insertInto('studio_seeds')
    .values(activeSeedRow(owner, seed, clientSeed))
    .execute();
}

function activeSeedQuery(db: StudioDb, owner: string) {
  return db
    .selectFrom('studio_seeds')
    .select(['server_seed_hash', 'client_seed', 'nonce'])
    .where('owner', '=', owner)
    .where('active', '=', true);
}

/** The owner's active seed pair as shown (hash, client seed, next nonce), if any. */
export function findActiveSeed(db: StudioDb, owner: string) {
  return activeSeedQuery(db, owner).executeTakeFirst();
}

/** The owner's active seed pair as shown; Kysely's NoResultError when there is none. */
export function activeSeed(db: StudioDb, owner: string) {
  return activeSeedQuery(db, owner).executeTakeFirstOrThrow();
}

export async function setActiveClientSeed(db: StudioDb, owner: string, clientSeed: string): Promise<void> {
  await db
    .updateTable('studio_seeds')
    .set({ client_seed: clientSeed })
    .where('owner', '=', owner)
    .where('active', '=', true)
    .execute();
}

/** Retires the owner's active seed pair (revealed at `revealedAt`) and answers it, none when no pair is active. */
export function retireActiveSeed(db: StudioDb, owner: string, revealedAt: Date) {
  return db
    .updateTable('studio_seeds')
    .set({ active: false, revealed_at: revealedAt })
    .where('owner', '=', owner)
    .where('active', '=', true)
    .returning(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirst();
}
