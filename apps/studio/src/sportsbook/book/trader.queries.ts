import { sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';

// What the trader's views and actions read and write beyond the events' lists: the exposure and open
// stakes, the bets ticker, the profit report, the leagues, and a trader's suspension.

/** Each selection's exposure on the markets not settled of some events, with the market's event. */
export function exposureRowsOf(db: StudioDb, eventIds: string[]) {
  return db
    .selectFrom('studio_sb_exposure')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_exposure.market_id')
    .select([
      'studio_sb_markets.event_id',
      'studio_sb_exposure.market_id',
      'studio_sb_exposure.selection',
      'studio_sb_exposure.stake',
      'studio_sb_exposure.payout',
      'studio_sb_exposure.bets',
    ])
    .where('studio_sb_markets.event_id', 'in', eventIds)
    .where('studio_sb_markets.status', '<>', 'settled')
    .execute();
}

/** Per event, the real bets pending or open with a leg on it and their open stake. */
export function openStakesOf(db: StudioDb, eventIds: string[]) {
  return db
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_bets', 'studio_sb_bets.id', 'studio_sb_legs.bet_id')
    .select([
      'studio_sb_legs.event_id',
      sql<number>`count(distinct studio_sb_bets.id)::int`.as('bets'),
      sql<number>`coalesce(sum(studio_sb_bets.open_stake), 0)::bigint`.as('stake'),
    ])
    .where('studio_sb_legs.event_id', 'in', eventIds)
    .where('studio_sb_bets.status', 'in', ['pending', 'open'])
    .where('studio_sb_bets.mode', '=', 'real')
    .groupBy('studio_sb_legs.event_id')
    .execute();
}

/** Locks an event's row; undefined when there is no such event. */
export function lockEvent(db: StudioDb, eventId: string) {
  return db.selectFrom('studio_sb_events').select('id').where('id', '=', eventId).forUpdate().executeTakeFirst();
}

export async function setEventTraderSuspended(
  db: StudioDb,
  eventId: string,
  suspend: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable('studio_sb_events')
    .set({ trader_suspended: suspend, updated_at: now })
    .where('id', '=', eventId)
    .execute();
}

/**
 * Sets a trader's suspension on an event's markets (those of `keys` only, when given): a market not
 * closed or settled is then suspended while either flag is set, else open.
 */
export async function setMarketsTraderSuspended(
  db: StudioDb,
  eventId: string,
  suspend: boolean,
  keys: string[] | undefined,
  now: Date,
): Promise<void> {
  let q = db
    .updateTable('studio_sb_markets')
    .set({
      trader_suspended: suspend,
      status: sql`CASE
          WHEN status IN ('closed', 'settled') THEN status
          WHEN ${suspend} OR feed_suspended THEN 'suspended'
          ELSE 'open' END`,
      version: sql`version + 1`,
      updated_at: now,
    })
    .where('event_id', '=', eventId);
  if (keys) q = q.where('key', 'in', keys);
  await q.execute();
}

export function leaguesByName(db: StudioDb) {
  return db.selectFrom('studio_sb_leagues').select(['id', 'name', 'sport']).orderBy('name').execute();
}

/**
 * The newest real bets past their stake's wallet call, newest first, at most `limit`: of a stake of
 * `minStake` or more, with a leg on `eventId`, placed after the bet `afterId`, each when given.
 */
export function tickerBets(
  db: StudioDb,
  q: { minStake: number | undefined; eventId: string | undefined; afterId: number | undefined; limit: number },
) {
  let query = db
    .selectFrom('studio_sb_bets')
    .select([
      'id',
      'bet_id',
      'player',
      'kind',
      'stake',
      'potential_payout',
      'status',
      'payout',
      'cashed_out',
      'created_at',
      'in_play',
    ])
    .where('mode', '=', 'real')
    .where('status', '<>', 'betting');
  if (q.minStake !== undefined) query = query.where('stake', '>=', q.minStake);
  const eventId = q.eventId;
  if (eventId) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_sb_legs')
          .select('studio_sb_legs.id')
          .whereRef('studio_sb_legs.bet_id', '=', 'studio_sb_bets.id')
          .where('studio_sb_legs.event_id', '=', eventId),
      ),
    );
  }
  if (q.afterId !== undefined) query = query.where('id', '>', q.afterId);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}

/** The legs of some bets as the ticker shows them (event, market key, selection, odds), by bet and leg. */
export function tickerLegsOf(db: StudioDb, betIds: number[]) {
  return db
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_events', 'studio_sb_events.id', 'studio_sb_legs.event_id')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
    .select([
      'studio_sb_legs.bet_id',
      'studio_sb_legs.event_id',
      'studio_sb_events.home',
      'studio_sb_events.away',
      'studio_sb_markets.key',
      'studio_sb_legs.selection',
      'studio_sb_legs.odds1000',
    ])
    .where('studio_sb_legs.bet_id', 'in', betIds)
    .orderBy('studio_sb_legs.bet_id')
    .orderBy('studio_sb_legs.leg_no')
    .execute();
}

/**
 * The real bets settled or cashed out in [from, to), per sport, league or market type: their count,
 * stakes, what they paid and what their corrections could not collect. A single counts under its
 * leg's sport, league or market type. A multiple or system bet, whose legs may span sports, leagues
 * and market types, counts in a row of its own kind whatever the report is by: its result is the
 * product of all its legs, so no one leg's row may carry it.
 */
export async function profitRows(db: StudioDb, by: 'sport' | 'league' | 'market', from: Date, to: Date) {
  const single =
    by === 'sport'
      ? { key: sql<string>`e.sport`, label: sql<string>`e.sport` }
      : by === 'league'
        ? { key: sql<string>`lg.id`, label: sql<string>`lg.name` }
        : { key: sql<string>`m.type`, label: sql<string>`m.type` };
  const key = sql<string>`CASE WHEN b.kind = 'single' THEN ${single.key} ELSE b.kind END`;
  const label = sql<string>`CASE b.kind WHEN 'multiple' THEN 'Multiples' WHEN 'system' THEN 'System bets' ELSE ${single.label} END`;
  const result = await sql<{
    key: string;
    label: string;
    bets: number;
    stake: number;
    payout: number;
    uncollected: number;
  }>`
    SELECT ${key} AS key, ${label} AS label, count(*)::int AS bets,
      coalesce(sum(b.stake), 0)::bigint AS stake,
      coalesce(sum(b.payout + b.cashed_out), 0)::bigint AS payout,
      coalesce(sum(u.uncollected), 0)::bigint AS uncollected
    FROM studio_sb_bets b
    JOIN studio_sb_legs l ON l.bet_id = b.id AND l.leg_no = 0
    JOIN studio_sb_events e ON e.id = l.event_id
    JOIN studio_sb_leagues lg ON lg.id = e.league_id
    JOIN studio_sb_markets m ON m.id = l.market_id
    LEFT JOIN LATERAL (
      SELECT coalesce(sum(mv.uncollected), 0) AS uncollected FROM studio_sb_moves mv
      WHERE mv.bet_id = b.id AND mv.kind = 'fix'
    ) u ON true
    WHERE b.mode = 'real' AND b.status IN ('settled', 'cashed_out')
      AND b.settled_at >= ${from} AND b.settled_at < ${to}
    GROUP BY 1, 2
    ORDER BY 1`.execute(db);
  return result.rows;
}
