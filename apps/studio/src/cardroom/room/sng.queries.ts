import { type Insertable, sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioPvpTournamentsTable } from '../../kit/db/schema';

// Sit-and-gos (studio_pvp_tournaments, studio_pvp_sngs; a run's entries are the sittings of its
// table in studio_pvp_seats with their place and prize).

const RUN_COLUMNS = [
  'r.id',
  'r.tournament_id',
  'r.number',
  'r.status',
  'r.started_at',
  'r.finished_at',
  't.name',
  't.seats',
  't.buy_in',
  't.fee',
  't.starting_chips',
  't.levels',
  't.shares',
  't.currency',
] as const;

/** Writes a definition; false when the id exists. */
export async function insertTournament(db: StudioDb, values: Insertable<StudioPvpTournamentsTable>): Promise<boolean> {
  const r = await db
    .insertInto('studio_pvp_tournaments')
    .values(values)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function tournamentRows(db: StudioDb) {
  return db.selectFrom('studio_pvp_tournaments').selectAll().orderBy('buy_in').orderBy('id').execute();
}

export function tournamentRow(db: StudioDb, id: string) {
  return db.selectFrom('studio_pvp_tournaments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The highest run number of a definition (0: none yet). */
export async function lastRunNumber(db: StudioDb, tournamentId: string): Promise<number> {
  const r = await db
    .selectFrom('studio_pvp_sngs')
    .select(sql<number>`coalesce(max(number), 0)::int`.as('n'))
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertRun(db: StudioDb, id: string, tournamentId: string, number: number): Promise<void> {
  await db
    .insertInto('studio_pvp_sngs')
    .values({ id, tournament_id: tournamentId, number, status: 'registering', started_at: null, finished_at: null })
    .execute();
}

/** A run with its definition's settings; undefined when the id is no run. */
export function runRow(db: StudioDb, runId: string) {
  return db
    .selectFrom('studio_pvp_sngs as r')
    .innerJoin('studio_pvp_tournaments as t', 't.id', 'r.tournament_id')
    .select(RUN_COLUMNS)
    .where('r.id', '=', runId)
    .executeTakeFirst();
}

export type SngRunRow = NonNullable<Awaited<ReturnType<typeof runRow>>>;

/** The runs taking registrations or running, and those finished after `since`, with their entries' count. */
export function lobbyRuns(db: StudioDb, since: Date) {
  return db
    .selectFrom('studio_pvp_sngs as r')
    .innerJoin('studio_pvp_tournaments as t', 't.id', 'r.tournament_id')
    .select(RUN_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('studio_pvp_seats as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.table_id', '=', 'r.id')
        .where('s.status', 'in', ['buying_in', 'seated'])
        .as('in_play'),
    )
    .where((eb) => eb.or([eb('r.status', '!=', 'finished'), eb('r.finished_at', '>', since)]))
    .orderBy('t.buy_in')
    .orderBy('t.seats')
    .orderBy('r.id')
    .execute();
}

export function markRunStarted(db: StudioDb, runId: string, now: Date) {
  return db
    .updateTable('studio_pvp_sngs')
    .set({ status: 'running', started_at: now })
    .where('id', '=', runId)
    .execute();
}

export function markRunFinished(db: StudioDb, runId: string, now: Date) {
  return db
    .updateTable('studio_pvp_sngs')
    .set({ status: 'finished', finished_at: now })
    .where('id', '=', runId)
    .execute();
}

/**
 * A run's entries: its sittings that took the buy-in or still hold a seat (an unregistered one has a
 * refund and no place; a refused or rolled-back registration none of these).
 */
export function runEntries(db: StudioDb, runIds: string[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('studio_pvp_seats as s')
    .select(['s.id', 's.table_id', 's.seat', 's.vendor', 's.player', 's.status', 's.stack', 's.place', 's.prize'])
    .where('s.table_id', 'in', runIds)
    .where((eb) => eb.or([eb('s.status', 'in', ['buying_in', 'seated']), eb('s.place', 'is not', null)]))
    .orderBy('s.id')
    .execute();
}

export function setPlace(db: StudioDb, seatId: number, place: number, prize: number) {
  return db.updateTable('studio_pvp_seats').set({ place, prize }).where('id', '=', seatId).execute();
}
