import { z } from 'zod';

// The sportsbook's words for what it prices and settles, and the feed format through which every
// source (the simulator, or an operator's data provider through the JSON importer) brings sports,
// leagues, fixtures, markets and odds, suspensions, scores and results (docs/sportsbook.md "Feed").
// The zod schemas are the documented format: the importer validates each message with them, and the
// simulator's messages are of the same types.

export const SPORTS = ['football', 'basketball', 'tennis', 'esports', 'cockfight'] as const;
export type Sport = (typeof SPORTS)[number];

/** The lobby category a sport's events show under on the platform (spec §3 SPORTS, ESPORTS, COCKFIGHT). */
export const SPORT_CATEGORY: Record<Sport, 'SPORTS' | 'ESPORTS' | 'COCKFIGHT'> = {
  football: 'SPORTS',
  basketball: 'SPORTS',
  tennis: 'SPORTS',
  esports: 'ESPORTS',
  cockfight: 'COCKFIGHT',
};

/** 'ft' is the whole match as the sport counts it (basketball with overtime, tennis in sets, e-sports in maps). */
export const PERIODS = ['ft', 'h1'] as const;
export type Period = (typeof PERIODS)[number];

// A market's type names how its selections settle (model/markets.ts):
//   1x2            home / draw / away on the deciding score
//   double_chance  home_draw / home_away / draw_away
//   winner         home / away; a draw returns the stake (push): basketball counts overtime, sabong
//                  refunds Meron and Wala bets on a draw
//   draw           yes: the sabong draw bet
//   handicap       home / away on the counted score, line4 added to home's (Asian handicap: whole,
//                  half and quarter lines; a quarter line is half the stake on each neighbouring line)
//   total          over / under the line on the counted score (quarter lines as above)
//   correct_score  'h-a' for each listed score, 'other' for any score not listed
//   btts           yes / no: both teams score
export const MARKET_TYPES = [
  '1x2',
  'double_chance',
  'winner',
  'draw',
  'handicap',
  'total',
  'correct_score',
  'btts',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** How a settled selection pays (model/markets.ts settleSelection; model/bets.ts turns it into a factor). */
export const OUTCOMES = ['win', 'half_win', 'push', 'void', 'half_lose', 'lose'] as const;
export type Outcome = (typeof OUTCOMES)[number];

// ---- numbers ----

/** Decimal odds in thousandths (1.95 = 1950): integers only, like money. */
export const MIN_ODDS = 1010;
export const MAX_ODDS = 1_000_000;
export const Odds1000 = z.number().int().min(MIN_ODDS).max(MAX_ODDS);

/**
 * A handicap or total line in quarters (-0.75 = -3, 2.5 = 10): quarter lines are odd, half lines
 * are 2 mod 4, whole lines 0 mod 4.
 */
export const Line4 = z.number().int().min(-1000).max(2000);

export const Score = z.object({
  home: z.number().int().min(0).max(100_000),
  away: z.number().int().min(0).max(100_000),
});
export type Score = z.infer<typeof Score>;

/**
 * Two scores per sport: `decided` decides the winner (goals, points, sets, maps, the fight as 1-0,
 * 0-1 or 0-0 for a draw), `counted` is what handicaps and totals count (goals, points, games, maps,
 * the same 1-0 for a fight). In football and basketball they are the same.
 */
export const PeriodScore = z.object({ decided: Score, counted: Score });
export type PeriodScore = z.infer<typeof PeriodScore>;

// ---- feed messages ----

const Ident = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const Name = z.string().trim().min(1).max(80);

/** The longest suspension and abandon reasons the book keeps (characters); a longer one is cut. */
export const SUSPEND_REASON_MAX = 40;
export const ABANDON_REASON_MAX = 80;

/**
 * A free text of the feed that only explains (a suspension's or an abandon's reason): a longer one
 * is cut to `max` characters (whole code points), never refused. Refusing it would drop the message
 * for good, and with it the suspension after a goal or the abandon that voids the event's bets.
 */
function cutTo(max: number) {
  return z.string().transform((text) => (text.length <= max ? text : [...text].slice(0, max).join('')));
}
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const SelectionKey = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[a-z0-9_-]+$/);

export const MarketQuote = z.object({
  type: z.enum(MARKET_TYPES),
  period: z.enum(PERIODS).default('ft'),
  /** handicap and total only. */
  line4: Line4.optional(),
  status: z.enum(['open', 'suspended']).default('open'),
  selections: z
    .array(z.object({ key: SelectionKey, odds1000: Odds1000 }))
    .min(1)
    .max(40),
});
export type MarketQuote = z.infer<typeof MarketQuote>;

/** The book's key of a market within its event: type, period and line. */
export function marketKey(m: { type: MarketType; period: Period; line4?: number | undefined }): string {
  return `${m.type}:${m.period}:${m.line4 ?? '-'}`;
}

export const Team = z.object({ id: Ident, name: Name });
export const League = z.object({
  id: Ident,
  name: Name,
  /** Where it is played (a country or region's name as the league is known); for display. */
  region: Name.optional(),
  /** E-sports: the game title its matches are played in. */
  title: Name.optional(),
});
export type League = z.infer<typeof League>;

export const Fixture = z.object({
  id: Ident,
  sport: z.enum(SPORTS),
  league: League,
  home: Team,
  away: Team,
  venue: Name.optional(),
  startsAt: z.iso.datetime({ offset: true }),
  /** Tennis sets or e-sports maps (odd); absent for the other sports. */
  bestOf: z.number().int().min(1).max(7).optional(),
  /** The simulator's commit: SHA-256 of the match's seed, published before it starts, the seed revealed after. */
  seedHash: Hex64.optional(),
});
export type Fixture = z.infer<typeof Fixture>;

export const EVENT_STATUSES = ['scheduled', 'live', 'break', 'ended', 'abandoned'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MatchEventKind = z.enum([
  'kickoff',
  'goal',
  'red_card',
  'yellow_card',
  'point',
  'game',
  'set',
  'map',
  'round',
  'break_point',
  'period_end',
  'fight_end',
  'last_call',
  'end',
]);

export const MatchState = z.object({
  status: z.enum(EVENT_STATUSES),
  /** Match clock in seconds (football's minutes x 60, basketball's game time); absent where a sport has none. */
  clock: z.object({ seconds: z.number().int().min(0), running: z.boolean() }).optional(),
  /**
   * The part of the match under way: '1H', 'HT', '2H', 'Q1'..'Q4', 'OT', 'S1'..'S5', 'M1'..'M7'; a
   * sabong fight's 'OPEN' (called, betting open), 'CLOSED' (the last call: betting closed), 'FIGHT'.
   */
  phase: z.string().max(8),
  score: PeriodScore,
  /** The first half's score once it is over (football and basketball). */
  h1: PeriodScore.optional(),
  /** Sport-specific facts shown and priced: red cards, the server, points in the current game. */
  detail: z.record(z.string().max(24), z.union([z.number(), z.string().max(24)])).optional(),
  last: z
    .object({
      kind: MatchEventKind,
      side: z.enum(['home', 'away']).optional(),
      clockSeconds: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type MatchState = z.infer<typeof MatchState>;

export const EventResult = z.object({ ft: PeriodScore, h1: PeriodScore.optional() });
export type EventResult = z.infer<typeof EventResult>;

const At = z.iso.datetime({ offset: true });

/**
 * One feed message. `seq` orders a source's messages (the importer resumes after the last one it
 * applied); `at` is when the source produced it.
 */
export const FeedMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixture'), seq: z.number().int().min(0), at: At, fixture: Fixture }),
  z.object({
    kind: z.literal('markets'),
    seq: z.number().int().min(0),
    at: At,
    eventId: Ident,
    /** Quotes for these markets; a market of the event not listed keeps its quote. */
    markets: z.array(MarketQuote).max(400),
  }),
  z.object({
    kind: z.literal('suspend'),
    seq: z.number().int().min(0),
    at: At,
    eventId: Ident,
    /** marketKey()s; absent = every market of the event. */
    markets: z.array(z.string().max(48)).max(400).optional(),
    reason: cutTo(SUSPEND_REASON_MAX),
  }),
  z.object({
    kind: z.literal('resume'),
    seq: z.number().int().min(0),
    at: At,
    eventId: Ident,
    markets: z.array(z.string().max(48)).max(400).optional(),
  }),
  z.object({ kind: z.literal('state'), seq: z.number().int().min(0), at: At, eventId: Ident, state: MatchState }),
  z.object({
    kind: z.literal('result'),
    seq: z.number().int().min(0),
    at: At,
    eventId: Ident,
    result: EventResult,
    /** A result that replaces one already given: bets settled on the old one are settled again. */
    correction: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('abandon'),
    seq: z.number().int().min(0),
    at: At,
    eventId: Ident,
    reason: cutTo(ABANDON_REASON_MAX),
  }),
  z.object({ kind: z.literal('reveal'), seq: z.number().int().min(0), at: At, eventId: Ident, seed: Hex64 }),
]);
export type FeedMessage = z.infer<typeof FeedMessage>;
export type FeedMessageInput = z.input<typeof FeedMessage>;

/** A feed document (a file, or one page of an HTTP feed): docs/sportsbook.md "Feed". */
export const FeedDocument = z.object({
  format: z.literal('gamehall-sportsbook-feed'),
  version: z.literal(1),
  source: Ident,
  messages: z.array(FeedMessage).max(100_000),
});
export type FeedDocument = z.infer<typeof FeedDocument>;

/**
 * What a source could not bring in: a message its schema refused (`invalid`, skipped), or a
 * document, request or message that failed (`error`). `reason` is cut to REJECT_REASON_MAX.
 */
export type FeedReject = { kind: 'invalid' | 'error'; seq: number | null; reason: string };
export const REJECT_REASON_MAX = 300;

/** Where feed messages go (the book), and what a source is (the simulator, the JSON importer). */
export interface FeedSink {
  apply(source: string, message: FeedMessage): Promise<void>;
  /** Records what a source rejected, for the trader (the book logs it, counts it and lists it). */
  reject?(source: string, reject: FeedReject): Promise<void>;
}
export interface FeedSource {
  readonly name: string;
  start(sink: FeedSink): Promise<void>;
  stop(): Promise<void>;
}
