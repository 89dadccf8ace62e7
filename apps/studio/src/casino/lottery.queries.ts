import type { Insertable, Kysely } from 'kysely';
import type { StudioDatabase, StudioLotteryDrawsTable, StudioLotteryTicketsTable } from '../kit/db/schema';
import type { StudioSession } from '../kit/sessions';

// The lottery's draws (studio_lottery_draws) and tickets (studio_lottery_tickets); the tickets'
// delivery statements are the shared ledgers' (bets.queries.ts).

type Db = Kysely<StudioDatabase>;
type Game = { vendor: string; gameCode: string };

/** Writes a scheduled draw with its committed seed, unless that draw is already written. */
export async function insertDrawIfMissing(db: Db, draw: Insertable<StudioLotteryDrawsTable>): Promise<void> {
  await db
    .insertInto('studio_lottery_draws')
    .values(draw)
    .onConflict((oc) => oc.columns(['vendor', 'game_code', 'numero']).doNothing())
    .execute();
}

export function drawByNumero(db: Db, game: Game, numero: string) {
  return db
    .selectFrom('studio_lottery_draws')
    .select(['id', 'numero', 'server_seed_hash', 'closes_at', 'draws_at'])
    .where('vendor', '=', game.vendor)
    .where('game_code', '=', game.gameCode)
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
}

/** The draw `numero` when it is not drawn yet. */
export function undrawnDraw(db: Db, game: Game, numero: string) {
  return db
    .selectFrom('studio_lottery_draws')
    .select(['numero', 'draws_at'])
    .where('vendor', '=', game.vendor)
    .where('game_code', '=', game.gameCode)
    .where('numero', '=', numero)
    .where('result', 'is', null)
    .executeTakeFirst();
}

/** The owner's latest tickets of the session's game past their bet's answer, newest first, with their draws. */
export function latestTickets(db: Db, session: Pick<StudioSession, 'vendor' | 'player' | 'mode' | 'gameCode'>) {
  return db
    .selectFrom('studio_lottery_tickets as t')
    .innerJoin('studio_lottery_draws as d', 'd.id', 't.draw_id')
    .select([
      't.ticket_id',
      't.bet',
      't.stake',
      't.win',
      't.hits',
      't.status',
      't.created_at',
      'd.numero',
      'd.draws_at',
      'd.result',
    ])
    .where('t.vendor', '=', session.vendor)
    .where('t.player', '=', session.player)
    .where('t.mode', '=', session.mode)
    .where('t.game_code', '=', session.gameCode)
    .where('t.status', '!=', 'betting')
    .orderBy('t.id', 'desc')
    .limit(20)
    .execute();
}

/** The game's latest drawn draws, newest first, with their revealed seeds. */
export function latestResults(db: Db, game: Game) {
  return db
    .selectFrom('studio_lottery_draws')
    .select(['numero', 'draws_at', 'result', 'server_seed', 'server_seed_hash'])
    .where('vendor', '=', game.vendor)
    .where('game_code', '=', game.gameCode)
    .where('result', 'is not', null)
    .orderBy('draws_at', 'desc')
    .limit(10)
    .execute();
}

export async function insertTicket(db: Db, ticket: Insertable<StudioLotteryTicketsTable>): Promise<void> {
  await db.insertInto('studio_lottery_tickets').values(ticket).execute();
}

/** Turns a ticket whose bet got no answer into a rollback owed, with the reason. */
export async function markTicketRollingBack(db: Db, ticketId: string, lastError: string): Promise<void> {
  await db
    .updateTable('studio_lottery_tickets')
    .set({ status: 'rolling_back', last_error: lastError })
    .where('ticket_id', '=', ticketId)
    .execute();
}

/** Draws not drawn yet whose time has come. */
export function dueDraws(db: Db, now: Date) {
  return db
    .selectFrom('studio_lottery_draws')
    .select(['id', 'region', 'numero', 'server_seed'])
    .where('result', 'is', null)
    .where('draws_at', '<=', now)
    .limit(50)
    .execute();
}

/** Writes a draw's result unless it is drawn already; answers the rows written (0 or 1). */
export async function writeDrawResult(db: Db, id: number, result: string, now: Date): Promise<number> {
  const r = await db
    .updateTable('studio_lottery_draws')
    .set({ result, drawn_at: now })
    .where('id', '=', id)
    .where('result', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Open tickets whose draw is drawn, with the draw's result. */
export function openTicketsOfDrawnDraws(db: Db) {
  return db
    .selectFrom('studio_lottery_tickets as t')
    .innerJoin('studio_lottery_draws as d', 'd.id', 't.draw_id')
    .select(['t.id', 't.bet', 'd.result'])
    .where('t.status', '=', 'open')
    .where('d.result', 'is not', null)
    .limit(500)
    .execute();
}

/** Settles an open ticket with its win and hits; its delivery is due at once. */
export async function settleTicket(db: Db, id: number, s: { win: number; hits: number }, now: Date): Promise<void> {
  await db
    .updateTable('studio_lottery_tickets')
    .set({ status: 'settling', win: s.win, hits: s.hits, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}
