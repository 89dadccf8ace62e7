import { CompiledQuery, type Kysely, type SelectExpression, type Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import type { MarketRow } from './views';

// A placement's time goes mostly to its round trips to the database and to building its queries
// (docs/benchmarks.md, "Sportsbook"), so its statements are few and written out once here rather
// than built on every slip: the reads before and under the lock are one statement each (their row
// sets as JSON), and the writes one statement (bets.queries.ts insertSlip).

/** A leg's market as LEG_ROWS reads it, with its event and league. */
export type LegJson = MarketRow & {
  sport: string;
  league_id: string;
  event_status: string;
  starts_at: Date | string;
  home: string;
  away: string;
  state: unknown;
  result: unknown;
  league_name: string | null;
};
export type RunningRow = { event_id: string; market_id: number; id: number; open_stake: number };
export type ExposureRow = { market_id: number; selection: string; stake: number; payout: number };

/** The markets named by some selection ids ($1 event ids, $2 market keys), with their events and leagues. */
const LEG_ROWS = `SELECT m.id, m.event_id, m.key, m.type, m.period, m.line4, m.status, m.trader_suspended,
       m.feed_suspended, m.odds, m.outcomes, m.version, e.sport, e.league_id, e.status AS event_status, e.starts_at,
       e.home, e.away, e.state, e.result, g.name AS league_name
  FROM studio_sb_markets m
  JOIN studio_sb_events e ON e.id = m.event_id
  LEFT JOIN studio_sb_leagues g ON g.id = e.league_id
 WHERE m.event_id = ANY($1::text[]) AND m.key = ANY($2::text[])`;

const asJson = (select: string) => `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${select}) r)`;

/**
 * Before the lock: whether the slip was placed already ($3-$6), the settings, the margins (the
 * answer's cash-out offers), the player's factor and the legs.
 */
const SLIP_SQL = `SELECT
  EXISTS (SELECT 1 FROM studio_sb_bets WHERE vendor = $3 AND player = $4 AND mode = $5 AND request_id = $6) AS earlier,
  (SELECT settings FROM studio_sb_settings WHERE id = 1) AS settings,
  ${asJson('SELECT scope, key, margin_ppm FROM studio_sb_margins')} AS margins,
  (SELECT LEAST(factor_ppm, risk_factor_ppm) FROM studio_sb_players WHERE player = $4) AS factor,
  ${asJson(LEG_ROWS)} AS legs`;

/** A player's bets that still count on some events: their stakes count against the limits. */
const runningRows = (events: string, owner: string) => `SELECT l.event_id, l.market_id, b.id, b.open_stake
  FROM studio_sb_legs l JOIN studio_sb_bets b ON b.id = l.bet_id
 WHERE l.owner = ${owner} AND l.event_id = ANY(${events}::text[]) AND b.status IN ('betting', 'pending', 'open')`;
const RUNNING_SQL = runningRows('$1', '$2');

/** Under the lock: the legs again, the player's running stakes and the book's exposure on the markets ($4). */
const LOCKED_SQL = `SELECT ${asJson(LEG_ROWS)} AS legs, ${asJson(runningRows('$1', '$3'))} AS running,
  ${asJson('SELECT market_id, selection, stake, payout FROM studio_sb_exposure WHERE market_id = ANY($4::bigint[])')} AS exposure`;

const LOCK_SQL = 'SELECT id FROM studio_sb_events WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE';

/** Accepts a bet the wallet took ($1 the bet, $2 its new status, $3 its events): migration 0009. */
const ACCEPT_CALL = 'SELECT studio_sb_accept($1::bigint, $2::text, $3::text[]) AS taken';

async function queryRows<R>(db: Kysely<StudioDatabase>, text: string, params: unknown[]) {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
}

/** The legs' markets, events and leagues for some event ids and market keys. */
export function slipLegRows(db: StudioDb, eventIds: string[], marketKeys: string[]): Promise<LegJson[]> {
  return queryRows<LegJson>(db, LEG_ROWS, [eventIds, marketKeys]);
}

/** What placing a slip reads before its lock (SLIP_SQL), in one row. */
export async function readSlip(
  db: StudioDb,
  eventIds: string[],
  marketKeys: string[],
  who: { vendor: string; player: string; mode: string },
  requestId: string,
) {
  const [slip] = await queryRows<{
    earlier: boolean;
    settings: unknown;
    margins: { scope: string; key: string; margin_ppm: number }[];
    factor: number | null;
    legs: LegJson[];
  }>(db, SLIP_SQL, [eventIds, marketKeys, who.vendor, who.player, who.mode, requestId]);
  return slip;
}

/** What placing a slip reads under its lock (LOCKED_SQL), in one row. */
export async function readUnderLock(
  trx: Transaction<StudioDatabase>,
  eventIds: string[],
  marketKeys: string[],
  owner: string,
  marketIds: number[],
) {
  const [under] = await queryRows<{ legs: LegJson[]; running: RunningRow[]; exposure: ExposureRow[] }>(
    trx,
    LOCKED_SQL,
    [eventIds, marketKeys, owner, marketIds],
  );
  return under;
}

/** The legs of a player's bets that still count on some events, with their bets' open stakes. */
export function runningRowsOf(db: StudioDb, eventIds: string[], owner: string): Promise<RunningRow[]> {
  return queryRows<RunningRow>(db, RUNNING_SQL, [eventIds, owner]);
}

/** Locks the events (the statement takes them in id order). */
export async function lockEventRows(trx: Transaction<StudioDatabase>, eventIds: string[]): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(LOCK_SQL, [eventIds]));
}

/** The event ids of a bet's legs. */
export function eventIdsOfBet(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx.selectFrom('studio_sb_legs').select('event_id').where('bet_id', '=', betRowId).execute();
}

/** Accepts a bet the wallet took with `status` unless a result came first (studio_sb_accept); whether it did. */
export async function acceptBet(db: StudioDb, betRowId: number, status: string, eventIds: string[]) {
  const [first] = await queryRows<{ taken: boolean }>(db, ACCEPT_CALL, [betRowId, status, eventIds]);
  return first?.taken;
}

/** The status of each market a bet's legs are on. */
export function marketStatusesOfBet(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
    .select('studio_sb_markets.status')
    .where('studio_sb_legs.bet_id', '=', betRowId)
    .execute();
}

/** The bets a slip placed (by its requestId), in slip order, with the columns the caller reads. */
export function slipBetRows<C extends SelectExpression<StudioDatabase, 'studio_sb_bets'>>(
  db: StudioDb,
  who: { vendor: string; player: string; mode: 'real' | 'trial' },
  requestId: string,
  columns: readonly C[],
) {
  return db
    .selectFrom('studio_sb_bets')
    .select(columns)
    .where('vendor', '=', who.vendor)
    .where('player', '=', who.player)
    .where('mode', '=', who.mode)
    .where('request_id', '=', requestId)
    .orderBy('slip_index')
    .execute();
}

/** Sets a leg's odds (an in-play bet taken at the prices after its delay). */
export async function setLegOdds(trx: Transaction<StudioDatabase>, legId: number, odds1000: number): Promise<void> {
  await trx.updateTable('studio_sb_legs').set({ odds1000 }).where('id', '=', legId).execute();
}

/** Opens a pending bet, with its new odds and potential payout when it was repriced. */
export async function openPendingBet(
  trx: Transaction<StudioDatabase>,
  betRowId: number,
  repriced: { odds1000: number; potential_payout: number } | undefined,
): Promise<void> {
  await trx
    .updateTable('studio_sb_bets')
    .set({
      status: 'open',
      ...(repriced ? { odds1000: repriced.odds1000, potential_payout: repriced.potential_payout } : {}),
    })
    .where('id', '=', betRowId)
    .execute();
}
