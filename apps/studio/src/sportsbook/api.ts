import { z } from 'zod';
import type { EventStatus, MarketType, MatchState, Outcome, Period, Sport } from './types';
import { Odds1000 } from './types';

// The sportsbook page's API (routes under /studio/api/sb, socket /studio/ws/sb), declared once for
// the server (book/sportsbook.routes.ts validates the bodies with these schemas) and the page
// (client/sportsbook reads the types with `import type`). Amounts are minor units, odds thousandths.

export const ODDS_FORMATS = ['decimal', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** What the slip does when a price moved between the player's view and the bet: accept any, only higher, or ask. */
export const ODDS_CHANGE = ['any', 'higher', 'none'] as const;
export type OddsChangeRule = (typeof ODDS_CHANGE)[number];

/**
 * 'builder': a bet builder, 2 to 6 selections of one football match priced together at the chance
 * that they all win (model/builder.ts); the book keeps it as a multiple whose legs are of one event.
 */
export const BET_KINDS = ['single', 'multiple', 'system', 'builder'] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** A selection's id: `<eventId>/<marketKey>/<selectionKey>` (types.ts marketKey). */
export const SelectionId = z.string().min(5).max(160);

// ---- request bodies ----

export const PrefsBody = z.object({
  oddsFormat: z.enum(ODDS_FORMATS).optional(),
  oddsChange: z.enum(ODDS_CHANGE).optional(),
});
export type PrefsRequest = z.input<typeof PrefsBody>;

export const SlipLeg = z.object({ selectionId: SelectionId, odds1000: Odds1000 });

/**
 * Places what a bet slip holds: every single, the multiple of all its legs, and system bets
 * (`size` of the legs in every combination, e.g. 2 for 2/3), each with its own stake (per
 * combination for a system bet). Each placed bet is one round on the platform.
 */
export const PlaceBody = z.object({
  /** The slip's own id: a retried request with the same id places nothing twice. */
  requestId: z.string().uuid(),
  legs: z.array(SlipLeg).min(1).max(20),
  bets: z
    .array(
      z.object({
        kind: z.enum(BET_KINDS),
        /** single: the leg's selectionId. */
        selectionId: SelectionId.optional(),
        /** system: legs per combination (2..legs-1). */
        size: z.number().int().min(2).max(19).optional(),
        /** builder: its legs among the slip's (all of them when absent), all of one match. */
        selectionIds: z.array(SelectionId).min(1).max(20).optional(),
        /** builder: the joint price the page showed, checked against the price now by the odds-change rule. */
        odds1000: Odds1000.optional(),
        /** Minor units: per bet, per combination for system bets. */
        stake: z.number().int().min(1).max(100_000_000_000),
      }),
    )
    .min(1)
    .max(25),
  oddsChange: z.enum(ODDS_CHANGE),
});
export type PlaceRequest = z.input<typeof PlaceBody>;

export const QuoteBody = z.object({
  legs: z
    .array(z.object({ selectionId: SelectionId }))
    .min(1)
    .max(20),
});
export type QuoteRequest = z.input<typeof QuoteBody>;

/** Full cash-out when `stake` is absent; else the part of the open stake to cash out. */
export const CashOutBody = z.object({
  /** The value the page showed: refused with SB_CASHOUT_CHANGED when the price moved against the player. */
  expected: z.number().int().min(0),
  stake: z.number().int().min(1).optional(),
  /** A quote's hold (POST /api/sb/bets/:id/cashout-quote): its value is paid while it lasts. */
  hold: z.string().min(1).max(200).optional(),
});
export type CashOutRequest = z.input<typeof CashOutBody>;

/** The cash-out value of `stake` of the open stake (all of it when absent), held for a few seconds. */
export const CashOutQuoteBody = z.object({ stake: z.number().int().min(1).optional() });
export type CashOutQuoteRequest = z.input<typeof CashOutQuoteBody>;

/** Auto cash-out of the whole open stake once its value reaches `value`; null removes it. */
export const AutoCashOutBody = z.object({ value: z.number().int().min(1).nullable() });
export type AutoCashOutRequest = z.input<typeof AutoCashOutBody>;

// ---- answers ----

export type SelectionView = {
  id: string;
  key: string;
  /** null while the selection is not offered (priced out, or its market decided). */
  odds1000: number | null;
};

export type MarketView = {
  key: string;
  type: MarketType;
  period: Period;
  line4: number | null;
  status: 'open' | 'suspended' | 'closed' | 'settled';
  selections: SelectionView[];
};

export type EventCard = {
  id: string;
  sport: Sport;
  league: { id: string; name: string; region: string | null; title: string | null };
  home: string;
  away: string;
  venue: string | null;
  startsAt: string;
  status: EventStatus;
  state: MatchState | null;
  /** The headline markets a list shows: the winner (1x2 or winner), the main handicap and total lines. */
  markets: MarketView[];
  /** Markets in all (the event page shows them). */
  marketCount: number;
  seedHash: string | null;
};

export type EventView = EventCard & { markets: MarketView[]; seed: string | null };

export type LeagueView = {
  id: string;
  name: string;
  region: string | null;
  title: string | null;
  live: number;
  upcoming: number;
};
export type SportView = { sport: Sport; live: number; upcoming: number; leagues: LeagueView[] };

/** GET /api/sb/lobby. */
export type LobbyAnswer = {
  category: 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
  sports: SportView[];
  live: EventCard[];
  /** The brand's day edges for "upcoming by day": yyyy-MM-dd in the brand's time zone. */
  days: string[];
  timeZone: string;
  prefs: { oddsFormat: OddsFormat; oddsChange: OddsChangeRule };
  balance: number | null;
  currency: string;
  limits: { minStake: number; maxPayout: number; maxLegs: number };
  mode: 'real' | 'trial';
  language: string;
  lobbyUrl: string | null;
};

/** GET /api/sb/events?sport&league&day&live. */
export type EventsAnswer = { events: EventCard[] };

// ---- results and search ----

/** A score as the results list shows it: the home side's, then the away side's. */
export type ScorePair = { home: number; away: number };

/**
 * A part of a finished match whose score the book kept, named as the match's phase is ('1H' the
 * first half, 'S1'.. a tennis set's games, 'M1'.. an e-sports map's rounds or kills).
 */
export type PeriodResult = { period: string } & ScorePair;

/**
 * A finished event: 'ended' with its final score, or 'abandoned' (the page says "Cancelled"; its
 * bets were voided) with the score it stood at when stopped, if it had started.
 */
export type ResultView = {
  id: string;
  sport: Sport;
  league: { id: string; name: string; region: string | null; title: string | null };
  home: string;
  away: string;
  startsAt: string;
  status: 'ended' | 'abandoned';
  /** What decides the match (goals, points, sets, maps); null when none was kept. */
  score: ScorePair | null;
  /** What handicaps and totals count (tennis games), only where it differs from `score`. */
  counted: ScorePair | null;
  periods: PeriodResult[];
};

/** GET /api/sb/results?sport&league&day: the brand day's finished events, newest first. */
export type ResultsAnswer = {
  /** The brand day shown (yyyy-MM-dd), today unless asked. */
  day: string;
  /** The days the page offers: today and the six before, newest first. */
  days: string[];
  results: ResultView[];
};

export type SearchLeague = {
  id: string;
  name: string;
  sport: Sport;
  region: string | null;
  title: string | null;
  live: number;
  upcoming: number;
};

export type SearchEvent = {
  id: string;
  sport: Sport;
  league: { id: string; name: string };
  home: string;
  away: string;
  startsAt: string;
  status: EventStatus;
  /** The live score (what decides the match), null before the start. */
  score: ScorePair | null;
};

/** GET /api/sb/search?q: leagues and live or upcoming events whose names hold `q`. */
export type SearchAnswer = { leagues: SearchLeague[]; events: SearchEvent[] };

/**
 * A bet builder the slip's legs of one match make: its joint price, or why it is refused (an error
 * code: SB_BUILDER_SIZE, SB_BUILDER_UNSUPPORTED, SB_BUILDER_IMPOSSIBLE, SB_BUILDER_UNPRICED, a
 * leg's own refusal such as SB_MARKET_SUSPENDED), and the most that may be staked on it.
 */
export type BuilderQuote = {
  eventId: string;
  selectionIds: string[];
  odds1000: number | null;
  refusal: string | null;
  maxStake: number | null;
};

/** POST /api/sb/quote: what each leg costs now, and what may be placed. */
export type QuoteAnswer = {
  legs: { selectionId: string; event: string; market: MarketView | null; odds1000: number | null; status: string }[];
  /** Why a multiple of these legs is refused (two legs of one event, a suspended leg), or null. */
  multipleRefusal: string | null;
  maxStake: { single: Record<string, number>; multiple: number | null };
  /** One per event holding two or more of the slip's legs, in the slip's order of events. */
  builders?: BuilderQuote[];
};

export type LegView = {
  selectionId: string;
  eventId: string;
  event: string;
  sport: Sport;
  startsAt: string;
  market: { key: string; type: MarketType; period: Period; line4: number | null };
  selection: string;
  odds1000: number;
  outcome: Outcome | null;
  /** The event's score as settled (or as it stands while live). */
  score: string | null;
};

export type BetStatus = 'pending' | 'open' | 'won' | 'lost' | 'void' | 'cashed_out' | 'refused';

export type MyBet = {
  id: string;
  kind: BetKind;
  size: number | null;
  combinations: number;
  placedAt: string;
  stake: number;
  /** Stake still running after partial cash-outs. */
  openStake: number;
  odds1000: number;
  potentialPayout: number;
  status: BetStatus;
  payout: number;
  cashedOut: number;
  /** The cash-out offered now for the whole open stake, or null when none is (a suspended leg, settled). */
  cashOut: number | null;
  /**
   * Auto cash-out: on an open bet, the value at which the book cashes out the whole open stake; on a
   * cashed-out bet, the value it was cashed out at automatically; else null.
   */
  autoCashOut: number | null;
  settledAt: string | null;
  /**
   * Corrections of an earlier settlement, each with what moved and the trader's reason (null for a
   * result the feed corrected: the page names it in the player's language).
   */
  corrections: { at: string; amount: number; reason: string | null }[];
  legs: LegView[];
  /**
   * Why a refused bet was refused (the studio's error code: STUDIO_PLAYER_LIMIT, SB_MARKET_SUSPENDED,
   * ...), so a slip whose other bets were placed still says why this one was not; null otherwise.
   */
  refusal?: string | null;
};

/** POST /api/sb/bets. */
export type PlaceAnswer = {
  bets: MyBet[];
  balance: number | null;
  /** Set when nothing was placed because prices moved and the rule said to ask. */
  changed?: { selectionId: string; odds1000: number | null }[];
  /** With `changed`: a bet builder's joint price now (null: no longer priced), when it moved. */
  builderOdds1000?: { eventId: string; odds1000: number | null }[];
};

/** GET /api/sb/bets?status=open|settled. */
export type MyBetsAnswer = { bets: MyBet[]; next: string | null };

/** POST /api/sb/bets/:id/cashout. */
export type CashOutAnswer = { bet: MyBet; paid: number; balance: number | null };

/**
 * POST /api/sb/bets/:id/cashout-quote: `value` for `stake`, paid by a cash-out sending `hold` until
 * `heldUntil` (the book's clock), `heldForMs` from the answer.
 */
export type CashOutQuoteAnswer = { hold: string; value: number; stake: number; heldUntil: string; heldForMs: number };

/** PUT /api/sb/bets/:id/auto-cashout. */
export type AutoCashOutAnswer = { bet: MyBet };

// ---- the match tracker: GET /api/sb/events/:id/tracker ----

/** What the tracker tells of a match, each drawn from the simulated match's own steps (feed/match-tracker.ts). */
export const TRACKER_KINDS = [
  'kickoff',
  'period_end',
  'end',
  'attack',
  'dangerous_attack',
  'shot_on',
  'shot_off',
  'corner',
  'yellow_card',
  'red_card',
  'goal',
  'free_throw',
  'two',
  'three',
  'point',
  'break_point',
  'game',
  'break',
  'set',
  'round',
  'kill',
  'map',
  'called',
  'last_call',
  'release',
  'fight_end',
  'cancelled',
] as const;
export type TrackerKind = (typeof TRACKER_KINDS)[number];
export type TrackerSide = 'home' | 'away';

export type TrackerEvent = {
  at: string;
  /** The match clock in seconds where the sport has one (football, basketball, a fight), else null. */
  clock: number | null;
  /** The part of the match it happened in (the state's phase: 1H, Q3, S2, M1). */
  phase: string;
  kind: TrackerKind;
  side: TrackerSide | null;
  /** Points a basket adds (free throw 1, two 2, three 3). */
  points?: number;
  /** Tennis: who served the point. */
  server?: TrackerSide;
};

/** A third of the pitch seen from the side with the ball: its own defence, the midfield, its attack. */
export type BallZone = 'defence' | 'midfield' | 'attack';

/** Who has the ball (football, basketball) or serves (tennis), and in football where it is. */
export type TrackerBall = { side: TrackerSide; zone: BallZone | null };

export const TRACKER_STATS = [
  'attacks',
  'dangerousAttacks',
  'shotsOn',
  'shotsOff',
  'corners',
  'yellowCards',
  'redCards',
  'possession',
  'periodPoints',
  'twos',
  'threes',
  'freeThrows',
  'pointsWon',
  'servicePointsWon',
  'breaks',
  'games',
  'sets',
  'rounds',
  'kills',
  'maps',
] as const;
export type TrackerStatKey = (typeof TRACKER_STATS)[number];

/** One row of a match's statistics; `periodPoints` rows name their period (Q1..Q4, OT). */
export type TrackerStat = { key: TrackerStatKey; phase?: string; home: number; away: number };

/**
 * A match's tracker: for a simulated match the latest events (newest first), the ball and the
 * statistics counted from all its events; for a provider's event (source 'feed') only what the feed
 * gives, its state (score, clock, phase), with no events and no statistics.
 */
export type TrackerAnswer = {
  eventId: string;
  sport: Sport;
  source: 'simulated' | 'feed';
  status: EventStatus;
  state: MatchState | null;
  ball: TrackerBall | null;
  events: TrackerEvent[];
  stats: TrackerStat[];
};

// ---- socket /studio/ws/sb?token= ----

/** From the page: the events it shows (it hears their prices and states, and its own bets always). */
export type SbClientMessage = { type: 'watch'; events: string[] };

export type SbServerMessage =
  | { type: 'markets'; eventId: string; markets: MarketView[] }
  | { type: 'state'; eventId: string; status: EventStatus; state: MatchState | null }
  | { type: 'bet'; bet: MyBet }
  | { type: 'balance'; balance: number };
