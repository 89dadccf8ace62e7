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

export const AdminPvpRake = z.object({
  rows: z.array(z.object({ tableId: z.string(), day: Day, hands: z.number().int(), rake: Amount, pots: Amount })),
  totals: z.object({ hands: z.number().int(), rake: Amount, pots: Amount }),
});
export type AdminPvpRake = z.infer<typeof AdminPvpRake>;

const MemberRef = z.object({ memberId: z.number().int().nullable(), name: z.string() });

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
  }),
  chipDumping: z.array(
    z.object({
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
      a: MemberRef,
      b: MemberRef,
      tables: z.array(z.string()),
      sharedStreets: z.number().int(),
      sharedAggressive: z.number().int(),
      otherStreets: z.number().int(),
      otherAggressive: z.number().int(),
      handIds: z.array(z.number().int()),
    }),
  ),
});
export type AdminPvpIntegrity = z.infer<typeof AdminPvpIntegrity>;
