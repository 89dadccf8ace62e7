// Invented events, markets, bets and a lobby for the sportsbook page's tests: made-up teams,
// leagues and places only, shaped as the book's answers (api.ts).
import type {
  EventCard,
  EventView,
  LobbyAnswer,
  MarketView,
  MyBet,
  ResultsAnswer,
  ResultView,
  SearchAnswer,
} from '../../sportsbook/api';
import type { MarketType, Period, Sport } from '../../sportsbook/types';

export const T0 = Date.parse('2026-11-27T11:00:00.000Z');

export function market(
  eventId: string,
  type: MarketType,
  odds: Record<string, number | null>,
  o: { period?: Period; line4?: number | null; status?: MarketView['status'] } = {},
): MarketView {
  const period = o.period ?? 'ft';
  const key = `${type}:${period}:${o.line4 ?? '-'}`;
  return {
    key,
    type,
    period,
    line4: o.line4 ?? null,
    status: o.status ?? 'open',
    selections: Object.entries(odds).map(([k, v]) => ({ id: `${eventId}/${key}/${k}`, key: k, odds1000: v })),
  };
}

export function card(id: string, o: Partial<EventCard> = {}): EventCard {
  const markets = o.markets ?? [
    market(id, '1x2', { home: 2100, draw: 3300, away: 3400 }),
    market(id, 'handicap', { home: 1950, away: 1900 }, { line4: -1 }),
    market(id, 'total', { over: 1850, under: 2000 }, { line4: 10 }),
  ];
  return {
    id,
    sport: 'football' as Sport,
    league: { id: 'coastal-1', name: 'Coastal First Division', region: 'Testland', title: null },
    home: 'Alder Vale',
    away: 'Brindle Port',
    venue: 'Marsh Lane Ground',
    startsAt: new Date(T0 + 3_600_000).toISOString(),
    status: 'scheduled',
    state: null,
    markets,
    marketCount: 24,
    seedHash: 'a'.repeat(64),
    ...o,
  };
}

export function liveCard(id: string, o: Partial<EventCard> = {}): EventCard {
  return card(id, {
    home: 'Cinder Bay',
    away: 'Dovecote Town',
    startsAt: new Date(T0 - 3_000_000).toISOString(),
    status: 'live',
    state: {
      status: 'live',
      clock: { seconds: 2520, running: true },
      phase: '1H',
      score: { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } },
    },
    ...o,
  });
}

export function fullEvent(id: string): EventView {
  return {
    ...card(id),
    markets: [
      market(id, '1x2', { home: 2100, draw: 3300, away: 3400 }),
      market(id, 'double_chance', { home_draw: 1300, home_away: 1350, draw_away: 1650 }),
      market(id, 'handicap', { home: 1950, away: 1900 }, { line4: -1 }),
      market(id, 'handicap', { home: 2200, away: 1700 }, { line4: -3 }),
      market(id, 'total', { over: 1850, under: 2000 }, { line4: 10 }),
      market(id, 'total', { over: 2050, under: 1800 }, { line4: 9 }),
      market(id, 'correct_score', { '1-0': 7500, '0-0': 9000, '0-1': 11000, other: 4000 }),
      market(id, 'btts', { yes: 1800, no: 2000 }, { status: 'suspended' }),
      market(id, '1x2', { home: 2800, draw: 2100, away: 4200 }, { period: 'h1' }),
    ],
    seed: null,
  };
}

export function lobby(o: Partial<LobbyAnswer> = {}): LobbyAnswer {
  return {
    category: 'SPORTS',
    sports: [
      {
        sport: 'football',
        live: 1,
        upcoming: 2,
        leagues: [
          { id: 'coastal-1', name: 'Coastal First Division', region: 'Testland', title: null, live: 1, upcoming: 2 },
        ],
      },
      {
        sport: 'tennis',
        live: 0,
        upcoming: 1,
        leagues: [{ id: 'clay-open', name: 'Clayfield Open', region: null, title: null, live: 0, upcoming: 1 }],
      },
    ],
    live: [liveCard('ev-live')],
    days: ['2026-11-27', '2026-11-28', '2026-11-29'],
    timeZone: 'Asia/Manila',
    prefs: { oddsFormat: 'decimal', oddsChange: 'higher' },
    balance: 100_000,
    currency: 'PHP',
    limits: { minStake: 100, maxPayout: 50_000_000, maxLegs: 10 },
    mode: 'real',
    language: 'EN',
    lobbyUrl: '/games/sports',
    ...o,
  };
}

export function myBet(id: string, o: Partial<MyBet> = {}): MyBet {
  return {
    id,
    kind: 'single',
    size: null,
    combinations: 1,
    placedAt: new Date(T0).toISOString(),
    stake: 1000,
    openStake: 1000,
    odds1000: 2100,
    potentialPayout: 2100,
    status: 'open',
    payout: 0,
    cashedOut: 0,
    cashOut: 950,
    autoCashOut: null,
    settledAt: null,
    corrections: [],
    legs: [
      {
        selectionId: 'ev-a/1x2:ft:-/home',
        eventId: 'ev-a',
        event: 'Alder Vale v Brindle Port',
        sport: 'football',
        startsAt: new Date(T0).toISOString(),
        market: { key: '1x2:ft:-', type: '1x2', period: 'ft', line4: null },
        selection: 'home',
        odds1000: 2100,
        outcome: null,
        score: null,
      },
    ],
    ...o,
  };
}

/** A finished football match of the Coastal First Division, 2-1 (1-0 at half time). */
export function resultOf(id: string, o: Partial<ResultView> = {}): ResultView {
  return {
    id,
    sport: 'football',
    league: { id: 'coastal-1', name: 'Coastal First Division', region: 'Testland', title: null },
    home: 'Ashby Rovers',
    away: 'Birchfield',
    startsAt: '2026-11-27T02:00:00.000Z',
    status: 'ended',
    score: { home: 2, away: 1 },
    counted: null,
    periods: [{ period: '1H', home: 1, away: 0 }],
    ...o,
  };
}

/** A day's results as the book answers them (today 2026-11-27 and the six days before). */
export function resultsAnswer(day: string, results: ResultView[]): ResultsAnswer {
  const days = Array.from({ length: 7 }, (_, i) => `2026-11-${String(27 - i).padStart(2, '0')}`);
  return { day, days, results };
}

/** A search's answer: one league and one upcoming match. */
export function searchAnswer(o: Partial<SearchAnswer> = {}): SearchAnswer {
  return {
    leagues: [
      {
        id: 'coastal-1',
        name: 'Coastal First Division',
        sport: 'football',
        region: 'Testland',
        title: null,
        live: 1,
        upcoming: 2,
      },
    ],
    events: [
      {
        id: 'ev-a',
        sport: 'football',
        league: { id: 'coastal-1', name: 'Coastal First Division' },
        home: 'Ashby Rovers',
        away: 'Birchfield',
        startsAt: '2026-11-27T12:00:00.000Z',
        status: 'scheduled',
        score: null,
      },
    ],
    ...o,
  };
}
