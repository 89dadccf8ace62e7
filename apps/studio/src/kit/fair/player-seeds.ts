import type { StudioDb } from '../db/database';
import { StudioError } from '../errors';
import {
  activeSeed,
  findActiveSeed,
  insertActiveSeed,
  insertActiveSeedUnlessAny,
  retireActiveSeed,
  setActiveClientSeed,
} from './player-seeds.queries';
import { newClientSeed, newServerSeed } from './seeds';

// Seed pairs per player (provably fair): the active server seed's hash is shown before play, each
// round takes the next nonce, rotation reveals the old seed and commits to a new one.

export type SeedView = { serverSeedHash: string; clientSeed: string; nonce: number };
export type RevealedSeed = { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number };

const CLIENT_SEED = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Creates the owner's first seed pair, unless one is active already. */
export async function ensureActiveSeed(db: StudioDb, owner: string): Promise<void> {
  const seed = newServerSeed();
  // The partial unique index (one active seed per owner) makes concurrent first calls create one.
  await insertActiveSeedUnlessAny(db, owner, seed, newClientSeed());
}

export async function currentSeed(db: StudioDb, owner: string): Promise<SeedView> {
  let row = await findActiveSeed(db, owner);
  if (!row) {
    await ensureActiveSeed(db, owner);
    row = await activeSeed(db, owner);
  }
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
}

export function parseClientSeed(input: unknown): string {
  if (typeof input !== 'string' || !CLIENT_SEED.test(input.trim())) {
    throw new StudioError('STUDIO_BAD_REQUEST', { field: 'clientSeed' }, (w) => w.clientSeedRule);
  }
  return input.trim();
}

export async function setClientSeed(db: StudioDb, owner: string, clientSeed: string): Promise<SeedView> {
  await currentSeed(db, owner);
  await setActiveClientSeed(db, owner, clientSeed);
  return currentSeed(db, owner);
}

/** Reveals the active server seed and commits to a new one (client seed kept, nonce back to 0). */
export async function rotateSeed(db: StudioDb, owner: string): Promise<{ revealed: RevealedSeed; next: SeedView }> {
  await currentSeed(db, owner);
  const next = newServerSeed();
  const revealed = await db.transaction().execute(async (trx) => {
    const old = await retireActiveSeed(trx, owner, new Date());
    if (!old) throw new StudioError('STUDIO_BAD_REQUEST', undefined, (w) => w.seedRotatedElsewhere);
    await insertActiveSeed(trx, owner, next, old.client_seed);
    return old;
  });
  return {
    revealed: {
      serverSeed: revealed.server_seed,
      serverSeedHash: revealed.server_seed_hash,
      clientSeed: revealed.client_seed,
      lastNonce: revealed.nonce - 1,
    },
    next: { serverSeedHash: next.serverSeedHash, clientSeed: revealed.client_seed, nonce: 0 },
  };
}
