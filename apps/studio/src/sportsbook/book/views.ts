import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import type { StudioDb } from '../../kit/db/database';
import type { SbBetStatus, SbEventStatus, SbMarketStatus } from '../../kit/db/schema';
import type { StudioSession } from '../../kit/sessions';
import type { BetStatus, EventCard, EventView, LegView, MarketView, MyBet, MyBetsAnswer, SportView } from '../api';
import { cashOutValue, type OpenBetLeg } from '../model/bets';
import { isBuilderBet } from '../model/builder';
import { MARGIN_FACTOR } from '../model/markets';
import {
  type EventResult,
  type MarketType,
  type MatchState,
  type Outcome,
  type Period,
  type PeriodScore,
  type Score,
  SPORTS,
  type Sport,
} from '../types';
import {
  type EventsWindow,
  eventById,
  leagueCountsOf,
  listedEvents,
  liveEventsOf,
  marketsOfEvents,
} from './events.queries';
import { type Margins, marginIn, readMargins, readSettings } from './settings';
import { fixRowsOf, legRowsOf, playerBetRows } from './views.queries';

// What the book shows: rows of its tables turned into the page's answers (api.ts). Never a row as
// it is: each answer lists its fields.

// The bets' columns as BetRow and FixRow hold them, for the book's files that read bets as the page shows them.
export { BET_COLUMNS, FIX_COLUMNS } from './views.queries';

/** A market's prices as stored: the feed's order of its selections (the page shows them so). */
export type StoredOdds = { key: string; odds1000: number }[];

export type MarketRow = {
  id: number;
  event_id: string;
  key: string;
  type: string;
  period: string;
  line4: number | null;
  status: SbMarketStatus;
  trader_suspended: boolean;
  feed_suspended: boolean;
  odds: unknown;
  outcomes: unknown;
  version: number;
};

export type EventRow = {
  id: string;
  source: string;
  sport: string;
  league_id: string;
  home: string;
  away: string;
  venue: string | null;
  starts_at: Date;
  status: SbEventStatus;
  state: unknown;
  result: unknown;
  trader_suspended: boolean;
  seed_hash: string | null;
  seed: string | null;
  corrections: number;
  league_name: string;
  league_region: string | null;
  league_title: string | null;
};

export const oddsOf = (m: Pick<MarketRow, 'odds'>): StoredOdds => (m.odds as StoredOdds | null) ?? [];
export const selectionId = (eventId: string, marketKey: string, key: string) => `${eventId}/${marketKey}/${key}`;

/** A selection id's parts (api.ts SelectionId), or undefined when it is not one. */
export function parseSelectionId(id: string): { eventId: string; marketKey: string; key: string } | undefined {
  const parts = id.split('/');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return undefined;
  const [eventId, marketKey, key] = parts as [string, string, string];
  return { eventId, marketKey, key };
}

/** The selection's price now: null while its market is not open or it is not offered. */
export function currentOdds(m: Pick<MarketRow, 'odds' | 'status'>, key: string): number | null {
  if (m.status !== 'open') return null;
  return oddsOf(m).find((s) => s.key === key)?.odds1000 ?? null;
}

/**
 * What prices a cash-out: the book's margins (per sport and league, as the trader set them) that its
 * prices hold, and the trader's cash-out margin. The margin comes off a leg's current price from
 * the book's settings, never from the prices on offer: late in a lopsided match the favourite is
 * left out of the 1X2 and what remains adds up to less than 1, which would read as no margin at all.
 */
export type CashOutPricing = { margins: Margins; cashOutMarginPpm: number };

export async function readCashOutPricing(db: StudioDb): Promise<CashOutPricing> {
  return { margins: await readMargins(db), cashOutMarginPpm: (await readSettings(db)).cashOutMarginPpm };
}

/** The margin a leg's market is priced at: its league's (else its sport's) times the market type's factor. */
export function legMarginPpm(
  pricing: CashOutPricing,
  leg: { sport: string; league_id: string; market_type: string },
): number {
  const sport = (SPORTS as readonly string[]).includes(leg.sport) ? (leg.sport as Sport) : undefined;
  const margin = sport ? marginIn(pricing.margins, sport, leg.league_id) : 0;
  return margin * (MARGIN_FACTOR[leg.market_type as MarketType] ?? 1);
}

/** A bet's legs as cashOutValue reads them: each open leg at its current price, with its market's margin. */
export function cashOutLegs(
  pricing: CashOutPricing,
  legs: readonly {
    odds1000: number;
    outcome: Outcome | null;
    selection: string;
    market_status: SbMarketStatus;
    market_odds: unknown;
    market_type: string;
    sport: string;
    league_id: string;
  }[],
): OpenBetLeg[] {
  return legs.map((l) => ({
    odds1000: l.odds1000,
    outcome: l.outcome,
    currentOdds1000:
      l.outcome === null ? currentOdds({ odds: l.market_odds, status: l.market_status }, l.selection) : null,
    marginPpm: l.outcome === null ? legMarginPpm(pricing, l) : 0,
  }));
}

export function marketView(m: MarketRow): MarketView {
  return {
    key: m.key,
    type: m.type as MarketType,
    period: m.period as Period,
    line4: m.line4,
    status: m.status,
    selections: oddsOf(m).map((s) => ({
      id: selectionId(m.event_id, m.key, s.key),
      key: s.key,
      odds1000: m.status === 'open' || m.status === 'suspended' ? s.odds1000 : null,
    })),
  };
}

/** How far a two-way line is from even money: the main line is the closest. */
function imbalance(m: MarketRow): number {
  const odds = oddsOf(m);
  if (odds.length !== 2) return Number.POSITIVE_INFINITY;
  return Math.abs((odds[0]?.odds1000 ?? 0) - (odds[1]?.odds1000 ?? 0));
}

/**
 * The headline markets a list shows: the winner market, the main handicap and total lines (whole
 * match); a sabong fight's Meron / Wala and its draw, which a cockpit's board shows side by side.
 */
export function headlineMarkets(markets: MarketRow[], sport?: string): MarketRow[] {
  const live = markets.filter((m) => m.period === 'ft' && (m.status === 'open' || m.status === 'suspended'));
  const winner = live.find((m) => m.type === '1x2') ?? live.find((m) => m.type === 'winner');
  if (sport === 'cockfight') {
    return [winner, live.find((m) => m.type === 'draw')].filter((m): m is MarketRow => m !== undefined);
  }
  const main = (type: string) =>
    live.filter((m) => m.type === type).sort((a, b) => imbalance(a) - imbalance(b) || a.id - b.id)[0];
  return [winner, main('handicap'), main('total')].filter((m): m is MarketRow => m !== undefined);
}

export function eventCard(e: EventRow, markets: MarketRow[]): EventCard {
  return {
    id: e.id,
    sport: e.sport as Sport,
    league: { id: e.league_id, name: e.league_name, region: e.league_region, title: e.league_title },
    home: e.home,
    away: e.away,
    venue: e.venue,
    startsAt: new Date(e.starts_at).toISOString(),
    status: e.status,
    state: (e.state as MatchState | null) ?? null,
    markets: headlineMarkets(markets, e.sport).map(marketView),
    marketCount: markets.filter((m) => m.status !== 'settled').length,
    seedHash: e.seed_hash,
  };
}

export function eventView(e: EventRow, markets: MarketRow[]): EventView {
  return {
    ...eventCard(e, markets),
    markets: markets.filter((m) => m.status !== 'settled' && m.status !== 'closed').map(marketView),
    seed: e.seed,
  };
}

/** The markets of some events, grouped by event (one query). */
export async function marketsOf(db: StudioDb, eventIds: string[]): Promise<Map<string, MarketRow[]>> {
  const byEvent = new Map<string, MarketRow[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await marketsOfEvents(db, eventIds);
  for (const m of rows) byEvent.get(m.event_id)?.push(m);
  return byEvent;
}

/** The most events a list shows. */
const LIST_LIMIT = 200;

async function eventCards(db: StudioDb, rows: EventRow[]): Promise<EventCard[]> {
  const markets = await marketsOf(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => eventCard(e, markets.get(e.id) ?? []));
}

/** The lobby's sports, each with its leagues that have an event live or still to start after `now`. */
export async function sportViewsOf(db: StudioDb, sports: Sport[], now: Date): Promise<SportView[]> {
  const counts = await leagueCountsOf(db, sports, now);
  return sports.map((sport) => {
    const leagues = counts
      .filter((c) => c.sport === sport && (c.live > 0 || c.upcoming > 0))
      .map((c) => ({
        id: c.id,
        name: c.name,
        region: c.region,
        title: c.title,
        live: Number(c.live),
        upcoming: Number(c.upcoming),
      }));
    return {
      sport,
      live: leagues.reduce((t, l) => t + l.live, 0),
      upcoming: leagues.reduce((t, l) => t + l.upcoming, 0),
      leagues,
    };
  });
}

/** The live events of these sports as the lobby lists them. */
export async function liveEventCards(db: StudioDb, sports: Sport[]): Promise<EventCard[]> {
  return eventCards(db, await liveEventsOf(db, sports, LIST_LIMIT));
}

/**
 * The events of these sports (and league) a list shows: those live, those of a brand day `day` not
 * finished, else those live and those still to start after `now`.
 */
export async function listedEventCards(
  db: StudioDb,
  filter: { sports: Sport[]; league: string | undefined; live: boolean | undefined; day: string | undefined },
  now: Date,
): Promise<EventCard[]> {
  let window: EventsWindow;
  if (filter.live) {
    window = { live: true };
  } else if (filter.day) {
    const timeZone = (await readSettings(db)).timeZone;
    window = { from: dayStart(filter.day, timeZone), to: dayStart(addDays(filter.day, 1), timeZone) };
  } else {
    window = { upcomingAfter: now };
  }
  return eventCards(db, await listedEvents(db, { sports: filter.sports, league: filter.league, window }, LIST_LIMIT));
}

/** An event of these sports with its markets on offer, or undefined when there is none. */
export async function eventDetail(db: StudioDb, eventId: string, sports: Sport[]): Promise<EventView | undefined> {
  const e = await eventById(db, eventId);
  if (!e || !sports.includes(e.sport as Sport)) return undefined;
  const markets = await marketsOf(db, [e.id]);
  return eventView(e, markets.get(e.id) ?? []);
}

// ---- bets ----

export type BetRow = {
  id: number;
  bet_id: string;
  kind: 'single' | 'multiple' | 'system';
  size: number | null;
  combinations: number;
  stake: number;
  open_stake: number;
  odds1000: number;
  potential_payout: number;
  status: SbBetStatus;
  refusal: string | null;
  payout: number;
  cashed_out: number;
  auto_cashout: number | null;
  created_at: Date;
  settled_at: Date | null;
  in_play: boolean;
  player: string;
  vendor: string;
  mode: 'real' | 'trial';
  game_code: string;
};

export type LegRow = {
  bet_id: number;
  leg_no: number;
  event_id: string;
  selection: string;
  odds1000: number;
  outcome: Outcome | null;
  market_key: string;
  market_type: string;
  market_period: string;
  market_line4: number | null;
  market_status: SbMarketStatus;
  market_odds: unknown;
  sport: string;
  league_id: string;
  home: string;
  away: string;
  starts_at: Date;
  event_status: SbEventStatus;
  state: unknown;
  result: unknown;
};

/** The legs of some bets, with their markets and events as they are now. */
export async function legsOf(db: StudioDb, betIds: number[]): Promise<Map<number, LegRow[]>> {
  const byBet = new Map<number, LegRow[]>(betIds.map((id) => [id, []]));
  if (betIds.length === 0) return byBet;
  const rows = await legRowsOf(db, betIds);
  for (const l of rows) byBet.get(l.bet_id)?.push(l);
  return byBet;
}

/** What the book would pay now to end the whole open stake, or null when it offers nothing. */
export function cashOutOffer(
  bet: Pick<BetRow, 'kind' | 'status' | 'open_stake' | 'size' | 'combinations'>,
  legs: LegRow[],
  pricing: CashOutPricing | null,
) {
  if (bet.status !== 'open' || bet.open_stake <= 0 || pricing === null) return null;
  // A builder's value is its joint chance, which its legs' prices do not give: it is not bought back.
  if (isBuilderBet(bet.kind, legs)) return null;
  const value = cashOutValue(
    {
      stake: bet.size === null ? bet.open_stake : Math.floor(bet.open_stake / bet.combinations),
      size: bet.size,
      legs: cashOutLegs(pricing, legs),
    },
    pricing.cashOutMarginPpm,
  );
  return value === null || value <= 0 ? null : value;
}

/**
 * The score a leg's market reads (its period's), as the match card shows it: what decides the
 * match (sets, maps, goals), and beside it in brackets what handicaps and totals count when that
 * differs (tennis games): "2-1 (14-17)".
 */
export function scoreText(l: LegRow): string | null {
  const score = scoreOf(l);
  if (!score) return null;
  const { decided, counted } = score;
  const text = `${decided.home}-${decided.away}`;
  return counted.home === decided.home && counted.away === decided.away
    ? text
    : `${text} (${counted.home}-${counted.away})`;
}

/** The scores a leg's market reads (its period's), both of them; null before the match starts. */
export function scoreOf(l: LegRow): { decided: Score; counted: Score } | null {
  const result = l.result as EventResult | null;
  const state = l.state as MatchState | null;
  const h1 = l.market_period === 'h1';
  const score: PeriodScore | undefined = h1 ? (result?.h1 ?? state?.h1 ?? state?.score) : (result?.ft ?? state?.score);
  if (!score || l.event_status === 'scheduled') return null;
  return {
    decided: { home: score.decided.home, away: score.decided.away },
    counted: { home: score.counted.home, away: score.counted.away },
  };
}

function legView(l: LegRow): LegView {
  return {
    selectionId: selectionId(l.event_id, l.market_key, l.selection),
    eventId: l.event_id,
    event: `${l.home} v ${l.away}`,
    sport: l.sport as Sport,
    startsAt: new Date(l.starts_at).toISOString(),
    market: {
      key: l.market_key,
      type: l.market_type as MarketType,
      period: l.market_period as Period,
      line4: l.market_line4,
    },
    selection: l.selection,
    odds1000: l.odds1000,
    outcome: l.outcome,
    score: scoreText(l),
  };
}

/** The player's word for a bet's state: a settled bet won (paid anything but its stake back), lost or void. */
export function betStatus(b: Pick<BetRow, 'status' | 'payout' | 'open_stake'>, legs: { outcome: Outcome | null }[]) {
  switch (b.status) {
    case 'betting':
    case 'pending':
      return 'pending' satisfies BetStatus;
    case 'open':
      return 'open' satisfies BetStatus;
    case 'cashed_out':
      return 'cashed_out' satisfies BetStatus;
    case 'refused':
      return 'refused' satisfies BetStatus;
    case 'settled':
      if (legs.every((l) => l.outcome === 'void' || l.outcome === 'push')) return 'void' satisfies BetStatus;
      return (b.payout > 0 ? 'won' : 'lost') satisfies BetStatus;
  }
}

/**
 * The reason a correction from the feed (or its settlement resumed after a stop) carries: the
 * trader's words are passed on as typed, this one is not words for the player: the round detail
 * leaves it out and the player site says "result corrected" in the member's language.
 */
export const FEED_CORRECTION_REASON = 'result corrected';

export type Correction = { at: string; amount: number; reason: string | null };

/** A correction's move as the book keeps it (studio_sb_moves, kind 'fix'). */
export type FixRow = {
  amount: number;
  status: string;
  taken: number | null;
  uncollected: number;
  reason: string | null;
  created_at: Date | string;
};

/**
 * What a correction moved: a debit the wallet answered moved what the player's cash gave (`taken`),
 * which may be less than asked; anything else moves its amount (a debit still on its way, as asked).
 */
export function movedBy(f: Pick<FixRow, 'amount' | 'status' | 'taken'>): number {
  return f.status === 'done' && f.amount < 0 && f.taken !== null ? -f.taken : f.amount;
}

/**
 * What a settled bet paid in all: its payout and cash-outs as the book settled them, plus what its
 * corrections could not take back (the player keeps it: a later correction nets it, and then it is no
 * longer counted here, see moves.ts priceCorrection).
 */
export function paidInAll(b: Pick<BetRow, 'payout' | 'cashed_out'>, fixes: Pick<FixRow, 'uncollected'>[]): number {
  return b.payout + b.cashed_out + fixes.reduce((t, f) => t + f.uncollected, 0);
}

/** A bet as the page shows it; `pricing` prices its cash-out (null: the bet is not open, no offer). */
export function myBet(b: BetRow, legs: LegRow[], fixes: FixRow[], pricing: CashOutPricing | null): MyBet {
  return {
    id: b.bet_id,
    kind: isBuilderBet(b.kind, legs) ? 'builder' : b.kind,
    size: b.size,
    combinations: b.combinations,
    placedAt: new Date(b.created_at).toISOString(),
    stake: b.stake,
    openStake: b.open_stake,
    odds1000: b.odds1000,
    potentialPayout: b.potential_payout,
    status: betStatus(b, legs),
    // What it paid, settlement and corrections as they moved: a shortfall stays paid.
    payout: b.payout + fixes.reduce((t, f) => t + f.uncollected, 0),
    cashedOut: b.cashed_out,
    cashOut: cashOutOffer(b, legs, pricing),
    autoCashOut: b.status === 'open' || b.status === 'cashed_out' ? b.auto_cashout : null,
    settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
    corrections: fixes.map(
      (f): Correction => ({
        at: new Date(f.created_at).toISOString(),
        amount: movedBy(f),
        reason: f.reason && f.reason !== FEED_CORRECTION_REASON ? f.reason : null,
      }),
    ),
    legs: legs.map(legView),
    refusal: b.status === 'refused' ? b.refusal : null,
  };
}

/** Bets as the page shows them (their legs and corrections read in two queries). */
export async function myBets(db: StudioDb, bets: BetRow[]): Promise<MyBet[]> {
  const ids = bets.map((b) => b.id);
  const legs = await legsOf(db, ids);
  const fixes = new Map<number, FixRow[]>();
  if (ids.length > 0) {
    const rows = await fixRowsOf(db, ids);
    for (const r of rows) {
      const list = fixes.get(r.bet_id) ?? [];
      list.push(r);
      fixes.set(r.bet_id, list);
    }
  }
  // Only an open bet is offered a cash-out: the prices' margins are read for none other.
  const pricing = bets.some((b) => b.status === 'open') ? await readCashOutPricing(db) : null;
  return bets.map((b) => myBet(b, legs.get(b.id) ?? [], fixes.get(b.id) ?? [], pricing));
}

const OPEN_STATUSES: SbBetStatus[] = ['betting', 'pending', 'open'];
const SETTLED_STATUSES: SbBetStatus[] = ['settled', 'cashed_out', 'refused'];

/**
 * A page of the session's bets (its player's, of its game code and mode), open or settled, newest
 * first: `limit` of them placed before the bet `cursor` (a row id) when given, and the next cursor.
 */
export async function playerBets(
  db: StudioDb,
  s: StudioSession,
  q: { status: 'open' | 'settled'; cursor?: string | undefined; limit: number },
): Promise<MyBetsAnswer> {
  const rows = await playerBetRows(
    db,
    s,
    q.status === 'open' ? [...OPEN_STATUSES] : [...SETTLED_STATUSES],
    q.cursor ? Number(q.cursor) : undefined,
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  return {
    bets: await myBets(db, page),
    next: rows.length > q.limit ? String(page[page.length - 1]?.id) : null,
  };
}
