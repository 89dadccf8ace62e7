import { z } from 'zod';

// The card room's records on the signed platform -> studio API (the trader API's signature,
// packages/shared/src/api/sportsbook-trader.ts): a member's hands for the member centre, the
// operator's hand search and full hand records, and the integrity report (docs/pvp.md "Hand
// histories and integrity"). The studio knows players by player id (the member id as a decimal
// string) and answers amounts in minor units; the platform converts them at its own JSON edge.

export const PVP_RECORD_ROUTES = {
  /** GET ?player= -> PvpRoundHands: the hands of one sitting (a platform round `pvp:<uuid>`) of that player */
  roundHands: (roundId: string) => `/trader/pvp/rounds/${encodeURIComponent(roundId)}/hands`,
  /** GET ?player= -> PvpHandRecord as that player may see it (404 unless the player was dealt in) */
  memberHand: (handId: number) => `/trader/pvp/hands/${handId}/member`,
  /** GET ?PvpHandSearchQuery -> PvpHandSearchAnswer (newest first) */
  hands: '/trader/pvp/hands',
  /** GET -> PvpHandRecord with every hole card and every player's id */
  hand: (handId: number) => `/trader/pvp/hands/${handId}`,
  /** GET ?PvpIntegrityQuery -> PvpIntegrityAnswer */
  integrity: '/trader/pvp/integrity',
  /** GET ?from=&to= (days)&tz= -> PvpRakeAnswer */
  rake: '/trader/pvp/rake',
} as const;

const Int = z.number().int();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * The time zone the days are counted in (IANA name, the brand's): the card room's reports use the
 * brand's day like every other report. Absent: UTC.
 */
export const PvpTimeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/);
const PlayerId = z.string().regex(/^\d{1,19}$/);

export const PvpPlayerQuery = z.object({ player: PlayerId });

export const PvpHandSummary = z.object({
  handId: Int,
  tableId: z.string(),
  number: Int,
  status: z.enum(['live', 'over']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  pot: Int,
  rake: Int,
  /** The player's result of the hand (stack after less before); null while it is played. */
  net: Int.nullable(),
});
export type PvpHandSummary = z.infer<typeof PvpHandSummary>;

/** The card room's games: Texas Hold'em and Tongits (docs/pvp.md). */
export const PvpGame = z.enum(['holdem', 'tongits']);
export type PvpGame = z.infer<typeof PvpGame>;

export const PvpRoundHands = z.object({
  roundId: z.string(),
  game: PvpGame,
  tableId: z.string(),
  tableName: z.string(),
  currency: z.string(),
  smallBlind: Int,
  bigBlind: Int,
  hands: z.array(PvpHandSummary),
});
export type PvpRoundHands = z.infer<typeof PvpRoundHands>;

/** One event of a hand (pvp/types.ts HandEvent, cards as text like 'Ah'). */
export const PvpHandEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('blind'), seat: Int, blind: z.enum(['small', 'big']), amount: Int, allIn: z.boolean() }),
  z.object({
    type: z.literal('action'),
    seat: Int,
    action: z.enum(['fold', 'check', 'call', 'bet', 'raise']),
    to: Int,
    allIn: z.boolean(),
    timeout: z.boolean(),
  }),
  z.object({
    type: z.literal('street'),
    street: z.enum(['preflop', 'flop', 'turn', 'river']),
    cards: z.array(z.string()),
  }),
  z.object({ type: z.literal('return'), seat: Int, amount: Int }),
  z.object({ type: z.literal('show'), seat: Int, cards: z.array(z.string()) }),
  z.object({ type: z.literal('muck'), seat: Int }),
  z.object({
    type: z.literal('pot'),
    index: Int,
    amount: Int,
    rake: Int,
    winners: z.array(z.object({ seat: Int, amount: Int })),
  }),
]);
export type PvpHandEvent = z.infer<typeof PvpHandEvent>;

/**
 * A Tongits deal's own record (docs/pvp.md "The Tongits engine"): the melds on the table as the deal
 * ended, each hand's points left, and the result with each loser's bill; the hands themselves are the
 * players' `cards` (a member's own; everyone's once the deal is over, as the table shows them).
 */
export const PvpTongitsDeal = z.object({
  dealer: Int,
  /** The base stake each loser pays the winner. */
  stake: Int,
  melds: z.array(z.object({ owner: Int, kind: z.enum(['set', 'run']), cards: z.array(z.string()) })),
  /** Points left in each seat's hand: the member's own, everyone's once the deal is over. */
  points: z.array(z.object({ seat: Int, points: Int.nullable() })),
  result: z
    .object({
      end: z.enum(['tongits', 'stock-out', 'draw']),
      winner: Int,
      /** Each loser's bill in base stakes, its amount, and what the stack could pay of it. */
      bills: z.array(z.object({ seat: Int, stakes: Int, amount: Int, paid: Int })),
    })
    .nullable(),
});
export type PvpTongitsDeal = z.infer<typeof PvpTongitsDeal>;

export const PvpHandRecord = z.object({
  game: PvpGame,
  id: Int,
  tableId: z.string(),
  tableName: z.string(),
  currency: z.string(),
  smallBlind: Int,
  bigBlind: Int,
  number: Int,
  status: z.enum(['live', 'over']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  button: Int.nullable(),
  /** The table's seat count: with the button it fixes the order the cards were dealt in. */
  seats: Int,
  pot: Int,
  rake: Int,
  board: z.array(z.string()),
  players: z.array(
    z.object({
      seat: Int,
      /** Masked for a member; the player id for the operator. */
      name: z.string(),
      /** The player id (operator's record only). */
      player: z.string().nullable(),
      you: z.boolean(),
      stackBefore: Int,
      stackAfter: Int.nullable(),
      /** Hole cards: a member reads only their own and those shown; the operator reads all. */
      cards: z.array(z.string()).nullable(),
      shown: z.boolean(),
      folded: z.boolean(),
    }),
  ),
  /** Hold'em's events (a Tongits deal has none here: its course is in `tongits`). */
  events: z.array(PvpHandEvent),
  /** A Tongits deal's melds, points and result; null for a Hold'em hand. */
  tongits: PvpTongitsDeal.nullable(),
  fairness: z.object({
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable(),
    clientSeeds: z.array(z.string()),
    nonce: Int,
  }),
});
export type PvpHandRecord = z.infer<typeof PvpHandRecord>;

export const PvpHandSearchQuery = z
  .object({
    player: PlayerId.optional(),
    table: z.string().min(1).max(60).optional(),
    from: Day.optional(),
    to: Day.optional(),
    tz: PvpTimeZone.optional(),
    /** Hands with a smaller id (the next page of a newest-first list). */
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type PvpHandSearchQuery = z.infer<typeof PvpHandSearchQuery>;

export const PvpHandSearchAnswer = z.object({
  hands: z.array(
    z.object({
      game: PvpGame,
      handId: Int,
      tableId: z.string(),
      tableName: z.string(),
      currency: z.string(),
      number: Int,
      status: z.enum(['live', 'over']),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      pot: Int,
      rake: Int,
      players: z.array(z.object({ seat: Int, player: z.string(), net: Int.nullable() })),
    }),
  ),
});
export type PvpHandSearchAnswer = z.infer<typeof PvpHandSearchAnswer>;

/**
 * The integrity report's thresholds (the platform's brand setting pvpIntegrity, money in minor
 * units): what docs/pvp.md "Integrity report" defines flag by flag.
 */
export const PvpIntegrityThresholds = z.object({
  /** Chip dumping: the net amount A lost to B over the window, at least this (minor units). */
  dumpMinAmount: z.coerce.number().int().min(0),
  /** ... in at least this many hands A lost chips to B. */
  dumpMinHands: z.coerce.number().int().min(1),
  /** ... with at least this percentage of it from A's big folds or weak all-ins. */
  dumpMinSuspiciousPercent: z.coerce.number().int().min(0).max(100),
  /** A fold after putting at least this many big blinds in the pot is a big fold. */
  dumpBigFoldBigBlinds: z.coerce.number().int().min(1),
  /** Soft play: at least this many post-flop streets both members played against each other... */
  softMinSharedStreets: z.coerce.number().int().min(1),
  /** ... on at most this percentage of which either of them bet or raised... */
  softMaxSharedAggressionPercent: z.coerce.number().int().min(0).max(100),
  /** ... while on at least this percentage of their post-flop streets without the other they did. */
  softMinOtherAggressionPercent: z.coerce.number().int().min(0).max(100),
  /**
   * Linked accounts at a table: the pairs dealt into at least this many hands together are answered
   * (the platform keeps those who share a sign-in address or a device).
   */
  linkedMinHands: z.coerce.number().int().min(1).default(20),
});
export type PvpIntegrityThresholds = z.infer<typeof PvpIntegrityThresholds>;

export const PvpIntegrityQuery = PvpIntegrityThresholds.extend({
  from: Day,
  to: Day,
  tz: PvpTimeZone.optional(),
}).strict();
export type PvpIntegrityQuery = z.infer<typeof PvpIntegrityQuery>;

export const PvpChipDumpFlag = z.object({
  kind: z.literal('chip_dumping'),
  /** The member who lost the chips... */
  from: z.string(),
  /** ... and the one who got them. */
  to: z.string(),
  currency: z.string(),
  tables: z.array(z.string()),
  /** What A lost to B, and B to A, over the window (minor units). */
  lost: Int,
  lostBack: Int,
  /** Hands in which A lost chips to B. */
  hands: Int,
  /** Of `lost`, the part from hands where A folded big or went all-in weak, and those hands' count. */
  suspiciousAmount: Int,
  bigFolds: Int,
  weakAllIns: Int,
  /** Up to 20 of the hands, the suspicious ones first. */
  handIds: z.array(Int),
  /** The first and last of the hands the flag counts (hand ids grow with time): what a review covers. */
  firstHandId: Int,
  lastHandId: Int,
});
export type PvpChipDumpFlag = z.infer<typeof PvpChipDumpFlag>;

export const PvpSoftPlayFlag = z.object({
  kind: z.literal('soft_play'),
  /** The two members (the lower player id first). */
  a: z.string(),
  b: z.string(),
  /** The stake level compared: every street counted was played at tables of this currency and big blind. */
  currency: z.string(),
  bigBlind: Int,
  tables: z.array(z.string()),
  /** Post-flop streets both played against each other, and on how many either bet or raised. */
  sharedStreets: Int,
  sharedAggressive: Int,
  /** Their post-flop streets against others at the same stake level without the other in, and on how many they bet or raised. */
  otherStreets: Int,
  otherAggressive: Int,
  handIds: z.array(Int),
  /** The first and last hand with a shared street (hand ids grow with time): what a review covers. */
  firstHandId: Int,
  lastHandId: Int,
});
export type PvpSoftPlayFlag = z.infer<typeof PvpSoftPlayFlag>;

/**
 * Two players dealt into the same hands (cash tables) at least linkedMinHands times over the window:
 * not a flag on its own; the platform makes it one when the two members share a sign-in address or a
 * device (docs/pvp.md "Integrity report", linked accounts at a table).
 */
export const PvpTogetherPair = z.object({
  /** The two players (the lower player id first). */
  a: z.string(),
  b: z.string(),
  /** Hands both were dealt into. */
  hands: Int,
  tables: z.array(z.string()),
  /** The first 50 of those hands, oldest first. */
  handIds: z.array(Int),
  firstHandId: Int,
  lastHandId: Int,
});
export type PvpTogetherPair = z.infer<typeof PvpTogetherPair>;

export const PvpIntegrityAnswer = z.object({
  hands: Int,
  chipDumping: z.array(PvpChipDumpFlag),
  softPlay: z.array(PvpSoftPlayFlag),
  together: z.array(PvpTogetherPair),
});
export type PvpIntegrityAnswer = z.infer<typeof PvpIntegrityAnswer>;

export const PvpRakeAnswer = z.object({
  rows: z.array(z.object({ tableId: z.string(), day: Day, currency: z.string(), hands: Int, rake: Int, pots: Int })),
});
export type PvpRakeAnswer = z.infer<typeof PvpRakeAnswer>;
