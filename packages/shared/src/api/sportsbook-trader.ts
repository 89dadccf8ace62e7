import { z } from 'zod';

// The sportsbook's trader API: what the operator's back office (/admin/sportsbook/..., permission
// sportsbook.trade) asks of the sportsbook vendor, and the same shapes the house studio answers
// (/studio/trader/...). Like the vendor wallet API it is signed: X-Trader-Time (epoch ms, within
// 60 s) and X-Trader-Signature = hex(HMAC-SHA256(traderSecret, time + '\n' + method + '\n' + path
// with its query + '\n' + raw body)), traderSecret = hex(HMAC-SHA256(house secret, 'trader')).
// Amounts are minor units, odds thousandths, margins parts per million, lines quarters.

export const TRADER_SPORTS = ['football', 'basketball', 'tennis', 'esports', 'cockfight'] as const;
export const TraderSport = z.enum(TRADER_SPORTS);

const Ident = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const MarketKey = z.string().min(1).max(48);
const Ppm = z.number().int().min(0).max(500_000);

const Score = z.object({ home: z.number().int().min(0).max(100_000), away: z.number().int().min(0).max(100_000) });
const PeriodScore = z.object({ decided: Score, counted: Score });

// ---- requests ----

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The longest range of days an events list covers: a season's fixtures, a year back. */
export const TRADER_EVENTS_MAX_DAYS = 366;

export const TraderEventsQuery = z
  .object({
    status: z.enum(['scheduled', 'live', 'ended', 'abandoned', 'open']).optional(),
    sport: TraderSport.optional(),
    league: Ident.optional(),
    /** A brand day yyyy-MM-dd (the book's time zone). */
    day: Day.optional(),
    /**
     * Events starting from the brand day `from` to the brand day `to`, both included (the console's
     * past and next 7 and 30 days); either end may be left open.
     */
    from: Day.optional(),
    to: Day.optional(),
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => !(q.from && q.to) || Date.parse(q.to) - Date.parse(q.from) < TRADER_EVENTS_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: `at most ${TRADER_EVENTS_MAX_DAYS} days`,
  });
export const TraderEventParams = z.object({ eventId: Ident });

/** Suspend or resume: some markets of the event (marketKeys), or the whole event when absent. */
export const TraderSuspendBody = z.object({
  markets: z.array(MarketKey).min(1).max(400).optional(),
  reason: z.string().trim().min(1).max(80),
});

/** Result entry, or a correction of a result already given (settled bets are settled again). */
export const TraderResultBody = z.object({
  ft: PeriodScore,
  h1: PeriodScore.optional(),
  correction: z.boolean().default(false),
  reason: z.string().trim().min(1).max(200),
  /**
   * Why a match that has not started has a result (a walkover, a withdrawal): without it such a
   * result is refused (SB_EVENT_NOT_STARTED); with it, it is recorded with the result.
   */
  beforeStart: z.string().trim().min(1).max(200).optional(),
});
export const TraderAbandonBody = z.object({ reason: z.string().trim().min(1).max(200) });

export const TraderMarginsBody = z.object({
  /** Margin per sport. */
  sports: z.partialRecord(TraderSport, Ppm).optional(),
  /** Per league, overriding its sport's; null removes the override. */
  leagues: z.record(Ident, Ppm.nullable()).optional(),
});

/** The sports whose simulated leagues can play more than one round of fixtures a day. */
export const TRADER_DENSITY_SPORTS = ['football', 'basketball', 'tennis', 'esports'] as const;
export const TraderDensitySport = z.enum(TRADER_DENSITY_SPORTS);

/**
 * The house simulator's plan (docs/sportsbook.md "The simulator"): rounds of fixtures a day per
 * sport, 1 to 3, and the simulated leagues that publish no more fixtures (the whole list). A change
 * counts five minutes after it is saved and never alters or withdraws a fixture already published.
 */
export const TraderSimulatorBody = z
  .object({
    density: z.partialRecord(TraderDensitySport, z.number().int().min(1).max(3)).optional(),
    leaguesOff: z.array(Ident).max(100).optional(),
  })
  .strict();

export const TraderSettingsBody = z.object({
  maxPayout: z.number().int().min(100).max(100_000_000_000).optional(),
  maxStakePerMarket: z.number().int().min(100).max(100_000_000_000).optional(),
  maxStakePerEvent: z.number().int().min(100).max(100_000_000_000).optional(),
  /** The most the book may lose on one market's worst outcome; bets beyond are refused. */
  maxLiabilityPerMarket: z.number().int().min(100).max(100_000_000_000).optional(),
  minStake: z.number().int().min(1).max(100_000_000).optional(),
  inPlayDelayMs: z.number().int().min(0).max(30_000).optional(),
  /** A bet at least this large is marked in the ticker. */
  bigBet: z.number().int().min(1).max(100_000_000_000).optional(),
  timeZone: z.string().min(1).max(64).optional(),
  /**
   * What the book keeps of a cash-out, ppm of the bet's fair value at the current prices (their
   * margin removed): one margin per bet, however many legs it has.
   */
  cashOutMarginPpm: z.number().int().min(0).max(500_000).optional(),
  simulator: TraderSimulatorBody.optional(),
});

export const TraderPlayerParams = z.object({ player: z.string().regex(/^[1-9][0-9]{0,14}$/) });
/** A player's stake factor: their limits are the book's times this (1.0 = 1,000,000 ppm; 0 = no bets). */
export const TraderPlayerFactorBody = z.object({ factorPpm: z.number().int().min(0).max(10_000_000) });

/**
 * POST /trader/risk-factors: the stake factor the operator's risk level of each player maps to
 * (docs/sportsbook.md "Risk level"). `version` grows with each change of the player's level or of
 * the mapping; the book keeps a player's factor only from a version above the one it holds, so a
 * repeated push changes nothing and an older one arriving late is ignored.
 */
export const TraderRiskFactorsBody = z.object({
  list: z
    .array(
      z.object({
        player: TraderPlayerParams.shape.player,
        level: z.string().regex(/^[a-z]{1,20}$/),
        factorPpm: z.number().int().min(0).max(10_000_000),
        version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      }),
    )
    .min(1)
    .max(500),
});
/** How many of the pushed factors the book took (the others it held at that version or a later one). */
export const TraderRiskFactorsAnswer = z.object({ applied: z.number().int() });

/**
 * Game sessions the platform ended (their member session was revoked): the SHA-256 (hex) of each
 * game token. The studio refuses those tokens from then on and closes their sockets.
 */
export const TraderSessionEndsBody = z.object({
  tokenHashes: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .min(1)
    .max(500),
});
/** `known`: how many of the hashes were sessions the studio had opened (others never reached it). */
export const TraderSessionEndsAnswer = z.object({ known: z.number().int() });

export const TraderBetsQuery = z.object({
  /** Only bets placed after this id (the ticker's cursor). */
  after: z.string().max(64).optional(),
  big: z.coerce.boolean().optional(),
  eventId: Ident.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const TraderFeedRejectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const TraderProfitQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  by: z.enum(['sport', 'league', 'market']),
});

// ---- answers ----

export const TraderSelection = z.object({
  key: z.string(),
  odds1000: z.number().int().nullable(),
  /** What the book pays if this selection wins, less what it keeps of the market's other stakes. */
  liability: z.number().int(),
  stake: z.number().int(),
  bets: z.number().int(),
});

export const TraderMarket = z.object({
  key: z.string(),
  type: z.string(),
  period: z.string(),
  line4: z.number().int().nullable(),
  status: z.enum(['open', 'suspended', 'closed', 'settled']),
  /** Suspended by a trader (stays suspended until a trader resumes it), or by the feed. */
  suspendedBy: z.enum(['trader', 'feed']).nullable(),
  selections: z.array(TraderSelection),
  /** The worst outcome's loss for the book on this market. */
  liability: z.number().int(),
});

export const TraderEvent = z.object({
  id: z.string(),
  sport: TraderSport,
  league: z.object({ id: z.string(), name: z.string() }),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  status: z.enum(['scheduled', 'live', 'break', 'ended', 'abandoned']),
  score: PeriodScore.nullable(),
  phase: z.string().nullable(),
  suspended: z.boolean(),
  marginPpm: z.number().int(),
  /** Open stake and the worst market's liability on the event. */
  stake: z.number().int(),
  liability: z.number().int(),
  bets: z.number().int(),
  result: z.object({ ft: PeriodScore, h1: PeriodScore.optional() }).nullable(),
  corrections: z.number().int(),
  source: z.string(),
});

export const TraderEventsAnswer = z.object({
  list: z.array(TraderEvent),
  totalRow: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export const TraderEventDetail = TraderEvent.extend({ markets: z.array(TraderMarket) });

export const TraderBet = z.object({
  id: z.string(),
  player: z.string(),
  kind: z.enum(['single', 'multiple', 'system']),
  legs: z.array(
    z.object({
      eventId: z.string(),
      event: z.string(),
      market: z.string(),
      selection: z.string(),
      odds1000: z.number().int(),
    }),
  ),
  stake: z.number().int(),
  potentialPayout: z.number().int(),
  status: z.string(),
  payout: z.number().int(),
  big: z.boolean(),
  placedAt: z.string(),
  inPlay: z.boolean(),
});
export const TraderBetsAnswer = z.object({ list: z.array(TraderBet), next: z.string().nullable() });

export const TraderMargins = z.object({
  sports: z.record(z.string(), z.number().int()),
  leagues: z.array(
    z.object({ id: z.string(), name: z.string(), sport: TraderSport, marginPpm: z.number().int().nullable() }),
  ),
  /** The factor each market type's margin is of the league's (correct score 3x, ...). */
  marketFactors: z.record(z.string(), z.number()),
});

/** The simulator's plan as in force, with the simulated leagues it can turn on and off. */
export const TraderSimulator = z.object({
  density: z.partialRecord(TraderDensitySport, z.number().int()),
  leaguesOff: z.array(z.string()),
  leagues: z.array(z.object({ id: z.string(), name: z.string(), sport: TraderSport })),
  /** When the last change counts from (ISO 8601); null before any. */
  changesAt: z.string().nullable(),
});

export const TraderSettings = z.object({
  maxPayout: z.number().int(),
  maxStakePerMarket: z.number().int(),
  maxStakePerEvent: z.number().int(),
  maxLiabilityPerMarket: z.number().int(),
  minStake: z.number().int(),
  inPlayDelayMs: z.number().int(),
  bigBet: z.number().int(),
  timeZone: z.string(),
  cashOutMarginPpm: z.number().int(),
  currency: z.string(),
  /** Absent from a sportsbook without the house simulator. */
  simulator: TraderSimulator.optional(),
});

/**
 * A player's stake factors, ppm of the book's limits: the trader's own (`factorPpm`), the one the
 * player's risk level maps to (`riskFactorPpm`, with the level; null when no level was pushed) and
 * the one the book applies, the lower of the two (`effectivePpm`).
 */
export const TraderPlayerFactor = z.object({
  player: z.string(),
  factorPpm: z.number().int(),
  riskLevel: z.string().nullable(),
  riskFactorPpm: z.number().int(),
  effectivePpm: z.number().int(),
});

export const TraderProfitRow = z.object({
  key: z.string(),
  label: z.string(),
  bets: z.number().int(),
  stake: z.number().int(),
  payout: z.number().int(),
  /** stake - payout over settled bets (cash-outs and corrections included). */
  profit: z.number().int(),
  /** What corrections could not take back from players' cash (the house's loss). */
  uncollected: z.number().int(),
});
export const TraderProfitAnswer = z.object({
  rows: z.array(TraderProfitRow),
  total: TraderProfitRow,
  timeZone: z.string(),
});

/**
 * GET /trader/feed-rejects: what the feed sources could not bring into the book, newest first. A
 * message the feed's schema refused (`invalid`, skipped), or a document, request or message that
 * failed (`error`), with the reason (cut); and per source how many of each there have been in all.
 */
export const TraderFeedReject = z.object({
  id: z.string(),
  at: z.string(),
  source: z.string(),
  /** The message's seq, null when it had no usable one (or the whole document failed). */
  seq: z.number().int().nullable(),
  kind: z.enum(['invalid', 'error']),
  reason: z.string(),
});
export const TraderFeedRejectsAnswer = z.object({
  sources: z.array(
    z.object({
      source: z.string(),
      invalid: z.number().int(),
      errors: z.number().int(),
      lastAt: z.string(),
    }),
  ),
  rejects: z.array(TraderFeedReject),
});
export type TraderFeedReject = z.infer<typeof TraderFeedReject>;
export type TraderFeedRejectsAnswer = z.infer<typeof TraderFeedRejectsAnswer>;

/** The answer to a suspend, resume, result or abandon: the event as it is now, and what was settled. */
export const TraderActionAnswer = z.object({
  event: TraderEventDetail,
  settled: z.number().int(),
  resettled: z.number().int(),
});

export type TraderEvent = z.infer<typeof TraderEvent>;
export type TraderEventDetail = z.infer<typeof TraderEventDetail>;
export type TraderMarket = z.infer<typeof TraderMarket>;
export type TraderBet = z.infer<typeof TraderBet>;
export type TraderMargins = z.infer<typeof TraderMargins>;
export type TraderSettings = z.infer<typeof TraderSettings>;
export type TraderSimulator = z.infer<typeof TraderSimulator>;
export type TraderSimulatorBody = z.infer<typeof TraderSimulatorBody>;
export type TraderProfitAnswer = z.infer<typeof TraderProfitAnswer>;
export type TraderActionAnswer = z.infer<typeof TraderActionAnswer>;

/** GET /trader/players: every player whose trader or risk factor is not the book's default (1,000,000). */
export const TraderPlayerFactorList = z.object({ list: z.array(TraderPlayerFactor) });
export type TraderPlayerFactorList = z.infer<typeof TraderPlayerFactorList>;
export type TraderPlayerFactor = z.infer<typeof TraderPlayerFactor>;
export type TraderRiskFactorsBody = z.infer<typeof TraderRiskFactorsBody>;

/**
 * The trader API's paths under the sportsbook's base URL (the house studio: /studio, so
 * /studio/trader/events...). The signature covers the path as sent, its query included.
 */
export const TRADER_ROUTES = {
  /** GET ?TraderEventsQuery -> TraderEventsAnswer */
  events: '/trader/events',
  /** GET -> TraderEventDetail */
  event: (eventId: string) => `/trader/events/${encodeURIComponent(eventId)}`,
  /** POST TraderSuspendBody -> TraderActionAnswer (markets absent: the whole event) */
  suspend: (eventId: string) => `/trader/events/${encodeURIComponent(eventId)}/suspend`,
  /** POST TraderSuspendBody -> TraderActionAnswer */
  resume: (eventId: string) => `/trader/events/${encodeURIComponent(eventId)}/resume`,
  /** POST TraderResultBody -> TraderActionAnswer (correction: settled bets are settled again) */
  result: (eventId: string) => `/trader/events/${encodeURIComponent(eventId)}/result`,
  /** POST TraderAbandonBody -> TraderActionAnswer (open bets on it void) */
  abandon: (eventId: string) => `/trader/events/${encodeURIComponent(eventId)}/abandon`,
  /** GET -> TraderMargins; PUT TraderMarginsBody -> TraderMargins */
  margins: '/trader/margins',
  /** GET -> TraderSettings; PUT TraderSettingsBody -> TraderSettings */
  settings: '/trader/settings',
  /** GET -> TraderPlayerFactorList */
  players: '/trader/players',
  /** GET -> TraderPlayerFactor; PUT TraderPlayerFactorBody -> TraderPlayerFactor */
  player: (player: string) => `/trader/players/${encodeURIComponent(player)}`,
  /** POST TraderRiskFactorsBody -> TraderRiskFactorsAnswer */
  riskFactors: '/trader/risk-factors',
  /** POST TraderSessionEndsBody -> TraderSessionEndsAnswer */
  sessionEnds: '/trader/session-ends',
  /** GET ?TraderBetsQuery -> TraderBetsAnswer (newest first; `after` pages on) */
  bets: '/trader/bets',
  /** GET ?TraderProfitQuery -> TraderProfitAnswer */
  profit: '/trader/profit',
  /** GET ?TraderFeedRejectsQuery -> TraderFeedRejectsAnswer (newest first, counts per source) */
  feedRejects: '/trader/feed-rejects',
} as const;

/** The signature headers of a trader API request. */
export const TRADER_TIME_HEADER = 'x-trader-time';
export const TRADER_SIGNATURE_HEADER = 'x-trader-signature';
/** How far X-Trader-Time may be from the receiver's clock. */
export const TRADER_CLOCK_WINDOW_MS = 60_000;
