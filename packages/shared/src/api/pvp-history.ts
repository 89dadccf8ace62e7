import { z } from 'zod';
import { PvpGame, PvpHandEvent, PvpTongitsDeal } from './pvp-records';

// The platform's card-room records (docs/pvp.md "Hand histories and integrity"): the member centre's
// hands of a PVP round and a hand as the member may see it, and the back office's hand search, full
// hand record, rake report and integrity report. Amounts in major units; cards as text ('Ah', 'Td').

const Amount = z.number();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PvpRoundParams = z.object({ roundId: z.string().regex(/^pvp:[0-9a-f-]{36}$/) });
export const PvpHandParams = z.object({ handId: z.coerce.number().int().positive().max(2_147_483_647) });

/** A hand's event with its amounts in major units. */
export const PvpHandEventView = z.discriminatedUnion('type', [
  PvpHandEvent.options[0].extend({ amount: Amount }),
  PvpHandEvent.options[1].extend({ to: Amount }),
  PvpHandEvent.options[2],
  PvpHandEvent.options[3].extend({ amount: Amount }),
  PvpHandEvent.options[4],
  PvpHandEvent.options[5],
  PvpHandEvent.options[6].extend({
    amount: Amount,
    rake: Amount,
    winners: z.array(z.object({ seat: z.number().int(), amount: Amount })),
  }),
]);
export type PvpHandEventView = z.infer<typeof PvpHandEventView>;

export const PvpRoundHandsView = z.object({
  roundId: z.string(),
  game: PvpGame,
  tableName: z.string(),
  smallBlind: Amount,
  bigBlind: Amount,
  hands: z.array(
    z.object({
      handId: z.number().int(),
      number: z.number().int(),
      status: z.enum(['live', 'over']),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      pot: Amount,
      rake: Amount,
      net: Amount.nullable(),
    }),
  ),
});
export type PvpRoundHandsView = z.infer<typeof PvpRoundHandsView>;

/** A Tongits deal's melds, points and result, the amounts in major units. */
export const PvpTongitsDealView = PvpTongitsDeal.extend({
  stake: Amount,
  result: z
    .object({
      end: z.enum(['tongits', 'stock-out', 'draw']),
      winner: z.number().int(),
      bills: z.array(z.object({ seat: z.number().int(), stakes: z.number().int(), amount: Amount, paid: Amount })),
    })
    .nullable(),
});
export type PvpTongitsDealView = z.infer<typeof PvpTongitsDealView>;

export const PvpHandView = z.object({
  game: PvpGame,
  id: z.number().int(),
  tableId: z.string(),
  tableName: z.string(),
  smallBlind: Amount,
  bigBlind: Amount,
  number: z.number().int(),
  status: z.enum(['live', 'over']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  button: z.number().int().nullable(),
  pot: Amount,
  rake: Amount,
  board: z.array(z.string()),
  players: z.array(
    z.object({
      seat: z.number().int(),
      /** The member: masked name for a member's view; the username (or player id) for the operator. */
      name: z.string(),
      memberId: z.number().int().nullable(),
      you: z.boolean(),
      stackBefore: Amount,
      stackAfter: Amount.nullable(),
      net: Amount.nullable(),
      cards: z.array(z.string()).nullable(),
      shown: z.boolean(),
      folded: z.boolean(),
    }),
  ),
  events: z.array(PvpHandEventView),
  /** A Tongits deal's melds, points and result; null for a Hold'em hand. */
  tongits: PvpTongitsDealView.nullable(),
  fairness: z.object({
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable(),
    clientSeeds: z.array(z.string()),
    nonce: z.number().int(),
  }),
});
export type PvpHandView = z.infer<typeof PvpHandView>;

export const AdminPvpHandSearchQuery = z
  .object({
    /** A member's username. */
    member: z.string().trim().min(1).max(60).optional(),
    table: z.string().trim().min(1).max(60).optional(),
    from: Day.optional(),
    to: Day.optional(),
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const AdminPvpHandList = z.object({
  hands: z.array(
    z.object({
      game: PvpGame,
      handId: z.number().int(),
      tableId: z.string(),
      tableName: z.string(),
      number: z.number().int(),
      status: z.enum(['live', 'over']),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      pot: Amount,
      rake: Amount,
      players: z.array(
        z.object({
          seat: z.number().int(),
          memberId: z.number().int().nullable(),
          name: z.string(),
          net: Amount.nullable(),
        }),
      ),
    }),
  ),
});
export type AdminPvpHandList = z.infer<typeof AdminPvpHandList>;

export const AdminPvpDaysQuery = z.object({ from: Day, to: Day }).strict();

/**
 * An integrity flag's review state (docs/pvp.md "Reviewing flags"): open until an operator clears or
 * confirms it; a decision covers the flag's hands as they were (firstHandId..lastHandId), so a flag
 * that counts hands outside them is open again, with that decision as `last`.
 */
export const PvpFlagState = z.enum(['open', 'cleared', 'confirmed']);
export type PvpFlagState = z.infer<typeof PvpFlagState>;
export const PvpFlagDecision = z.enum(['cleared', 'confirmed']);
export type PvpFlagDecision = z.infer<typeof PvpFlagDecision>;

export const PvpFlagReview = z.object({
  state: PvpFlagState,
  /** The number of decisions on the flag so far: what a new decision must send back. */
  revision: z.number().int(),
  /** The latest decision, or null when none was taken. */
  last: z
    .object({
      decision: PvpFlagDecision,
      reason: z.string(),
      by: z.string(),
      at: z.string(),
      firstHandId: z.number().int(),
      lastHandId: z.number().int(),
      /** The members raised to risk level high with the decision. */
      raised: z.array(z.number().int()),
    })
    .nullable(),
  /** The latest decision does not cover every hand the flag counts now: new hands reopened it. */
  newHands: z.boolean(),
});
export type PvpFlagReview = z.infer<typeof PvpFlagReview>;

export const AdminPvpIntegrityQuery = z.object({ from: Day, to: Day, state: PvpFlagState.optional() }).strict();

/**
 * A decision on a flag of the report over from..to. `revision`, `firstHandId` and `lastHandId` are
 * what the operator saw: a flag decided by someone else since, or counting other hands now, is a
 * conflict. `raiseRisk` (with a confirmation, and risk.write) raises both members to risk level high.
 */
export const AdminPvpFlagReviewBody = z
  .object({
    from: Day,
    to: Day,
    key: z.string().min(1).max(200),
    revision: z.number().int().min(0),
    firstHandId: z.number().int().positive(),
    lastHandId: z.number().int().positive(),
    decision: PvpFlagDecision,
    reason: z.string().trim().min(1).max(500),
    raiseRisk: z.boolean().default(false),
  })
  .strict()
  .refine((b) => !b.raiseRisk || b.decision === 'confirmed', {
    path: ['raiseRisk'],
    params: { reason: 'INVALID' },
  });
export type AdminPvpFlagReviewBody = z.infer<typeof AdminPvpFlagReviewBody>;

export const AdminPvpRake = z.object({
  rows: z.array(z.object({ tableId: z.string(), day: Day, hands: z.number().int(), rake: Amount, pots: Amount })),
  totals: z.object({ hands: z.number().int(), rake: Amount, pots: Amount }),
});
export type AdminPvpRake = z.infer<typeof AdminPvpRake>;

const MemberRef = z.object({ memberId: z.number().int().nullable(), name: z.string() });

/** What identifies a flag and its review across computations. */
const FlagIdentity = {
  /** The flag's kind, members and stake: the same flag computed again has the same key. */
  key: z.string(),
  firstHandId: z.number().int(),
  lastHandId: z.number().int(),
  review: PvpFlagReview,
};

export const AdminPvpIntegrity = z.object({
  hands: z.number().int(),
  /** The thresholds the report used (the brand setting pvpIntegrity), money in major units. */
  thresholds: z.object({
    dumpMinAmount: Amount,
    dumpMinHands: z.number().int(),
    dumpMinSuspiciousPercent: z.number().int(),
    dumpBigFoldBigBlinds: z.number().int(),
    softMinSharedStreets: z.number().int(),
    softMaxSharedAggressionPercent: z.number().int(),
    softMinOtherAggressionPercent: z.number().int(),
    linkedMinHands: z.number().int(),
  }),
  /** Flags of the days by review state, before the `state` filter. */
  counts: z.object({ open: z.number().int(), cleared: z.number().int(), confirmed: z.number().int() }),
  chipDumping: z.array(
    z.object({
      ...FlagIdentity,
      from: MemberRef,
      to: MemberRef,
      tables: z.array(z.string()),
      lost: Amount,
      lostBack: Amount,
      hands: z.number().int(),
      suspiciousAmount: Amount,
      bigFolds: z.number().int(),
      weakAllIns: z.number().int(),
      handIds: z.array(z.number().int()),
    }),
  ),
  softPlay: z.array(
    z.object({
      ...FlagIdentity,
      a: MemberRef,
      b: MemberRef,
      /** The stake level every counted street was played at. */
      currency: z.string(),
      bigBlind: Amount,
      tables: z.array(z.string()),
      sharedStreets: z.number().int(),
      sharedAggressive: z.number().int(),
      otherStreets: z.number().int(),
      otherAggressive: z.number().int(),
      handIds: z.array(z.number().int()),
    }),
  ),
  /** Linked accounts at a table: members dealt in together who share a sign-in address or a device. */
  linkedAccounts: z.array(
    z.object({
      ...FlagIdentity,
      /** The two members (the lower member id first). */
      a: MemberRef,
      b: MemberRef,
      /** What they share per the risk module's links, masked as the linked-accounts queue shows it. */
      shared: z.array(
        z.object({
          kind: z.enum(['ip', 'device']),
          value: z.string(),
          /** The link's review in the linked-accounts queue. */
          status: z.enum(['pending', 'confirmed', 'dismissed']),
        }),
      ),
      /** Hands both were dealt into over the days, the tables, and the first 50 of the hands. */
      hands: z.number().int(),
      tables: z.array(z.string()),
      handIds: z.array(z.number().int()),
    }),
  ),
});
export type AdminPvpIntegrity = z.infer<typeof AdminPvpIntegrity>;
