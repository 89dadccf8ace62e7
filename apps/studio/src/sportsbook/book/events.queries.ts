import { type Insertable, sql, type Updateable } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { SbEventStatus, StudioSbEventsTable, StudioSbMarketsTable } from '../../kit/db/schema';

// The book's events, their leagues and markets, and the feed sources' progress: what the feed writes
// and what the pages and the trader read of them.

/** A market's columns as views.ts MarketRow holds them. */
const MARKET_COLUMNS = [
  'studio_sb_markets.id',
  'studio_sb_markets.event_id',
  'studio_sb_markets.key',
  'studio_sb_markets.type',
  'studio_sb_markets.period',
  'studio_sb_markets.line4',
  'studio_sb_markets.status',
  'studio_sb_markets.trader_suspended',
  'studio_sb_markets.feed_suspended',
  'studio_sb_markets.odds',
  'studio_sb_markets.outcomes',
  'studio_sb_markets.version',
] as const;

/** Events with their league's names, as views.ts EventRow holds them. */
function eventsWithLeagues(db: StudioDb) {
  return db
    .selectFrom('studio_sb_events')
    .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
    .select([
      'studio_sb_events.id',
      'studio_sb_events.source',
      'studio_sb_events.sport',
      'studio_sb_events.league_id',
      'studio_sb_events.home',
      'studio_sb_events.away',
      'studio_sb_events.venue',
      'studio_sb_events.starts_at',
      'studio_sb_events.status',
      'studio_sb_events.state',
      'studio_sb_events.result',
      'studio_sb_events.trader_suspended',
      'studio_sb_events.seed_hash',
      'studio_sb_events.seed',
      'studio_sb_events.corrections',
      'studio_sb_leagues.name as league_name',
      'studio_sb_leagues.region as league_region',
      'studio_sb_leagues.title as league_title',
    ]);
}

export function eventById(db: StudioDb, eventId: string) {
  return eventsWithLeagues(db).where('studio_sb_events.id', '=', eventId).executeTakeFirst();
}

/** The live events (in play or at a break) of these sports, by start, at most `limit`. */
export function liveEventsOf(db: StudioDb, sports: string[], limit: number) {
  return eventsWithLeagues(db)
    .where('studio_sb_events.sport', 'in', sports)
    .where('studio_sb_events.status', 'in', ['live', 'break'])
    .orderBy('studio_sb_events.starts_at')
    .limit(limit)
    .execute();
}

/**
 * Which events a list shows: those live now, those not finished that start in [from, to), or those
 * live now and those scheduled to start after `upcomingAfter`.
 */
export type EventsWindow = { live: true } | { from: Date; to: Date } | { upcomingAfter: Date };

/** The events of these sports (and league) in the window, by start, at most `limit`. */
export function listedEvents(
  db: StudioDb,
  filter: { sports: string[]; league: string | undefined; window: EventsWindow },
  limit: number,
) {
  let query = eventsWithLeagues(db).where('studio_sb_events.sport', 'in', filter.sports);
  if (filter.league) query = query.where('studio_sb_events.league_id', '=', filter.league);
  const w = filter.window;
  if ('live' in w) {
    query = query.where('studio_sb_events.status', 'in', ['live', 'break']);
  } else if ('from' in w) {
    query = query
      .where('studio_sb_events.status', 'in', ['scheduled', 'live', 'break'])
      .where('studio_sb_events.starts_at', '>=', w.from)
      .where('studio_sb_events.starts_at', '<', w.to);
  } else {
    query = query.where((eb) =>
      eb.or([
        eb('studio_sb_events.status', 'in', ['live', 'break']),
        eb.and([
          eb('studio_sb_events.status', '=', 'scheduled'),
          eb('studio_sb_events.starts_at', '>', w.upcomingAfter),
        ]),
      ]),
    );
  }
  return query.orderBy('studio_sb_events.starts_at').orderBy('studio_sb_events.id').limit(limit).execute();
}

/** The trader's filter of the events: a status or any of several, a sport, a league, a start in [from, to). */
export type TraderEventsFilter = {
  status: SbEventStatus | SbEventStatus[] | undefined;
  sport: string | undefined;
  league: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
};

function traderFiltered(db: StudioDb, f: TraderEventsFilter) {
  let query = eventsWithLeagues(db);
  if (Array.isArray(f.status)) query = query.where('studio_sb_events.status', 'in', f.status);
  else if (f.status) query = query.where('studio_sb_events.status', '=', f.status);
  if (f.sport) query = query.where('studio_sb_events.sport', '=', f.sport);
  if (f.league) query = query.where('studio_sb_events.league_id', '=', f.league);
  if (f.from) query = query.where('studio_sb_events.starts_at', '>=', f.from);
  if (f.to) query = query.where('studio_sb_events.starts_at', '<', f.to);
  return query;
}

/** How many events the trader's filter finds (`n`). */
export function countTraderEvents(db: StudioDb, f: TraderEventsFilter) {
  return traderFiltered(db, f).clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
}

/** A page of the events the trader's filter finds, by start. */
export function traderEventsPage(db: StudioDb, f: TraderEventsFilter, limit: number, offset: number) {
  return traderFiltered(db, f)
    .orderBy('studio_sb_events.starts_at')
    .orderBy('studio_sb_events.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Per league of these sports with an event not finished: its names, how many of its events are live
 * and how many are scheduled to start after `now`.
 */
export function leagueCountsOf(db: StudioDb, sports: string[], now: Date) {
  return db
    .selectFrom('studio_sb_events')
    .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
    .select([
      'studio_sb_events.sport',
      'studio_sb_leagues.id',
      'studio_sb_leagues.name',
      'studio_sb_leagues.region',
      'studio_sb_leagues.title',
      sql<number>`count(*) filter (where studio_sb_events.status in ('live', 'break'))::int`.as('live'),
      sql<number>`count(*) filter (where studio_sb_events.status = 'scheduled' and studio_sb_events.starts_at > ${now})::int`.as(
        'upcoming',
      ),
    ])
    .where('studio_sb_events.sport', 'in', sports)
    .where('studio_sb_events.status', 'in', ['scheduled', 'live', 'break'])
    .groupBy([
      'studio_sb_events.sport',
      'studio_sb_leagues.id',
      'studio_sb_leagues.name',
      'studio_sb_leagues.region',
      'studio_sb_leagues.title',
    ])
    .orderBy('studio_sb_leagues.name')
    .execute();
}

/**
 * An event's fixture and seed commit with where it stands: what the verifier checks (with the
 * seed and result) and what the match tracker tells a simulated match from.
 */
export function eventWithFixture(db: StudioDb, eventId: string) {
  return db
    .selectFrom('studio_sb_events')
    .select(['id', 'sport', 'fixture', 'seed_hash', 'seed', 'result', 'status', 'state'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/** The markets of some events, by id. */
export function marketsOfEvents(db: StudioDb, eventIds: string[]) {
  return db
    .selectFrom('studio_sb_markets')
    .select(MARKET_COLUMNS)
    .where('event_id', 'in', eventIds)
    .orderBy('id')
    .execute();
}

/** An event's markets, by id. */
export function marketsOfEvent(db: StudioDb, eventId: string) {
  return db
    .selectFrom('studio_sb_markets')
    .select(MARKET_COLUMNS)
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

/** An event's markets as they are, for the pages that watch it (in no particular order). */
export function marketsToPublish(db: StudioDb, eventId: string) {
  return db.selectFrom('studio_sb_markets').select(MARKET_COLUMNS).where('event_id', '=', eventId).execute();
}

// ---- the feed's writes ----

export async function upsertLeague(
  db: StudioDb,
  league: { id: string; sport: string; name: string; region: string | null; title: string | null },
  now: Date,
): Promise<void> {
  await db
    .insertInto('studio_sb_leagues')
    .values({ ...league, updated_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: league.name,
        region: league.region,
        title: league.title,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Inserts a fixture's event, or updates an event already there with `fields`; the seed commit an
 * event has stays (`row.seed_hash` only fills one in).
 */
export async function upsertEvent(
  db: StudioDb,
  row: Insertable<StudioSbEventsTable>,
  fields: Updateable<StudioSbEventsTable>,
): Promise<void> {
  await db
    .insertInto('studio_sb_events')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        ...fields,
        seed_hash: sql`coalesce(studio_sb_events.seed_hash, ${row.seed_hash ?? null})`,
      }),
    )
    .execute();
}

/** What a quote needs of its event: its status and whether a trader suspended it. */
export function eventForQuotes(db: StudioDb, eventId: string) {
  return db
    .selectFrom('studio_sb_events')
    .select(['status', 'trader_suspended'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Writes the quoted markets: a new one as given, one already there takes the feed's odds and
 * suspension (its status follows, unless closed or settled) when either changed. Answers the markets
 * written.
 */
export function upsertQuotes(db: StudioDb, rows: Insertable<StudioSbMarketsTable>[], now: Date) {
  return db
    .insertInto('studio_sb_markets')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'key'])
        .doUpdateSet({
          odds: sql`excluded.odds`,
          feed_suspended: sql`excluded.feed_suspended`,
          status: sql`CASE
              WHEN studio_sb_markets.status IN ('closed', 'settled') THEN studio_sb_markets.status
              WHEN studio_sb_markets.trader_suspended OR excluded.feed_suspended THEN 'suspended'
              ELSE 'open' END`,
          version: sql`studio_sb_markets.version + 1`,
          updated_at: now,
        })
        .where(
          sql<boolean>`studio_sb_markets.odds IS DISTINCT FROM excluded.odds OR studio_sb_markets.feed_suspended IS DISTINCT FROM excluded.feed_suspended`,
        ),
    )
    .returning(MARKET_COLUMNS)
    .execute();
}

/**
 * Sets the feed's suspension on an event's markets still open or suspended (those of `keys` only,
 * when given) whose flag differs; answers the ids of the markets it changed.
 */
export function setFeedSuspended(
  db: StudioDb,
  eventId: string,
  suspended: boolean,
  keys: string[] | undefined,
  now: Date,
) {
  let q = db
    .updateTable('studio_sb_markets')
    .set({ feed_suspended: suspended, version: sql`version + 1`, updated_at: now })
    .where('event_id', '=', eventId)
    .where('feed_suspended', '=', !suspended)
    .where('status', 'in', ['open', 'suspended']);
  if (keys) q = q.where('key', 'in', keys);
  return q.returning('id').execute();
}

/** The status a market gets from its two suspension flags, unless it is closed or settled. */
const STATUS_SQL = sql<string>`CASE
  WHEN studio_sb_markets.status IN ('closed', 'settled') THEN studio_sb_markets.status
  WHEN studio_sb_markets.trader_suspended OR studio_sb_markets.feed_suspended THEN 'suspended'
  ELSE 'open' END`;

/** Sets these markets' status from their suspension flags; answers them. */
export function restatusMarkets(db: StudioDb, marketIds: number[]) {
  return db
    .updateTable('studio_sb_markets')
    .set({ status: STATUS_SQL as never })
    .where('id', 'in', marketIds)
    .returning(MARKET_COLUMNS)
    .execute();
}

/** Writes an event's state and status unless its status is one of `finished`; answers whether it did. */
export function setEventState(
  db: StudioDb,
  eventId: string,
  state: string,
  status: SbEventStatus,
  finished: SbEventStatus[],
  now: Date,
) {
  return db
    .updateTable('studio_sb_events')
    .set({ state, status, updated_at: now })
    .where('id', '=', eventId)
    .where('status', 'not in', finished)
    .returning(['status'])
    .executeTakeFirst();
}

/** Closes an event's markets still open or suspended; answers them. */
export function closeMarketsOf(db: StudioDb, eventId: string, now: Date) {
  return db
    .updateTable('studio_sb_markets')
    .set({ status: 'closed', version: sql`version + 1`, updated_at: now })
    .where('event_id', '=', eventId)
    .where('status', 'in', ['open', 'suspended'])
    .returning(MARKET_COLUMNS)
    .execute();
}

/** An event's seed commit and its seed once revealed. */
export function eventSeed(db: StudioDb, eventId: string) {
  return db.selectFrom('studio_sb_events').select(['seed_hash', 'seed']).where('id', '=', eventId).executeTakeFirst();
}

export async function revealEventSeed(db: StudioDb, eventId: string, seed: string): Promise<void> {
  await db.updateTable('studio_sb_events').set({ seed }).where('id', '=', eventId).execute();
}

/** Records the highest message sequence a source has delivered. */
export async function recordSourceSeq(db: StudioDb, source: string, seq: number, now: Date): Promise<void> {
  await db
    .insertInto('studio_sb_sources')
    .values({ source, last_seq: seq, updated_at: now })
    .onConflict((oc) =>
      oc.column('source').doUpdateSet({
        last_seq: sql`greatest(studio_sb_sources.last_seq, ${seq})`,
        updated_at: now,
      }),
    )
    .execute();
}
