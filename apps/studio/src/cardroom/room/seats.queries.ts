import { type Insertable, sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioPvpSeatsTable } from '../../kit/db/schema';
import type { PvpSeatRow } from './view';

// The sittings of the card tables (studio_pvp_seats): one row per sit-down, from the held seat while
// the buy-in is answered to its close once nothing more is owed.

type Player = { vendor: string; player: string };

/** The columns the wallet calls need of a sitting (money.ts SittingRef). */
const SITTING_COLUMNS = ['id', 'vendor', 'player', 'game_code', 'currency', 'round_id'] as const;

const SEAT_COLUMNS = [
  'id',
  'seat',
  'vendor',
  'player',
  'status',
  'stack',
  'pending_top_up',
  'leave_queued',
  'away',
  'client_seed',
  'entropy',
  'entropy_for',
  'last_seq',
  'time_bank_ms',
  'seen_at',
] as const;

/** The sittings of a table not yet closed, by seat. */
export function openSeats(db: StudioDb, tableId: string): Promise<PvpSeatRow[]> {
  return db
    .selectFrom('studio_pvp_seats')
    .select(SEAT_COLUMNS)
    .where('table_id', '=', tableId)
    .where('status', '!=', 'closed')
    .orderBy('seat')
    .execute() as Promise<PvpSeatRow[]>;
}

/** Who sits at a table not yet closed, with the address and device the one-per-table rules compare. */
export function occupiedSeats(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_seats')
    .select(['seat', 'vendor', 'player', 'address', 'device'])
    .where('table_id', '=', tableId)
    .where('status', '!=', 'closed')
    .execute();
}

/** The lowest seat number no sitting holds at a table of `seats` seats; -1 when all are held. */
export async function lowestFreeSeat(db: StudioDb, tableId: string, seats: number): Promise<number> {
  const held = new Set((await occupiedSeats(db, tableId)).map((o) => o.seat));
  for (let seat = 0; seat < seats; seat++) if (!held.has(seat)) return seat;
  return -1;
}

/** The players of a table's sittings not yet closed. */
export function seatedPlayers(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_seats')
    .select(['vendor', 'player'])
    .where('table_id', '=', tableId)
    .where('status', '!=', 'closed')
    .execute();
}

/** The seat numbers of a table's sittings not yet closed. */
export function takenSeatNumbers(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_seats')
    .select('seat')
    .where('table_id', '=', tableId)
    .where('status', '!=', 'closed')
    .execute();
}

/**
 * The sittings not yet closed of `player` at any table, and of anyone at `tableIds` (an id that names
 * no table keeps the list from being empty).
 */
export function sittingsOfPlayerOrAt(db: StudioDb, player: Player, tableIds: string[]) {
  return db
    .selectFrom('studio_pvp_seats')
    .select(['table_id', 'vendor', 'player'])
    .where('status', '!=', 'closed')
    .where((eb) =>
      eb.or([
        eb.and([eb('vendor', '=', player.vendor), eb('player', '=', player.player)]),
        eb('table_id', 'in', [...tableIds, '']),
      ]),
    )
    .execute();
}

/** A new sitting; answers what the wallet calls need of it. A taken seat fails on the unique index (23505). */
export function insertSitting(db: StudioDb, values: Insertable<StudioPvpSeatsTable>) {
  return db.insertInto('studio_pvp_seats').values(values).returning(SITTING_COLUMNS).executeTakeFirstOrThrow();
}

/** One sitting, as the wallet calls need it. */
export function sittingRef(db: StudioDb, seatId: number) {
  return db.selectFrom('studio_pvp_seats').select(SITTING_COLUMNS).where('id', '=', seatId).executeTakeFirstOrThrow();
}

/** The sitting of the platform round `roundId` of `player`, with its table's settings. */
export function sittingOfRound(db: StudioDb, roundId: string, player: string) {
  return db
    .selectFrom('studio_pvp_seats as s')
    .innerJoin('studio_pvp_tables as t', 't.id', 's.table_id')
    .select(['s.id', 's.table_id', 't.name', 't.game', 't.currency', 't.small_blind', 't.big_blind'])
    .where('s.round_id', '=', roundId)
    .where('s.player', '=', player)
    .executeTakeFirst();
}

/** The sittings dealt in to a hand, with their time bank and how many hands each was dealt in to. */
export function sittingsOfHand(db: StudioDb, handId: number) {
  return db
    .selectFrom('studio_pvp_hand_players as p')
    .innerJoin('studio_pvp_seats as s', 's.id', 'p.seat_id')
    .select(['s.id', 's.time_bank_ms'])
    .select((eb) =>
      eb
        .selectFrom('studio_pvp_hand_players as all')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('all.seat_id', '=', 's.id')
        .as('hands'),
    )
    .where('p.hand_id', '=', handId)
    .execute();
}

/** A player's page polled the table: their sittings there not yet closed count as seen at `now`. */
export async function markSeen(db: StudioDb, tableId: string, player: Player, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ seen_at: now })
    .where('table_id', '=', tableId)
    .where('vendor', '=', player.vendor)
    .where('player', '=', player.player)
    .where('status', '!=', 'closed')
    .execute();
}

/** The open sittings at `tableIds` whose `table|vendor:player` is in `keys` count as seen at `now`. */
export async function markPagesSeen(db: StudioDb, tableIds: string[], keys: string[], now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ seen_at: now })
    .where('table_id', 'in', tableIds)
    .where('status', '!=', 'closed')
    .where(sql<string>`table_id || '|' || vendor || ':' || player`, 'in', keys)
    .execute();
}

/** The buy-in was answered: the sitting is seated with its stack. */
export async function markSeated(db: StudioDb, seatId: number, stack: number, seenAt: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ status: 'seated', stack, seen_at: seenAt })
    .where('id', '=', seatId)
    .execute();
}

/** The stack the engine holds for a seat, mirrored onto its sitting. */
export async function setStack(db: StudioDb, seatId: number, stack: number): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ stack }).where('id', '=', seatId).execute();
}

export async function setPendingTopUp(db: StudioDb, seatId: number, amount: number): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ pending_top_up: amount }).where('id', '=', seatId).execute();
}

export async function setTimeBank(db: StudioDb, seatId: number, ms: number): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ time_bank_ms: ms }).where('id', '=', seatId).execute();
}

/** Whether the table sat the player out for being away. */
export async function setAway(db: StudioDb, seatId: number, away: boolean): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ away }).where('id', '=', seatId).execute();
}

/** The highest client sequence number applied for the sitting. */
export async function setLastSeq(db: StudioDb, seatId: number, seq: number): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ last_seq: seq }).where('id', '=', seatId).execute();
}

/** The player leaves when the hand they are dealt in to ends. */
export async function queueLeave(db: StudioDb, seatId: number): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ leave_queued: true }).where('id', '=', seatId).execute();
}

/** The page's contribution to the hand dealt from the server seed committed as `hash`. */
export async function setEntropy(db: StudioDb, seatId: number, entropy: string, hash: string): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ entropy, entropy_for: hash }).where('id', '=', seatId).execute();
}

export async function setClientSeed(db: StudioDb, seatId: number, clientSeed: string): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ client_seed: clientSeed }).where('id', '=', seatId).execute();
}

/** The sitting leaves the table: no chips left on it, its cash-out owed. */
export async function markClosing(db: StudioDb, seatId: number): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ status: 'closing', stack: 0, pending_top_up: 0, leave_queued: false })
    .where('id', '=', seatId)
    .execute();
}

export async function closeSitting(db: StudioDb, seatId: number, now: Date): Promise<void> {
  await db.updateTable('studio_pvp_seats').set({ status: 'closed', closed_at: now }).where('id', '=', seatId).execute();
}

/**
 * Closes a sitting that is leaving ('closing') or never got its buy-in ('buying_in' with its bet
 * refused or rolled back), once none of its transfers is owed.
 */
export async function closeSittingIfSettled(db: StudioDb, seatId: number, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', seatId)
    .where('status', 'in', ['closing', 'buying_in'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('studio_pvp_transfers')
            .select(sql`1`.as('one'))
            .where('seat_id', '=', seatId)
            .where('status', 'in', ['pending', 'rolling_back']),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_pvp_transfers')
          .select(sql`1`.as('one'))
          .where('seat_id', '=', seatId)
          .where((eb) =>
            eb.or([
              eb.and([eb('kind', '=', 'cash_out'), eb('status', '=', 'ok')]),
              eb.and([eb('kind', '=', 'buy_in'), eb('status', 'in', ['refused', 'rolled_back'])]),
            ]),
          ),
      ),
    )
    .execute();
}
