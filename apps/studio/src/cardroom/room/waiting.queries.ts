import type { StudioDb } from '../../kit/db/database';

// The Hold'em tables' waiting lists (studio_pvp_waiting): a row per player waiting for a seat, in the
// order they joined, the first ones holding an offer until it ends (lobby.ts works the list out).

type Player = { vendor: string; player: string };

/** A table's waiting list in the order players joined. */
export function waitingList(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_waiting')
    .select(['id', 'vendor', 'player', 'offer_expires_at'])
    .where('table_id', '=', tableId)
    .orderBy('id')
    .execute();
}

/** Every table's waiting list, in the order players joined. */
export function everyWaitingList(db: StudioDb) {
  return db
    .selectFrom('studio_pvp_waiting')
    .select(['id', 'table_id', 'vendor', 'player', 'offer_expires_at'])
    .orderBy('id')
    .execute();
}

/** The entries of a table's list that hold an offer. */
export function offersAt(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_waiting')
    .select(['id', 'vendor', 'player', 'offer_expires_at'])
    .where('table_id', '=', tableId)
    .where('offer_expires_at', 'is not', null)
    .execute();
}

/** Puts the player at the end of a table's list; nothing when they are on it already. */
export async function joinWaitingList(db: StudioDb, tableId: string, p: Player, now: Date): Promise<void> {
  await db
    .insertInto('studio_pvp_waiting')
    .values({ table_id: tableId, vendor: p.vendor, player: p.player, joined_at: now })
    .onConflict((oc) => oc.columns(['table_id', 'vendor', 'player']).doNothing())
    .execute();
}

/** Takes the player off a table's list. */
export async function leaveWaitingList(db: StudioDb, tableId: string, p: Player): Promise<void> {
  await db
    .deleteFrom('studio_pvp_waiting')
    .where('table_id', '=', tableId)
    .where('vendor', '=', p.vendor)
    .where('player', '=', p.player)
    .execute();
}

export async function dropWaiting(db: StudioDb, ids: number[]): Promise<void> {
  await db.deleteFrom('studio_pvp_waiting').where('id', 'in', ids).execute();
}

/** The entry holds an offer of a seat until `endsAt`. */
export async function setOfferEnd(db: StudioDb, id: number, endsAt: Date | null): Promise<void> {
  await db.updateTable('studio_pvp_waiting').set({ offer_expires_at: endsAt }).where('id', '=', id).execute();
}
