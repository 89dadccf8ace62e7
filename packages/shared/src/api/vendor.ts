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

export const VendorBalanceRequest = z
  .object({ ...base, token: GameTokenField.optional(), player: PlayerField.optional() })
  .refine((b) => b.token !== undefined || b.player !== undefined, { message: 'token or player is required' });

export const VendorBetRequest = z.object({
  ...base,
  token: GameTokenField,
  player: PlayerField,
  gameCode: Ident(64),
  roundId: Ident(128),
  transactionId: Ident(128),
  amount: MinorAmount,
  currency: CurrencyField,
});

export const VendorWinRequest = z.object({
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
});

export const VendorRollbackRequest = z.object({
  ...base,
  player: PlayerField,
  roundId: Ident(128),
  transactionId: Ident(128),
  /** The bet to reverse; may be unknown (recorded, answered OK, a late bet with that id is refused). */
  rollbackTransactionId: Ident(128),
});

export const VendorWalletResponse = z.object({
  status: z.string(),
  /** The member's cash balance in minor units (0 when the player is not known). */
  balance: z.number().int(),
  currency: z.string(),
  requestId: z.string(),
  /** Balance calls with a token only: the player id to send on bet, win and rollback. */
  player: z.string().optional(),
});

export type VendorBalanceRequest = z.infer<typeof VendorBalanceRequest>;
export type VendorBetRequest = z.infer<typeof VendorBetRequest>;
export type VendorWinRequest = z.infer<typeof VendorWinRequest>;
export type VendorRollbackRequest = z.infer<typeof VendorRollbackRequest>;
export type VendorWalletResponse = z.infer<typeof VendorWalletResponse>;

// ---- operator: reconciliation per vendor and UTC day

export const ReconciliationParams = z.object({ vendor: VendorCodeField });
export const ReconciliationQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

const CountSum = z.object({ count: z.number().int(), amount: z.number().int() });

/**
 * Minor units. net = bets - rollbacks - wins (the house's gaming result with this vendor that day).
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
  unknownRollbacks: z.number().int(),
  net: z.number().int(),
  ledger: z.object({ credits: z.number().int(), debits: z.number().int(), net: z.number().int() }),
  matches: z.boolean(),
});
export type ReconciliationValue = z.infer<typeof ReconciliationValue>;
