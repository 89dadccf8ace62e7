import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import type { StudioDb } from '../../kit/db/database';
import type { SbEventStatus } from '../../kit/db/schema';
import type {
  PeriodResult,
  ResultsAnswer,
  ResultView,
  ScorePair,
  SearchAnswer,
  SearchEvent,
  SearchLeague,
} from '../api';
import type { EventResult, MatchState, Sport } from '../types';
import { containsPattern, eventsMatching, finishedEvents, leaguesMatching } from './results.queries';
import { readSettings } from './settings';

// The results list and the search: rows of results.queries.ts turned into the page's answers
// (api.ts ResultView, SearchLeague, SearchEvent), each field named.

/** The most finished events one day's list shows. */
export const RESULTS_LIMIT = 200;
/** The most leagues, and the most events, a search answers. */
export const SEARCH_LIMIT = 20;
/** The days the results screen offers: today and the six before. */
const RESULT_DAYS = 7;

type ResultRow = {
  id: string;
  sport: string;
  league_id: string;
  home: string;
  away: string;
  starts_at: Date;
  status: SbEventStatus;
  state: unknown;
  result: unknown;
  league_name: string;
  league_region: string | null;
  league_title: string | null;
};

const pair = (s: { home: number; away: number }): ScorePair => ({ home: s.home, away: s.away });
const samePair = (a: ScorePair, b: ScorePair) => a.home === b.home && a.away === b.away;

/**
 * The parts of a match the book kept: the first half (from the result, else the last state), and the
 * sets and maps the simulator's state lists as "6-4" under set1.., map1.. (a provider's state has none).
 */
export function periodsOf(result: EventResult | null, state: MatchState | null): PeriodResult[] {
  const out: PeriodResult[] = [];
  const h1 = result?.h1 ?? state?.h1;
  if (h1) out.push({ period: '1H', ...pair(h1.decided) });
  for (const [prefix, phase] of [
    ['set', 'S'],
    ['map', 'M'],
  ] as const) {
    for (let n = 1; n <= 7; n++) {
      const text = state?.detail?.[`${prefix}${n}`];
      const m = typeof text === 'string' ? /^(\d{1,4})-(\d{1,4})$/.exec(text) : null;
      if (!m) break;
      out.push({ period: `${phase}${n}`, home: Number(m[1]), away: Number(m[2]) });
    }
  }
  return out;
}

export function resultView(r: ResultRow): ResultView {
  const result = (r.result as EventResult | null) ?? null;
  const state = (r.state as MatchState | null) ?? null;
  // An ended match's score is its result's; an abandoned one shows where it stood when stopped, if
  // it had started (a result it had before was voided with its bets).
  const kept = r.status === 'abandoned' ? null : result;
  const final = kept?.ft ?? state?.score ?? null;
  const score = final ? pair(final.decided) : null;
  const counted = final ? pair(final.counted) : null;
  return {
    id: r.id,
    sport: r.sport as Sport,
    league: { id: r.league_id, name: r.league_name, region: r.league_region, title: r.league_title },
    home: r.home,
    away: r.away,
    startsAt: new Date(r.starts_at).toISOString(),
    status: r.status === 'abandoned' ? 'abandoned' : 'ended',
    score,
    counted: score && counted && !samePair(score, counted) ? counted : null,
    periods: periodsOf(kept, state),
  };
}

/**
 * The finished events of these sports (and league) that started on the brand day `day` (today when
 * absent), newest first, with the days the page offers.
 */
export async function resultsOf(
  db: StudioDb,
  filter: { sports: Sport[]; league: string | undefined; day: string | undefined },
  now: Date,
): Promise<ResultsAnswer> {
  const timeZone = (await readSettings(db)).timeZone;
  const today = brandDay(now, timeZone);
  const day = filter.day ?? today;
  const days = Array.from({ length: RESULT_DAYS }, (_, i) => addDays(today, -i));
  if (filter.sports.length === 0) return { day, days, results: [] };
  const rows = await finishedEvents(
    db,
    {
      sports: filter.sports,
      league: filter.league,
      from: dayStart(day, timeZone),
      to: dayStart(addDays(day, 1), timeZone),
    },
    RESULTS_LIMIT,
  );
  return { day, days, results: rows.map(resultView) };
}

/** Leagues and live or upcoming events of these sports whose names hold `q` (any case; `%` and `_` as typed). */
export async function searchBook(db: StudioDb, sports: Sport[], q: string, now: Date): Promise<SearchAnswer> {
  if (sports.length === 0) return { leagues: [], events: [] };
  const pattern = containsPattern(q);
  const leagues = await leaguesMatching(db, sports, pattern, now, SEARCH_LIMIT);
  const events = await eventsMatching(db, sports, pattern, now, SEARCH_LIMIT);
  return {
    leagues: leagues.map(
      (l): SearchLeague => ({
        id: l.id,
        name: l.name,
        sport: l.sport as Sport,
        region: l.region,
        title: l.title,
        live: Number(l.live),
        upcoming: Number(l.upcoming),
      }),
    ),
    events: events.map((e): SearchEvent => {
      const state = (e.state as MatchState | null) ?? null;
      return {
        id: e.id,
        sport: e.sport as Sport,
        league: { id: e.league_id, name: e.league_name },
        home: e.home,
        away: e.away,
        startsAt: new Date(e.starts_at).toISOString(),
        status: e.status,
        score: e.status !== 'scheduled' && state ? pair(state.score.decided) : null,
      };
    }),
  };
}
