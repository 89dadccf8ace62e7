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
import type { z } from 'zod';
import type { StudioDb } from '../../kit/db/database';
import { MARGIN_FACTOR } from '../model/markets';
import type { EventResult, MatchState, PeriodScore, Sport } from '../types';
import { SPORTS } from '../types';
import type { Book } from './book';
import {
  countTraderEvents,
  eventById,
  marketsOfEvent,
  type TraderEventsFilter,
  traderEventsPage,
} from './events.queries';
import { liabilityOf } from './placing';
import { FULL_FACTOR, factorsOf, marginIn, readMargins, readSettings } from './settings';
import { playersOffFullFactor } from './settings.queries';
import {
  exposureRowsOf,
  leaguesByName,
  lockEvent,
  openStakesOf,
  profitRows,
  setEventTraderSuspended,
  setMarketsTraderSuspended,
  tickerBets,
  tickerLegsOf,
} from './trader.queries';
import { type EventRow, type MarketRow, oddsOf } from './views';

// The trader's views of the book (packages/shared/src/api/sportsbook-trader.ts): events with their
// stakes and liability, an event's markets with each selection's liability, the bets ticker and the
// profit by sport, league or market type over brand days. Real money only: trial bets never count.

type ExposureRow = { market_id: number; selection: string; stake: number; payout: number; bets: number };

async function exposureOf(db: StudioDb, eventIds: string[]): Promise<Map<string, ExposureRow[]>> {
  const byEvent = new Map<string, ExposureRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await exposureRowsOf(db, eventIds);
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
  const rows = await openStakesOf(db, eventIds);
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
  const filter: TraderEventsFilter = {
    status: q.status === 'open' ? ['scheduled', 'live', 'break'] : q.status === 'live' ? ['live', 'break'] : q.status,
    sport: q.sport,
    league: q.league,
    from: undefined,
    to: undefined,
  };
  // One day, or a range of days (either end open); both in the book's time zone.
  const from = q.day ?? q.from;
  const to = q.day ?? q.to;
  if (from || to) {
    const timeZone = (await readSettings(db)).timeZone;
    if (from) filter.from = dayStart(from, timeZone);
    if (to) filter.to = dayStart(addDays(to, 1), timeZone);
  }
  const total = await countTraderEvents(db, filter);
  const rows = await traderEventsPage(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize);
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
  const e = await eventById(db, eventId);
  if (!e) return undefined;
  const [stakes, exposure, margins] = [await stakesOf(db, [e.id]), await exposureOf(db, [e.id]), await readMargins(db)];
  const markets = await marketsOfEvent(db, e.id);
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
    const e = await lockEvent(trx, eventId);
    if (!e) return false;
    if (!keys) await setEventTraderSuspended(trx, eventId, suspend, now);
    await setMarketsTraderSuspended(trx, eventId, suspend, keys, now);
    return true;
  });
  if (found) await book.feed.publishMarkets(eventId);
  return found;
}

export async function traderMargins(db: StudioDb): Promise<TraderMargins> {
  const margins = await readMargins(db);
  const leagues = await leaguesByName(db);
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
  // Newest first; `after` keeps to bets placed since the cursor the last answer gave.
  const after = q.after && /^[0-9]{1,15}$/.test(q.after) ? Number(q.after) : undefined;
  const rows = await tickerBets(db, {
    minStake: q.big ? settings.bigBet : undefined,
    eventId: q.eventId,
    afterId: after,
    limit: q.limit,
  });
  const ids = rows.map((r) => r.id);
  const legs = ids.length === 0 ? [] : await tickerLegsOf(db, ids);
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
  const rows = await playersOffFullFactor(db, FULL_FACTOR);
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
  // A multiple or system bet counts in a row of its own kind, whatever the report is by (profitRows).
  const rows = (await profitRows(db, q.by, from, to)).map((r) => {
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
