import { type Insertable, sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioPvpHandPlayersTable, StudioPvpHandsTable } from '../../kit/db/schema';
import type { Hand } from '../engine/types';
import type { PvpHandRow } from './view';

// The hands (Tongits deals) of the card tables and who was dealt in to each (studio_pvp_hands,
// studio_pvp_hand_players): written by the table loop with every action, read by the players' hand
// histories, the operator's records and the house's reports.

/** The columns of a hand row every list reads (the member's sitting and the operator's search). */
const SUMMARY = ['h.id', 'h.number', 'h.status', 'h.started_at', 'h.ended_at', 'h.pot', 'h.rake'] as const;

/** A new hand's record; answers its id. */
export async function insertHand(db: StudioDb, values: Insertable<StudioPvpHandsTable>): Promise<number> {
  const row = await db.insertInto('studio_pvp_hands').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertHandPlayer(db: StudioDb, values: Insertable<StudioPvpHandPlayersTable>): Promise<void> {
  await db.insertInto('studio_pvp_hand_players').values(values).execute();
}

/** The hand's state after its latest action (`countMove`: one more action counted). */
export async function saveHandState(db: StudioDb, handId: number, state: string, countMove: boolean): Promise<void> {
  await db
    .updateTable('studio_pvp_hands')
    .set(countMove ? { state, actions: sql`actions + 1` } : { state })
    .where('id', '=', handId)
    .execute();
}

/** The hand is over with its last state, pot and rake. */
export async function endHand(
  db: StudioDb,
  handId: number,
  t: { state: string; pot: number; rake: number; endedAt: Date },
): Promise<void> {
  await db
    .updateTable('studio_pvp_hands')
    .set({ status: 'over', state: t.state, pot: t.pot, rake: t.rake, ended_at: t.endedAt })
    .where('id', '=', handId)
    .execute();
}

/** A dealt-in seat's stack once the hand is over. */
export async function setStackAfter(db: StudioDb, handId: number, seat: number, stack: number): Promise<void> {
  await db
    .updateTable('studio_pvp_hand_players')
    .set({ stack_after: stack })
    .where('hand_id', '=', handId)
    .where('seat', '=', seat)
    .execute();
}

/** A hand's (or deal's) seeds and state as the views show them. */
export async function handRow(db: StudioDb, handId: number | null): Promise<PvpHandRow | null> {
  if (handId === null) return null;
  const row = await db
    .selectFrom('studio_pvp_hands')
    .select(['id', 'number', 'status', 'server_seed', 'server_seed_hash', 'client_seeds', 'nonce'])
    .where('id', '=', handId)
    .executeTakeFirst();
  return (row as PvpHandRow | undefined) ?? null;
}

/** A hand's (deal's) players as its record keeps them, in seat order. */
export function handPlayers(db: StudioDb, handId: number) {
  return db.selectFrom('studio_pvp_hand_players').selectAll().where('hand_id', '=', handId).orderBy('seat').execute();
}

/** A Hold'em hand, whole. */
export function holdemHand(db: StudioDb, handId: number) {
  return db
    .selectFrom('studio_pvp_hands')
    .selectAll()
    .where('id', '=', handId)
    .where('table_id', 'in', (eb) =>
      eb.selectFrom('studio_pvp_tables as t').select('t.id').where('t.game', '=', 'holdem'),
    )
    .executeTakeFirst();
}

/** A Tongits deal with its state. */
export function tongitsDeal(db: StudioDb, handId: number) {
  return db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select(['h.id', 'h.table_id', 'h.status', 'h.started_at', 'h.ended_at', 'h.state'])
    .where('h.id', '=', handId)
    .where('t.game', '=', 'tongits')
    .executeTakeFirst();
}

/** A hand whole, with its table's settings. */
export function handWithTable(db: StudioDb, handId: number) {
  return db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select([
      ...SUMMARY,
      'h.table_id',
      'h.state',
      'h.server_seed',
      'h.server_seed_hash',
      'h.client_seeds',
      'h.nonce',
      't.name',
      't.game',
      't.currency',
      't.small_blind',
      't.big_blind',
    ])
    .where('h.id', '=', handId)
    .executeTakeFirst();
}

/** Whether any of a hand's players is still seated (or buying in) at `tableId`. */
export async function anyPlayerStillSeated(db: StudioDb, handId: number, tableId: string): Promise<boolean> {
  const still = await db
    .selectFrom('studio_pvp_hand_players as p')
    .innerJoin('studio_pvp_seats as s', (j) => j.onRef('s.vendor', '=', 'p.vendor').onRef('s.player', '=', 'p.player'))
    .select('s.id')
    .where('p.hand_id', '=', handId)
    .where('s.table_id', '=', tableId)
    .where('s.status', 'in', ['buying_in', 'seated'])
    .limit(1)
    .executeTakeFirst();
  return still !== undefined;
}

/** The hands one sitting was dealt in to, oldest first, with its stack before and after each (at most 1000). */
export function handsOfSitting(db: StudioDb, seatId: number) {
  return db
    .selectFrom('studio_pvp_hand_players as p')
    .innerJoin('studio_pvp_hands as h', 'h.id', 'p.hand_id')
    .select([...SUMMARY, 'p.stack_before', 'p.stack_after'])
    .where('p.seat_id', '=', seatId)
    .orderBy('h.id')
    .limit(1000)
    .execute();
}

/**
 * A player's latest hands (newest first), of one game or (`game` null) of every game, with their
 * stack before and after each.
 */
export function playerHandRows(
  db: StudioDb,
  player: { vendor: string; player: string },
  limit: number,
  game: 'holdem' | 'tongits' | null,
) {
  return db
    .selectFrom('studio_pvp_hand_players as p')
    .innerJoin('studio_pvp_hands as h', 'h.id', 'p.hand_id')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select([
      't.game',
      't.kind',
      'h.id',
      'h.table_id',
      'h.number',
      'h.status',
      'h.started_at',
      'h.pot',
      'p.stack_before',
      'p.stack_after',
    ])
    .$if(game !== null, (q) => q.where('t.game', '=', game!))
    .where('p.vendor', '=', player.vendor)
    .where('p.player', '=', player.player)
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The operator's hand search, newest first: hands `player` was dealt in to, of one table, started
 * in [from, to), with an id below `before`; each filter only when given.
 */
export function searchHandRows(
  db: StudioDb,
  q: { player?: string; table?: string; from?: Date; to?: Date; before?: number; limit: number },
) {
  let query = db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select([...SUMMARY, 'h.table_id', 't.name', 't.currency', 't.game']);
  if (q.player !== undefined) {
    const player = q.player;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_pvp_hand_players as p')
          .select(sql`1`.as('one'))
          .whereRef('p.hand_id', '=', 'h.id')
          .where('p.player', '=', player),
      ),
    );
  }
  if (q.table !== undefined) query = query.where('h.table_id', '=', q.table);
  if (q.from !== undefined) query = query.where('h.started_at', '>=', q.from);
  if (q.to !== undefined) query = query.where('h.started_at', '<', q.to);
  if (q.before !== undefined) query = query.where('h.id', '<', q.before);
  return query.orderBy('h.id', 'desc').limit(q.limit).execute();
}

/** The players of the hands `handIds`, in seat order. */
export function playersOfHands(db: StudioDb, handIds: number[]) {
  return db
    .selectFrom('studio_pvp_hand_players')
    .select(['hand_id', 'seat', 'player', 'stack_before', 'stack_after'])
    .where('hand_id', 'in', handIds)
    .orderBy('seat')
    .execute();
}

/** The players of the hands `handIds`, in no order. */
export function stacksOfHands(db: StudioDb, handIds: number[]) {
  return db
    .selectFrom('studio_pvp_hand_players')
    .select(['hand_id', 'seat', 'player', 'stack_before', 'stack_after'])
    .where('hand_id', 'in', handIds)
    .execute();
}

/** How many hands ended in [from, to). */
export function countHandsEnded(db: StudioDb, from: Date, to: Date) {
  return db
    .selectFrom('studio_pvp_hands')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'over')
    .where('ended_at', '>=', from)
    .where('ended_at', '<', to)
    .executeTakeFirstOrThrow();
}

/** The hands ended in [from, to), oldest first: the hand of each stored state, with its table's currency and big blind. */
export function handsEnded(db: StudioDb, from: Date, to: Date) {
  return (
    db
      .selectFrom('studio_pvp_hands as h')
      .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
      .select(['h.id', 'h.table_id', sql<Hand | null>`h.state -> 'hand'`.as('hand'), 't.currency', 't.big_blind'])
      // Cash tables only: a sit-and-go's chips are no money and its blinds rise, so the report's money
      // thresholds and stake levels do not apply to them.
      .where('t.kind', '=', 'cash')
      .where('h.status', '=', 'over')
      .where('h.ended_at', '>=', from)
      .where('h.ended_at', '<', to)
      .orderBy('h.id')
      .execute()
  );
}

/** The rake, hands and pots per table and day (in `timeZone`) of the hands ended in [from, to). */
export function rakeByTableAndDay(db: StudioDb, from: Date, to: Date, timeZone: string) {
  return (
    db
      .selectFrom('studio_pvp_hands as h')
      .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
      .select([
        'h.table_id',
        't.currency',
        sql<string>`to_char(h.ended_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'),
        sql<number>`count(*)::int`.as('hands'),
        sql<number>`coalesce(sum(h.rake), 0)::bigint`.as('rake'),
        sql<number>`coalesce(sum(h.pot), 0)::bigint`.as('pots'),
      ])
      .where('h.status', '=', 'over')
      // A sit-and-go's pots are tournament chips, not money, and pay no rake (its fee is the house's).
      .where('t.kind', '=', 'cash')
      .where('h.ended_at', '>=', from)
      .where('h.ended_at', '<', to)
      .groupBy(['h.table_id', 't.currency', sql`3`])
      .orderBy(sql`3`)
      .orderBy('h.table_id')
      .execute()
  );
}
