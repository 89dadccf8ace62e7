import type {
  TraderBet,
  TraderEvent,
  TraderEventDetail,
  TraderEventsQuery,
  TraderMargins,
  TraderMarket,
  TraderPlayerFactor,
  TraderProfitAnswer,
} from '@gamehall/shared/api/sportsbook-trader';
import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { StudioDb } from '../../kit/db/database';
import { MARGIN_FACTOR } from '../model/markets';
import type { EventResult, MatchState, PeriodScore, Sport } from '../types';
import { SPORTS } from '../types';
import type { Book } from './book';
import { liabilityOf } from './placing';
import { FULL_FACTOR, factorsOf, marginIn, readMargins, readSettings } from './settings';
import { type EventRow, eventsQuery, MARKET_COLUMNS, type MarketRow, oddsOf } from './views';

// The trader's views of the book (packages/shared/src/api/sportsbook-trader.ts): events with their
// stakes and liability, an event's markets with each selection's liability, the bets ticker and the
// profit by sport, league or market type over brand days. Real money only: trial bets never count.

type ExposureRow = { market_id: number; selection: string; stake: number; payout: number; bets: number };

async function exposureOf(db: StudioDb, eventIds: string[]): Promise<Map<string, ExposureRow[]>> {
  const byEvent = new Map<string, ExposureRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
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
  for (const r of rows) {
    const list = byEvent.get(r.event_id) ?? [];
    list.push(r);
    byEvent.set(r.event_id, list);
  }
  return byEvent;
}

/** Open stake and open bets per event (real bets still running). */
async function stakesOf(db: StudioDb, eventIds: string[]) {
  const out = new Map<string, { stake: number; bets: number }>();
  if (eventIds.length === 0) return out;
  const rows = await db
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
  for (const r of rows) out.set(r.event_id, { stake: Number(r.stake), bets: Number(r.bets) });
  return out;
}

function traderEvent(
  e: EventRow,
  marginPpm: number,
  stakes: { stake: number; bets: number } | undefined,
  exposure: ExposureRow[],
): TraderEvent {
  const state = e.state as MatchState | null;
  const result = e.result as EventResult | null;
  const byMarket = new Map<number, ExposureRow[]>();
  for (const r of exposure) byMarket.set(r.market_id, [...(byMarket.get(r.market_id) ?? []), r]);
  const liabilities = [...byMarket.values()].map(liabilityOf);
  const score: PeriodScore | null = result?.ft ?? state?.score ?? null;
  return {
    id: e.id,
    sport: e.sport as Sport,
    league: { id: e.league_id, name: e.league_name },
    home: e.home,
    away: e.away,
    startsAt: new Date(e.starts_at).toISOString(),
    status: e.status,
    score,
    phase: state?.phase ?? null,
    suspended: e.trader_suspended,
    marginPpm,
    stake: stakes?.stake ?? 0,
    liability: liabilities.length > 0 ? Math.max(...liabilities) : 0,
    bets: stakes?.bets ?? 0,
    result: result ? { ft: result.ft, ...(result.h1 ? { h1: result.h1 } : {}) } : null,
    corrections: e.corrections,
    source: e.source,
  };
}

function traderMarket(m: MarketRow, exposure: ExposureRow[]): TraderMarket {
  const mine = exposure.filter((r) => r.market_id === m.id);
  const total = mine.reduce((t, r) => t + r.stake, 0);
  const keys = [...new Set([...oddsOf(m).map((s) => s.key), ...mine.map((r) => r.selection)])];
  return {
    key: m.key,
    type: m.type,
    period: m.period,
    line4: m.line4,
    status: m.status,
    suspendedBy: m.trader_suspended ? 'trader' : m.feed_suspended ? 'feed' : null,
    selections: keys.map((key) => {
      const r = mine.find((x) => x.selection === key);
      return {
        key,
        odds1000: oddsOf(m).find((s) => s.key === key)?.odds1000 ?? null,
        liability: (r?.payout ?? 0) - total,
        stake: r?.stake ?? 0,
        bets: r?.bets ?? 0,
      };
    }),
    liability: liabilityOf(mine),
  };
}

export async function traderEvents(book: Book, q: z.infer<typeof TraderEventsQuery>) {
  const db = book.deps.db;
  let query = eventsQuery(db);
  if (q.status === 'open') query = query.where('studio_sb_events.status', 'in', ['scheduled', 'live', 'break']);
  else if (q.status === 'live') query = query.where('studio_sb_events.status', 'in', ['live', 'break']);
  else if (q.status) query = query.where('studio_sb_events.status', '=', q.status as 'scheduled');
  if (q.sport) query = query.where('studio_sb_events.sport', '=', q.sport);
  if (q.league) query = query.where('studio_sb_events.league_id', '=', q.league);
  // One day, or a range of days (either end open); both in the book's time zone.
  const from = q.day ?? q.from;
  const to = q.day ?? q.to;
  if (from || to) {
    const timeZone = (await readSettings(db)).timeZone;
    if (from) query = query.where('studio_sb_events.starts_at', '>=', dayStart(from, timeZone));
    if (to) query = query.where('studio_sb_events.starts_at', '<', dayStart(addDays(to, 1), timeZone));
  }
  const total = await query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('studio_sb_events.starts_at')
    .orderBy('studio_sb_events.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  const ids = rows.map((e) => e.id);
  const [stakes, exposure, margins] = [await stakesOf(db, ids), await exposureOf(db, ids), await readMargins(db)];
  return {
    list: rows.map((e) =>
      traderEvent(e, marginIn(margins, e.sport as Sport, e.league_id), stakes.get(e.id), exposure.get(e.id) ?? []),
    ),
    totalRow: Number(total.n),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function traderEventDetail(book: Book, eventId: string): Promise<TraderEventDetail | undefined> {
  const db = book.deps.db;
  const e = await eventsQuery(db).where('studio_sb_events.id', '=', eventId).executeTakeFirst();
  if (!e) return undefined;
  const [stakes, exposure, margins] = [await stakesOf(db, [e.id]), await exposureOf(db, [e.id]), await readMargins(db)];
  const markets = await db
    .selectFrom('studio_sb_markets')
    .select(MARKET_COLUMNS)
    .where('event_id', '=', e.id)
    .orderBy('id')
    .execute();
  const mine = exposure.get(e.id) ?? [];
  return {
    ...traderEvent(e, marginIn(margins, e.sport as Sport, e.league_id), stakes.get(e.id), mine),
    markets: markets.map((m) => traderMarket(m, mine)),
  };
}

/** A trader suspends or resumes markets (by key) or the whole event; the feed's resume never lifts it. */
export async function traderSuspend(book: Book, eventId: string, suspend: boolean, keys?: string[]): Promise<boolean> {
  const db = book.deps.db;
  const now = book.deps.now();
  const found = await db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom('studio_sb_events')
      .select('id')
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!e) return false;
    if (!keys) {
      await trx
        .updateTable('studio_sb_events')
        .set({ trader_suspended: suspend, updated_at: now })
        .where('id', '=', eventId)
        .execute();
    }
    let q = trx
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
    return true;
  });
  if (found) await book.feed.publishMarkets(eventId);
  return found;
}

export async function traderMargins(db: StudioDb): Promise<TraderMargins> {
  const margins = await readMargins(db);
  const leagues = await db.selectFrom('studio_sb_leagues').select(['id', 'name', 'sport']).orderBy('name').execute();
  return {
    sports: Object.fromEntries(SPORTS.map((s) => [s, margins.sports[s]])),
    leagues: leagues.map((l) => ({
      id: l.id,
      name: l.name,
      sport: l.sport as Sport,
      marginPpm: margins.leagues.get(l.id) ?? null,
    })),
    marketFactors: { ...MARGIN_FACTOR },
  };
}

export async function traderBets(
  book: Book,
  q: { after?: string | undefined; big?: boolean | undefined; eventId?: string | undefined; limit: number },
): Promise<{ list: TraderBet[]; next: string | null }> {
  const db = book.deps.db;
  const settings = await readSettings(db);
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
  if (q.big) query = query.where('stake', '>=', settings.bigBet);
  if (q.eventId) {
    const eventId = q.eventId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_sb_legs')
          .select('studio_sb_legs.id')
          .whereRef('studio_sb_legs.bet_id', '=', 'studio_sb_bets.id')
          .where('studio_sb_legs.event_id', '=', eventId),
      ),
    );
  }
  // Newest first; `after` keeps to bets placed since the cursor the last answer gave.
  const after = q.after && /^[0-9]{1,15}$/.test(q.after) ? Number(q.after) : undefined;
  if (after !== undefined) query = query.where('id', '>', after);
  const rows = await query.orderBy('id', 'desc').limit(q.limit).execute();
  const ids = rows.map((r) => r.id);
  const legs =
    ids.length === 0
      ? []
      : await db
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
          .where('studio_sb_legs.bet_id', 'in', ids)
          .orderBy('studio_sb_legs.bet_id')
          .orderBy('studio_sb_legs.leg_no')
          .execute();
  const list = rows.map((b) => ({
    id: b.bet_id,
    player: b.player,
    kind: b.kind,
    legs: legs
      .filter((l) => l.bet_id === b.id)
      .map((l) => ({
        eventId: l.event_id,
        event: `${l.home} v ${l.away}`,
        market: l.key,
        selection: l.selection,
        odds1000: l.odds1000,
      })),
    stake: b.stake,
    potentialPayout: b.potential_payout,
    status: b.status,
    payout: b.payout + b.cashed_out,
    big: b.stake >= settings.bigBet,
    placedAt: new Date(b.created_at).toISOString(),
    inPlay: b.in_play,
  }));
  const newest = rows[0];
  return { list, next: newest ? String(newest.id) : (q.after ?? null) };
}

/** The players whose trader factor or risk factor is not the book's full one, with both. */
export async function traderPlayers(db: StudioDb): Promise<{ list: TraderPlayerFactor[] }> {
  const rows = await db
    .selectFrom('studio_sb_players')
    .select(['player', 'factor_ppm', 'risk_level', 'risk_factor_ppm'])
    .where((eb) => eb.or([eb('factor_ppm', '<>', FULL_FACTOR), eb('risk_factor_ppm', '<>', FULL_FACTOR)]))
    .orderBy('player')
    .execute();
  return { list: rows.map((r) => factorsOf(r.player, r)) };
}

export async function traderProfit(
  book: Book,
  q: { from: string; to: string; by: 'sport' | 'league' | 'market' },
): Promise<TraderProfitAnswer> {
  const db = book.deps.db;
  const timeZone = (await readSettings(db)).timeZone;
  const from = dayStart(q.from, timeZone);
  const to = dayStart(addDays(q.to, 1), timeZone);
  // A single counts under its leg's sport, league or market type. A multiple or system bet, whose
  // legs may span sports, leagues and market types, counts in a row of its own kind whatever the report
  // is by: its result is the product of all its legs, so no one leg's row may carry it.
  const single =
    q.by === 'sport'
      ? { key: sql<string>`e.sport`, label: sql<string>`e.sport` }
      : q.by === 'league'
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
  const rows = result.rows.map((r) => {
    const stake = Number(r.stake);
    const payout = Number(r.payout);
    return {
      key: r.key,
      label: r.label,
      bets: Number(r.bets),
      stake,
      payout,
      profit: stake - payout,
      uncollected: Number(r.uncollected),
    };
  });
  const total = { key: 'total', label: 'Total', bets: 0, stake: 0, payout: 0, profit: 0, uncollected: 0 };
  for (const r of rows) {
    total.bets += r.bets;
    total.stake += r.stake;
    total.payout += r.payout;
    total.profit += r.profit;
    total.uncollected += r.uncollected;
  }
  return { rows, total, timeZone };
}
