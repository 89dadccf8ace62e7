import { sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';

// What the results list and the search read: finished events of a brand day, and leagues and events
// whose names hold what the player typed.

/** The columns results.ts turns into a ResultView. */
const RESULT_COLUMNS = [
  'studio_sb_events.id',
  'studio_sb_events.sport',
  'studio_sb_events.league_id',
  'studio_sb_events.home',
  'studio_sb_events.away',
  'studio_sb_events.starts_at',
  'studio_sb_events.status',
  'studio_sb_events.state',
  'studio_sb_events.result',
  'studio_sb_leagues.name as league_name',
  'studio_sb_leagues.region as league_region',
  'studio_sb_leagues.title as league_title',
] as const;

/**
 * The events of these sports (and league) that ended or were abandoned and started in [from, to),
 * the latest start first, at most `limit`.
 */
export function finishedEvents(
  db: StudioDb,
  filter: { sports: string[]; league: string | undefined; from: Date; to: Date },
  limit: number,
) {
  let query = db
    .selectFrom('studio_sb_events')
    .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
    .select(RESULT_COLUMNS)
    .where('studio_sb_events.sport', 'in', filter.sports)
    .where('studio_sb_events.status', 'in', ['ended', 'abandoned'])
    .where('studio_sb_events.starts_at', '>=', filter.from)
    .where('studio_sb_events.starts_at', '<', filter.to);
  if (filter.league) query = query.where('studio_sb_events.league_id', '=', filter.league);
  return query
    .orderBy('studio_sb_events.starts_at', 'desc')
    .orderBy('studio_sb_events.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * `text` as an ILIKE pattern that finds it anywhere: its `\`, `%` and `_` stand for themselves
 * (escaped with `\`, the escape character the queries name).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Leagues of these sports whose name matches `pattern` (containsPattern), by name, at most `limit`,
 * each with how many of its events are live and how many are scheduled to start after `now`. Only
 * those events are joined: a league's finished ones, which pile up day after day, are not counted.
 */
export function leaguesMatching(db: StudioDb, sports: string[], pattern: string, now: Date, limit: number) {
  return db
    .selectFrom('studio_sb_leagues')
    .leftJoin('studio_sb_events', (join) =>
      join
        .onRef('studio_sb_events.league_id', '=', 'studio_sb_leagues.id')
        .on((eb) =>
          eb.or([
            eb('studio_sb_events.status', 'in', ['live', 'break']),
            eb.and([eb('studio_sb_events.status', '=', 'scheduled'), eb('studio_sb_events.starts_at', '>', now)]),
          ]),
        ),
    )
    .select([
      'studio_sb_leagues.id',
      'studio_sb_leagues.name',
      'studio_sb_leagues.sport',
      'studio_sb_leagues.region',
      'studio_sb_leagues.title',
      sql<number>`count(studio_sb_events.id) filter (where studio_sb_events.status in ('live', 'break'))::int`.as(
        'live',
      ),
      sql<number>`count(studio_sb_events.id) filter (where studio_sb_events.status = 'scheduled' and studio_sb_events.starts_at > ${now})::int`.as(
        'upcoming',
      ),
    ])
    .where('studio_sb_leagues.sport', 'in', sports)
    .where(sql<boolean>`studio_sb_leagues.name ilike ${pattern} escape '\\'`)
    .groupBy([
      'studio_sb_leagues.id',
      'studio_sb_leagues.name',
      'studio_sb_leagues.sport',
      'studio_sb_leagues.region',
      'studio_sb_leagues.title',
    ])
    .orderBy('studio_sb_leagues.name')
    .orderBy('studio_sb_leagues.id')
    .limit(limit)
    .execute();
}

/**
 * Events of these sports live now or scheduled to start after `now` whose home side, away side or
 * league name matches `pattern` (containsPattern): live ones first, then by start, at most `limit`.
 */
export function eventsMatching(db: StudioDb, sports: string[], pattern: string, now: Date, limit: number) {
  return db
    .selectFrom('studio_sb_events')
    .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
    .select([
      'studio_sb_events.id',
      'studio_sb_events.sport',
      'studio_sb_events.league_id',
      'studio_sb_events.home',
      'studio_sb_events.away',
      'studio_sb_events.starts_at',
      'studio_sb_events.status',
      'studio_sb_events.state',
      'studio_sb_leagues.name as league_name',
    ])
    .where('studio_sb_events.sport', 'in', sports)
    .where((eb) =>
      eb.or([
        eb('studio_sb_events.status', 'in', ['live', 'break']),
        eb.and([eb('studio_sb_events.status', '=', 'scheduled'), eb('studio_sb_events.starts_at', '>', now)]),
      ]),
    )
    .where(
      sql<boolean>`(studio_sb_events.home ilike ${pattern} escape '\\' or studio_sb_events.away ilike ${pattern} escape '\\' or studio_sb_leagues.name ilike ${pattern} escape '\\')`,
    )
    .orderBy(sql`case when studio_sb_events.status = 'scheduled' then 1 else 0 end`)
    .orderBy('studio_sb_events.starts_at')
    .orderBy('studio_sb_events.id')
    .limit(limit)
    .execute();
}
