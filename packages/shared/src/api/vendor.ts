import { z } from 'zod';

// The signed seamless wallet API that game vendors call (api-conventions "Vendor wallet API").
// Amounts are integer minor units (1 = one centavo); every answer is VendorWalletResponse, with a
// `status` the vendor acts on (see vendorStatusCatalogue in ../errors.ts for the HTTP status of each).

const Ident = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_.:-]+$/);

export const VendorCodeField = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);
/** The member id as a decimal string, as the balance call with a token answers it. */
export const PlayerField = z.string().regex(/^[1-9][0-9]{0,14}$/);
export const GameTokenField = z.string().min(16).max(256);
export const MinorAmount = z.number().int().min(0).max(100_000_000_000);
export const CurrencyField = z
  .string()
  .min(3)
  .max(8)
  .regex(/^[A-Z0-9]+$/);

const base = { requestId: Ident(128), vendor: VendorCodeField };

// ---- what a round was: the vendor's own description, shown in the player's records

/** How a settled leg paid (a quarter line settles half the stake on each neighbouring line). */
export const BET_LEG_RESULTS = ['win', 'half_win', 'push', 'void', 'half_lose', 'lose'] as const;
export const BET_DETAIL_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;

const Text = (max: number) => z.string().trim().min(1).max(max);
const Instant = z.iso.datetime({ offset: true });
/** Decimal odds in thousandths (1.95 = 1950). */
const Odds1000 = z.number().int().min(1000).max(1_000_000);

/** The market types a sportsbook leg names (docs/sportsbook.md "Selections and the score they settle on"). */
export const BET_MARKET_TYPES = [
  '1x2',
  'double_chance',
  'winner',
  'draw',
  'handicap',
  'total',
  'correct_score',
  'btts',
] as const;
export type BetMarketType = (typeof BET_MARKET_TYPES)[number];
export const BET_MARKET_PERIODS = ['ft', 'h1'] as const;

const LegScore = z.object({ home: z.number().int().min(0).max(100_000), away: z.number().int().min(0).max(100_000) });

const legCommon = {
  eventId: Ident(64),
  /** The sport's key (football, basketball, tennis, esports, cockfight). */
  sport: Text(32),
  /** The league's name, a proper noun. */
  league: Text(120).optional(),
  startsAt: Instant.optional(),
  odds1000: Odds1000,
  inPlay: z.boolean().default(false),
  /** How the leg settled; null while it is open. */
  result: z.enum(BET_LEG_RESULTS).nullable(),
};

/**
 * One selection of a sportsbook bet in codes, which the platform puts in words in each member's
 * language: the teams (proper nouns, as the fixture names them), the market's type, period and
 * line, the selection's key and the score. Selection keys by market type: `1x2` home, draw, away;
 * `double_chance` home_draw, home_away, draw_away; `winner` home, away; `draw` yes; `handicap`
 * home, away (`line4` is home's); `total` over, under; `correct_score` "h-a" or other; `btts` yes,
 * no.
 */
export const VendorBetLegCoded = z.object({
  ...legCommon,
  home: Text(80),
  away: Text(80),
  marketType: z.enum(BET_MARKET_TYPES),
  period: z.enum(BET_MARKET_PERIODS).default('ft'),
  /** The line in quarters (-0.75 = -3, 2.5 = 10) for handicaps and totals; else null. */
  line4: z.number().int().min(-4_000).max(4_000).nullable().default(null),
  selection: z.string().regex(/^(?:[a-z_]{2,16}|\d{1,3}-\d{1,3})$/),
  /**
   * The score the leg settled on (or the score when placed in play): `decided` decides the winner
   * (goals, sets, maps) and `counted` is what handicaps and totals count (tennis: games).
   */
  score: z.object({ decided: LegScore, counted: LegScore }).nullable().default(null),
});

/** One selection of a sportsbook bet in a vendor's own words (English), as vendors may still send it. */
export const VendorBetLegWords = z.object({
  ...legCommon,
  /** The event as the player saw it: "Harbour City v Northgate Rovers". */
  event: Text(160),
  /** The market as shown: "Asian handicap, 1st half". */
  market: Text(120),
  /** The selection as shown, its line included: "Northgate Rovers -0.25". */
  selection: Text(120),
  /** The score it settled on (or the score when placed in play), as text: "2-1". */
  score: Text(32).nullable().default(null),
});

/** A leg in codes (what the house sportsbook sends), or in words (what rounds kept from before hold). */
export const VendorBetLeg = z.union([VendorBetLegCoded, VendorBetLegWords]);

/**
 * A sportsbook bet, sent by the vendor on its bet, win and resettle calls as `detail`: the platform
 * keeps the latest one per round (vendor_round_details) and shows it in the member's betting record
 * and account record. Amounts in minor units; legs in codes, or in the vendor's words.
 */
export const VendorRoundDetail = z.object({
  kind: z.literal('sportsbook'),
  /** The vendor's bet id (the round is the bet). */
  betId: Ident(64),
  betType: z.enum(['single', 'multiple', 'system', 'builder']),
  /** A system bet's size: "2/3" (combinations of 2 of 3 legs). */
  system: z
    .string()
    .regex(/^\d{1,2}\/\d{1,2}$/)
    .nullable()
    .default(null),
  /** Combinations staked (1 for a single or a multiple). */
  combinations: z.number().int().min(1).max(200_000).default(1),
  stake: MinorAmount,
  /** The product of the legs' odds (a single's or a multiple's); null for a system bet. */
  odds1000: z.number().int().min(1000).max(Number.MAX_SAFE_INTEGER).nullable(),
  potentialPayout: MinorAmount,
  status: z.enum(BET_DETAIL_STATUSES),
  /** What the bet paid in all: settlement, cash-outs and corrections (0 while open). */
  payout: MinorAmount,
  /** What cash-outs paid (included in payout). */
  cashedOut: MinorAmount.default(0),
  placedAt: Instant,
  settledAt: Instant.nullable().default(null),
  legs: z.array(VendorBetLeg).min(1).max(20),
  /**
   * Settlements changed after the fact: when, the signed amount that moved, and why (in the trader's
   * words; none for a result the feed corrected, which the player's page names in their language).
   */
  corrections: z
    .array(z.object({ at: Instant, amount: z.number().int(), reason: Text(200).optional() }))
    .max(20)
    .default([]),
});

/**
 * A balance is told only for a live game session (the launch's token), as a bet needs one: a vendor
 * cannot read any member's balance by id. `player`, when sent, must be the session's player.
 */
export const VendorBalanceRequest = z.object({ ...base, token: GameTokenField, player: PlayerField.optional() });

export const VendorBetRequest = z.object({
  ...base,
  token: GameTokenField,
  player: PlayerField,
  gameCode: Ident(64),
  roundId: Ident(128),
  transactionId: Ident(128),
  amount: MinorAmount,
  currency: CurrencyField,
  /** What the bet is (a sportsbook slip's legs and odds), for the member's records; optional. */
  detail: VendorRoundDetail.optional(),
});

export const VendorWinRequest = z
  .object({
    ...base,
    player: PlayerField,
    gameCode: Ident(64),
    roundId: Ident(128),
    transactionId: Ident(128),
    /** The bet this win pays; optional for wins that pay a round as a whole. */
    betTransactionId: Ident(128).optional(),
    amount: MinorAmount,
    currency: CurrencyField,
    roundClosed: z.boolean(),
    /**
     * The round's valid bet (turnover), when the vendor returns part of the stake without risk: the
     * stake actually at risk, at most the round's bets (0 for a void or pushed bet, half the stake for
     * a half won or half lost one). Only on the win that closes the round; absent, the whole bet is
     * valid. The platform cannot tell a refund from a win that happens to equal the stake, so only
     * the vendor can say it (api-conventions "Vendor wallet API").
     */
    validBet: MinorAmount.optional(),
    /** The round as settled (results, payout), replacing the bet's; optional. */
    detail: VendorRoundDetail.optional(),
  })
  .refine((b) => b.validBet === undefined || b.roundClosed, {
    message: 'validBet is declared on the win that closes the round',
    path: ['validBet'],
  });

export const VendorRollbackRequest = z.object({
  ...base,
  player: PlayerField,
  roundId: Ident(128),
  transactionId: Ident(128),
  /** The bet to reverse; may be unknown (recorded, answered OK, a late bet with that id is refused). */
  rollbackTransactionId: Ident(128),
});

/**
 * A correction of a round a win already settled (or that is closed): a signed amount, a credit
 * (> 0) paid to the member, or a debit (< 0) taken back from the member's spendable cash as far
 * as it goes (a member's balance never goes negative; the answer's `taken` says what moved).
 */
export const VendorResettleRequest = z.object({
  ...base,
  player: PlayerField,
  gameCode: Ident(64),
  roundId: Ident(128),
  transactionId: Ident(128),
  amount: z
    .number()
    .int()
    .min(-100_000_000_000)
    .max(100_000_000_000)
    .refine((n) => n !== 0, { message: 'a correction moves money: credit > 0 or debit < 0' }),
  currency: CurrencyField,
  reason: z.string().trim().min(1).max(200),
  /** The round as corrected; optional. */
  detail: VendorRoundDetail.optional(),
});

export const VendorWalletResponse = z.object({
  status: z.string(),
  /** The member's cash balance in minor units (0 when the player is not known). */
  balance: z.number().int(),
  currency: z.string(),
  requestId: z.string(),
  /** Balance calls with a token only: the player id to send on bet, win and rollback. */
  player: z.string().optional(),
  /**
   * Balance calls with a token only, when the launch sent a device id: the SHA-256 (hex) of the
   * device the session was launched from, never the raw id. Equal hashes mean one device.
   */
  device: z.string().optional(),
});

/** The resettle call's answer: the usual fields and what moved. */
export const VendorResettleResponse = VendorWalletResponse.extend({
  /**
   * OK answers only: the credit, or for a debit what the member's cash gave (at most the debit;
   * the rest is the house's uncollected loss). A repeat answers the first call's figure.
   */
  taken: z.number().int().min(0).optional(),
});

export type VendorBalanceRequest = z.infer<typeof VendorBalanceRequest>;
export type VendorBetRequest = z.infer<typeof VendorBetRequest>;
export type VendorWinRequest = z.infer<typeof VendorWinRequest>;
export type VendorRollbackRequest = z.infer<typeof VendorRollbackRequest>;
export type VendorWalletResponse = z.infer<typeof VendorWalletResponse>;
export type VendorResettleRequest = z.infer<typeof VendorResettleRequest>;
export type VendorResettleResponse = z.infer<typeof VendorResettleResponse>;
export type VendorRoundDetail = z.infer<typeof VendorRoundDetail>;
export type VendorBetLeg = z.infer<typeof VendorBetLeg>;

// ---- operator: reconciliation per vendor and UTC day

export const ReconciliationParams = z.object({ vendor: VendorCodeField });
export const ReconciliationQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

const CountSum = z.object({ count: z.number().int(), amount: z.number().int() });

/**
 * Minor units. net = bets - rollbacks - wins - corrections (the house's gaming result with this
 * vendor that day).
 * `ledger` is the same day read from the ledger entries of the house account vendor:<code>; the
 * report matches when ledger.net equals net.
 */
export const ReconciliationValue = z.object({
  vendor: z.string(),
  /** A brand day (yyyy-MM-dd) of `timeZone`, the brand's IANA zone. */
  date: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  bets: CountSum,
  wins: CountSum,
  rollbacks: CountSum,
  /** Resettle calls: their count and the signed sum of what moved (credits > 0, debits < 0). */
  corrections: CountSum,
  unknownRollbacks: z.number().int(),
  net: z.number().int(),
  ledger: z.object({ credits: z.number().int(), debits: z.number().int(), net: z.number().int() }),
  matches: z.boolean(),
});
export type ReconciliationValue = z.infer<typeof ReconciliationValue>;
